import Foundation

/// A value guarded by a lock, for the little shared mutable state the simulator has (server
/// settings, call counts, the lazily built catalog).
final class LockedValue<Value>: @unchecked Sendable {
    // Safety: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
