import Foundation
import KOBIS

/// Lets the first `passing` calls through to `base`, then holds every later call until ``open()``: a test can
/// act while a job is certainly mid-run, whatever the machine's speed. Cancelling a held call releases it.
final class GatedTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let passing: Int
    private let lock = NSLock()
    private var calls = 0
    private var isOpen = false
    private var held: [UUID: CheckedContinuation<Void, any Error>] = [:]

    init(_ base: any HTTPTransport, passing: Int) {
        self.base = base
        self.passing = passing
    }

    /// How many calls have been held so far (released or not).
    var heldCalls: Int { lock.withLock { max(0, calls - passing) } }

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        try await pass()
        return try await base.get(url)
    }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        try await pass()
        return try await base.get(url, headers: headers)
    }

    /// Releases the held calls and lets every later one through.
    func open() {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            isOpen = true
            defer { held.removeAll() }
            return Array(held.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    private func pass() async throws {
        let mustWait = lock.withLock { () -> Bool in
            calls += 1
            return !isOpen && calls > passing
        }
        guard mustWait else { return }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = lock.withLock { () -> Bool in
                    if isOpen || Task.isCancelled { return true }
                    held[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = lock.withLock { held.removeValue(forKey: id) }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
