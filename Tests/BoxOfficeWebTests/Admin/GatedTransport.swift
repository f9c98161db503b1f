import Foundation
import KOBIS

/// Lets the first `passing` calls through to `base`, then holds every later call until ``open()``: a test can
/// act while a job is certainly mid-run, whatever the machine's speed. Cancelling a held call releases it.
final class GatedTransport: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let passing: Int
    private struct Gate {
        var calls = 0
        var isOpen = false
        var held: [UUID: CheckedContinuation<Void, any Error>] = [:]
    }
    private let gate = Locked(Gate())

    init(_ base: any HTTPTransport, passing: Int) {
        self.base = base
        self.passing = passing
    }

    /// How many calls have been held so far (released or not).
    var heldCalls: Int { gate.withLock { max(0, $0.calls - passing) } }

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
        let waiting = gate.withLock { gate -> [CheckedContinuation<Void, any Error>] in
            gate.isOpen = true
            defer { gate.held.removeAll() }
            return Array(gate.held.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    private func pass() async throws {
        let passing = passing
        let mustWait = gate.withLock { gate -> Bool in
            gate.calls += 1
            return !gate.isOpen && gate.calls > passing
        }
        guard mustWait else { return }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = gate.withLock { gate -> Bool in
                    if gate.isOpen || Task.isCancelled { return true }
                    gate.held[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = gate.withLock { $0.held.removeValue(forKey: id) }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
