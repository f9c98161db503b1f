import BoxOfficeCore
import Foundation
import Hummingbird
import KOBIS

/// Finished pages whose inputs cannot change for a while (a settled chart, a settled period, a film's page), so a
/// popular page is rendered, compressed and hashed once instead of on every request. The caller decides what goes in
/// the key and until when an entry may be served; the cache only bounds its size in bytes (both encodings counted),
/// dropping expired entries first and then the least recently used. Nothing about the reader is in a kept page: the
/// header's per-person links are filled in by the page script from `GET /session`.
final class RenderedPageCache: Sendable {
    /// Everything a cached page's HTML depends on beyond what its `until` date covers.
    struct Key: Hashable, Sendable {
        var path: String
        /// The raw query string: links and forms on the page echo it.
        var query: String
        var language: Language
        var variant: String
    }

    private struct Entry {
        var body: EncodedBody
        var until: Date
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Locked(State())
    /// The most bytes of HTML kept at once.
    let byteBudget: Int

    init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
    }

    /// The page for `key`, unless it is missing or expired at `now`.
    func body(for key: Key, now: Date) -> EncodedBody? {
        entry(for: key, now: now)?.body
    }

    /// The page for `key` and until when it may be served, unless it is missing or expired at `now`.
    func entry(for key: Key, now: Date) -> (body: EncodedBody, until: Date)? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            guard now < entry.until else {
                state.bytes -= entry.body.byteCount
                state.entries[key] = nil
                return nil
            }
            state.clock &+= 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return (entry.body, entry.until)
        }
    }

    /// Keeps `body` for `key` until `until`, unless it is already expired or bigger than a quarter of the budget.
    func store(_ body: EncodedBody, for key: Key, until: Date, now: Date) {
        let size = body.byteCount
        guard until > now, size <= byteBudget / 4 else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.body.byteCount }
            if state.bytes + size > byteBudget {
                for (expiredKey, entry) in state.entries where entry.until <= now {
                    state.entries[expiredKey] = nil
                    state.bytes -= entry.body.byteCount
                }
            }
            while state.bytes + size > byteBudget,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.body.byteCount
            }
            state.clock &+= 1
            state.entries[key] = Entry(body: body, until: until, lastUse: state.clock)
            state.bytes += size
        }
    }

    /// How many pages and bytes are held now.
    var usage: (pages: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
