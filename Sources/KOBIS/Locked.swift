import Foundation

/// A value shared between tasks and threads, read and changed only while a lock is held.
///
/// The one lock type of this package, for the little synchronous shared state it has (counters, a memo,
/// a waiter to resume). It wraps `NSLock` because `Synchronization.Mutex` needs macOS 15 / iOS 18, and
/// the package supports macOS 14 / iOS 17. Use an actor instead where callers may await.
///
/// ```swift
/// let calls = Locked(0)
/// calls.withLock { $0 += 1 }
/// let total = calls.withLock { $0 }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// Guards `value` from now on.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, and returns what `body` returns.
    ///
    /// `body` must not block for long or take this lock again; it cannot `await`.
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
