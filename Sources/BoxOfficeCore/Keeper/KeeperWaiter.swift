import Foundation
import KOBIS

/// The keeper's one sleeping place: it waits for a deadline or until something wakes it (a stop, an
/// administrator's request on this instance), whichever comes first.
final class KeeperWaiter: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var wakeRequested = false
    }
    private let state = Locked(State())
    private let sleep: @Sendable (Date) async throws -> Void

    init(sleep: @escaping @Sendable (Date) async throws -> Void) {
        self.sleep = sleep
    }

    /// Waits until `deadline`, or less when woken or cancelled.
    func wait(until deadline: Date) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await self.sleep(deadline) }
            group.addTask { await self.waitForWake() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Ends the current wait, or the next one at once when none is under way.
    func wake() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let continuation = state.continuation else {
                state.wakeRequested = true
                return nil
            }
            state.continuation = nil
            return continuation
        }
        waiting?.resume()
    }

    private func waitForWake() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checked under the lock the cancellation handler takes, so a cancellation is never missed.
                let resumeNow = state.withLock { state -> Bool in
                    if state.wakeRequested || Task.isCancelled {
                        state.wakeRequested = false
                        return true
                    }
                    state.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume()
        }
    }
}
