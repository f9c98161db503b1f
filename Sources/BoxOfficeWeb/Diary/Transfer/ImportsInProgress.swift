import Foundation
import KOBIS
import OpenAPIRuntime

/// The people whose import this server is reading or writing: one at a time each (the diary's import page, the
/// notes' and the watchlist's import operations and the watchlist's import page together), so one account cannot
/// hold many large files in memory at once, or many import transactions open; and at most ``limit`` at once in all,
/// so that many accounts cannot either (a file of tens of megabytes is held and read whole). Exports have their own
/// limit. A file that holds a place must arrive at ``pace``.
final class ImportsInProgress: Sendable {
    private let people = Locked(Set<UUID>())
    /// Imports this server reads at once, whoever sent them.
    let limit: Int
    /// The slowest a file may arrive while its import holds a place.
    let pace: UploadPace

    /// How long a refused import is told to wait: a large file takes tens of seconds.
    static let retryAfterSeconds = 30
    /// Two of the largest files read at once hold about a gigabyte at most (two 87 MB CSV files peaked at 900 MB).
    static let defaultLimit = 2

    init(limit: Int = ImportsInProgress.defaultLimit, pace: UploadPace = UploadPace()) {
        self.limit = max(1, limit)
        self.pace = pace
    }

    /// Runs `work` as `userID`'s import on `file` read at ``pace``, or throws
    /// ``WebError/importInProgress(retryAfterSeconds:)`` at once while another of theirs runs,
    /// ``WebError/importsBusy(retryAfterSeconds:)`` while ``limit`` others do.
    func run<T>(for userID: UUID, file: HTTPBody, _ work: (HTTPBody) async throws -> T) async throws -> T {
        try begin(userID)
        defer { end(userID) }
        return try await work(pace.paced(file))
    }

    /// Marks `userID`'s import as begun (``end(_:)`` ends it), or throws while another of theirs runs or the server
    /// reads as many as it takes.
    func begin(_ userID: UUID) throws(WebError) {
        enum Outcome { case begun, theirs, full }
        let outcome = people.withLock { people -> Outcome in
            if people.contains(userID) { return .theirs }
            if people.count >= limit { return .full }
            people.insert(userID)
            return .begun
        }
        switch outcome {
        case .begun: return
        case .theirs: throw .importInProgress(retryAfterSeconds: Self.retryAfterSeconds)
        case .full: throw .importsBusy(retryAfterSeconds: Self.retryAfterSeconds)
        }
    }

    func end(_ userID: UUID) {
        people.withLock { _ = $0.remove(userID) }
    }
}
