public import Foundation

extension Process {
    /// Blocks until the process has ended, asking `isRunning` every 10 ms; past `limit` it is killed first. Foundation's
    /// `waitUntilExit()` runs a run loop on whatever thread calls it, and several at once crashed a whole test run
    /// (a bad pointer in `_CFRunLoopFinished`). Foundation's own thread notes the end; this only reads it.
    public func waitUntilEnded(killingAfter limit: TimeInterval = 300) {
        let deadline = Date().addingTimeInterval(limit)
        while isRunning {
            if Date() > deadline { kill(processIdentifier, SIGKILL) }
            usleep(10_000)
        }
    }
}
