import BoxOfficeCore
import Foundation
import KOBIS

/// The store's long reads still open (an export's snapshot), so ``BoxOfficeDatabase/shutdown()`` can end them and
/// wait for their connections to come back before it stops the thread that closes SQLite's connections.
final class OpenSnapshots: Sendable {
    private struct State {
        var closing = false
        /// Each open read, with how to cancel the part of it that waits (once it has begun).
        var open: [UUID: (@Sendable () -> Void)?] = [:]
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    /// An open read's waiting part: the work inside its transaction, which ``close()`` cancels.
    struct Scope: Sendable {
        fileprivate let id: UUID
        fileprivate let owner: OpenSnapshots

        /// Runs `body` in a task of its own that ``OpenSnapshots/close()`` cancels. Fluent runs a transaction's
        /// closure in a task of its own too, so the caller's cancellation would never reach it.
        func cancellable<Result: Sendable>(
            _ body: @escaping @Sendable () async throws -> Result
        ) async throws -> Result {
            let task = Task { try await body() }
            let closing = owner.state.withLock { state in
                state.open[id] = { task.cancel() }
                return state.closing
            }
            if closing { task.cancel() }
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    private let state = Locked(State())

    /// Runs `read`, which holds a connection until it returns; ``close()`` waits for it.
    ///
    /// - Throws: ``BoxOfficeError/storage(_:)`` once the store is shutting down, or what `read` throws.
    func run<Result: Sendable>(_ read: (Scope) async throws -> Result) async throws -> Result {
        let id = UUID()
        let admitted = state.withLock { state in
            guard !state.closing else { return false }
            state.open[id] = .some(nil)
            return true
        }
        guard admitted else { throw BoxOfficeError.storage("The database is shutting down.") }
        defer {
            let drained = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open[id] = nil
                guard state.open.isEmpty else { return [] }
                defer { state.drained = [] }
                return state.drained
            }
            for waiter in drained { waiter.resume() }
        }
        return try await read(Scope(id: id, owner: self))
    }

    /// Refuses new reads, cancels the open ones and returns when every one has ended (its connection given back).
    func close() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let cancels = state.withLock { state -> [@Sendable () -> Void]? in
                state.closing = true
                guard !state.open.isEmpty else { return nil }
                state.drained.append(waiter)
                return state.open.values.compactMap { $0 }
            }
            guard let cancels else { return waiter.resume() }
            for cancel in cancels { cancel() }
        }
    }
}
