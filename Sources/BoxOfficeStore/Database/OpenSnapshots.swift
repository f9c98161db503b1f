import BoxOfficeCore
import Foundation
import KOBIS

/// The store's long reads (an export's snapshot): each holds one of a few connection slots of its own while it runs,
/// waits (up to a limit) for one when all are taken, and ``BoxOfficeDatabase/shutdown()`` ends the open ones and
/// waits for their connections to come back before it stops the thread that closes SQLite's connections.
///
/// Slots rather than a pool: SQLite's pools hold one connection per event loop, so a read sent to a loop whose
/// connection was taken waited for it while another loop's stood idle.
final class OpenSnapshots: Sendable {
    private struct State {
        var closing = false
        var free: [Int]
        /// Each open read, with how to cancel the part of it that waits (once it has begun).
        var open: [UUID: (@Sendable () -> Void)?] = [:]
        var queued: [(id: UUID, waiter: CheckedContinuation<Int, any Error>)] = []
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    /// An open read's waiting part: the work inside its transaction, which ``close()`` cancels.
    struct Scope: Sendable {
        fileprivate let id: UUID
        fileprivate let owner: OpenSnapshots
        /// The connection slot the read holds.
        let slot: Int

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

    private let state: Locked<State>
    private let wait: Duration
    /// How many reads may run at once.
    let slotCount: Int

    /// `slots` connections for snapshots; a read waits up to `wait` for one.
    init(slots: Int, wait: Duration) {
        slotCount = max(1, slots)
        state = Locked(State(free: Array(0..<slotCount)))
        self.wait = wait
    }

    /// Runs `read` on a free slot, which it holds until it returns; ``close()`` waits for it.
    ///
    /// - Throws: ``BoxOfficeError/storage(_:)`` once the store is shutting down or when no slot came free in time,
    ///   or what `read` throws.
    func run<Result: Sendable>(_ read: (Scope) async throws -> Result) async throws -> Result {
        let id = UUID()
        let slot = try await take(id)
        defer { give(slot, id) }
        return try await read(Scope(id: id, owner: self, slot: slot))
    }

    /// Refuses new reads, cancels the open ones and returns when every one has ended (its connection given back).
    func close() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let (cancels, queued) = state.withLock {
                state -> ([@Sendable () -> Void]?, [CheckedContinuation<Int, any Error>]) in
                state.closing = true
                let queued = state.queued.map(\.waiter)
                state.queued = []
                guard !state.open.isEmpty else { return (nil, queued) }
                state.drained.append(waiter)
                return (state.open.values.compactMap { $0 }, queued)
            }
            for queued in queued { queued.resume(throwing: Self.shuttingDown) }
            guard let cancels else { return waiter.resume() }
            for cancel in cancels { cancel() }
        }
    }

    private static let shuttingDown = BoxOfficeError.storage("The database is shutting down.")

    /// A free slot for read `id` (registered as open), waiting in turn for one when all are taken.
    private func take(_ id: UUID) async throws -> Int {
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Int, any Error>) in
            let outcome = state.withLock { state -> Result<Int, any Error>? in
                guard !state.closing else { return .failure(Self.shuttingDown) }
                if let slot = state.free.popLast() {
                    state.open[id] = .some(nil)
                    return .success(slot)
                }
                state.queued.append((id, waiter))
                return nil
            }
            if let outcome { return waiter.resume(with: outcome) }
            // Every slot is taken: give up after `wait` unless one came free first.
            Task { [wait] in
                try? await Task.sleep(for: wait)
                let expired = self.state.withLock { state -> CheckedContinuation<Int, any Error>? in
                    guard let index = state.queued.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.queued.remove(at: index).waiter
                }
                expired?.resume(throwing: BoxOfficeError.storage("Every snapshot connection stayed busy."))
            }
        }
    }

    /// Gives `slot` back (to the first read waiting, if any) and ends read `id`.
    private func give(_ slot: Int, _ id: UUID) {
        let (next, drained) = state.withLock {
            state -> (CheckedContinuation<Int, any Error>?, [CheckedContinuation<Void, Never>]) in
            state.open[id] = nil
            var next: CheckedContinuation<Int, any Error>?
            if !state.closing, !state.queued.isEmpty {
                let first = state.queued.removeFirst()
                state.open[first.id] = .some(nil)
                next = first.waiter
            } else {
                state.free.append(slot)
            }
            guard state.open.isEmpty else { return (next, []) }
            defer { state.drained = [] }
            return (next, state.drained)
        }
        next?.resume(returning: slot)
        for waiter in drained { waiter.resume() }
    }
}
