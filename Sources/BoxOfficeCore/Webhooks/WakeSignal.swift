import KOBIS

/// Wakes one waiting worker (the webhook dispatcher's) when there is new work; a signal sent while nobody waits is
/// kept for the next wait.
public final class WakeSignal: Sendable {
    private let state = Locked<(pending: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    public init() {}

    public func signal() {
        let waiter = state.withLock { value -> CheckedContinuation<Void, Never>? in
            if let waiter = value.waiter {
                value.waiter = nil
                return waiter
            }
            value.pending = true
            return nil
        }
        waiter?.resume()
    }

    /// Returns at a signal (or at once for one sent before), when `timeout` has passed, or when the task is cancelled.
    public func wait(timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForSignal() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForSignal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { value -> Bool in
                    if value.pending || Task.isCancelled {
                        value.pending = false
                        return true
                    }
                    value.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { value -> CheckedContinuation<Void, Never>? in
                defer { value.waiter = nil }
                return value.waiter
            }
            waiter?.resume()
        }
    }
}
