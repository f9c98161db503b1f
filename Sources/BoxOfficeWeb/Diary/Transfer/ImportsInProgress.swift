import Foundation
import KOBIS

/// The people whose import this server is reading or writing: one at a time each (the diary's import page, the
/// notes' and the watchlist's import operations and the watchlist's import page together), so one account cannot
/// hold many large files in memory at once, or many import transactions open. Exports have their own limit.
final class ImportsInProgress: Sendable {
    private let people = Locked(Set<UUID>())

    /// How long a refused import is told to wait: a large file takes tens of seconds.
    static let retryAfterSeconds = 30

    /// Runs `work` as `userID`'s import, or throws ``WebError/importInProgress(retryAfterSeconds:)`` at once while
    /// another of theirs runs.
    func run<T>(for userID: UUID, _ work: () async throws -> T) async throws -> T {
        try begin(userID)
        defer { end(userID) }
        return try await work()
    }

    /// Marks `userID`'s import as begun (``end(_:)`` ends it), or throws while another of theirs runs.
    func begin(_ userID: UUID) throws(WebError) {
        let begun = people.withLock { $0.insert(userID).inserted }
        guard begun else { throw .importInProgress(retryAfterSeconds: Self.retryAfterSeconds) }
    }

    func end(_ userID: UUID) {
        people.withLock { _ = $0.remove(userID) }
    }
}
