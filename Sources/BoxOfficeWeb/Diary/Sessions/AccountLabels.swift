import Crypto
import Foundation
import KOBIS

/// Whom each recently seen session cookie signs in, as a page's `X-BoxOffice-Account` label, kept for ``lifetime``:
/// every page asks, and a database read for each made a signed-in reader's kept page cost five times an anonymous
/// one's. Kept under a SHA-256 of the cookie, never the cookie itself; at most ``capacity`` at once (past it the old
/// ones go, then all). A session ended on another instance is seen within the lifetime; one ended here (a log-out, a
/// password changed, an account deleted) is forgotten at once.
final class AccountLabels: Sendable {
    private struct Entry {
        var label: String
        var taken: ContinuousClock.Instant
    }

    private let entries = Locked([SHA256Digest: Entry]())
    let lifetime: Duration
    let capacity: Int
    private let now: @Sendable () -> ContinuousClock.Instant

    init(
        lifetime: Duration = .seconds(10), capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// The label kept for `cookie` while it is younger than the lifetime, else `lookup`'s, kept from now on.
    func label(for cookie: String, lookup: () async throws -> String) async throws -> String {
        let key = SHA256.hash(data: Data(cookie.utf8))
        let asked = now()
        let kept = entries.withLock { entries -> String? in
            guard let entry = entries[key], asked - entry.taken < lifetime else { return nil }
            return entry.label
        }
        if let kept { return kept }
        let label = try await lookup()
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil {
                entries = entries.filter { asked - $0.value.taken < lifetime }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = Entry(label: label, taken: asked)
        }
        return label
    }

    /// Forgets `cookie`'s label: its session ended on this instance.
    func forget(_ cookie: String) {
        let key = SHA256.hash(data: Data(cookie.utf8))
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }

    /// Forgets every label: sessions this instance cannot name ended (a password changed, an account deleted).
    func forgetAll() {
        entries.withLock { $0.removeAll() }
    }
}
