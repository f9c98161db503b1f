import BoxOfficeCore
import Foundation
import Hummingbird
import KOBIS
import NIOCore

/// Finished pages whose inputs cannot change for a while (a settled chart, a settled period, a film's page), so a
/// popular page is rendered, compressed and hashed once instead of on every request. The caller decides what goes in
/// the key and until when an entry may be served; the cache bounds its size in bytes, each entry counted with both
/// encodings, its key and ``entryOverhead`` (so many small answers under long keys cannot hold more than the budget
/// says), dropping the least recently used first in constant time. Nothing about the reader is in a kept page: the
/// header's per-person links are filled in by the page script from `GET /session`.
final class RenderedPageCache: Sendable {
    /// Everything a cached page's HTML depends on beyond what its `until` date covers.
    struct Key: Hashable, Sendable {
        var path: String
        /// The raw query string: links and forms on the page echo it.
        var query: String
        var language: Language
        var variant: String

        /// The bytes its text holds.
        var byteCount: Int { path.utf8.count + query.utf8.count + variant.utf8.count }
    }

    /// What an entry holds beyond its text: the table's slot, the strings' and buffers' allocations.
    static let entryOverhead = 512

    private struct Entry {
        var body: EncodedBody
        var until: Date
        var lastUse: UInt64
        var cost: Int
    }

    private struct Use {
        var clock: UInt64
        var key: Key
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Every use in order, oldest first: the least recently used entry is the first whose last use is here.
        /// Uses a later one overtook are skipped when met, and dropped when they outnumber the entries.
        var uses = CircularBuffer<Use>()
        var bytes = 0
        var clock: UInt64 = 0

        /// Marks the entry `key` names (one not expired at `now`) as the most recently used. The log holds the
        /// table's own copy of the key, whose text it shares: a request's copy of a long query would otherwise be
        /// kept once per use, beside the budget.
        mutating func use(_ key: Key, now: Date) {
            guard let index = entries.index(forKey: key) else { return }
            clock &+= 1
            entries.values[index].lastUse = clock
            uses.append(Use(clock: clock, key: entries.keys[index]))
            if uses.count > 2 * entries.count + 64 { compact(now: now) }
        }

        mutating func remove(_ key: Key) {
            guard let old = entries.removeValue(forKey: key) else { return }
            bytes -= old.cost
        }

        /// Drops the least recently used entry; false when none is left.
        mutating func dropLeastRecentlyUsed() -> Bool {
            while let first = uses.popFirst() {
                if entries[first.key]?.lastUse == first.clock {
                    remove(first.key)
                    return true
                }
            }
            return false
        }

        /// Keeps only each entry's last use, in order, and drops the entries expired at `now`: linear, once in as
        /// many uses.
        mutating func compact(now: Date) {
            for (key, entry) in entries where entry.until <= now { remove(key) }
            var live = CircularBuffer<Use>(initialCapacity: entries.count)
            for use in uses where entries[use.key]?.lastUse == use.clock { live.append(use) }
            uses = live
        }
    }

    /// A page as a request made it, and until when it may be kept (`nil`: not kept).
    struct Made: Sendable {
        var body: EncodedBody
        var until: Date?
    }

    private let state = Locked(State())
    private let flights = AnswerFlights<Key, Result<EncodedBody, any Error>>()
    /// The most bytes kept at once.
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
            guard let entry = state.entries[key] else { return nil }
            guard now < entry.until else {
                state.remove(key)
                return nil
            }
            state.use(key, now: now)
            return (entry.body, entry.until)
        }
    }

    /// The page for `key`: the kept one, or the one `make` makes, kept until the date it gives. Requests for a page
    /// not kept that arrive while another request makes it wait for it (``AnswerFlights``), so thirty at once, as when
    /// a popular page expires at midnight, cost one rendering. They are given what that request got, whatever it
    /// was: a page not to be kept (a stale chart) or an error (KOBIS timed out) is what they would have got a moment
    /// later, and making it again would double their wait and call KOBIS once each. Nothing of the reader is in these
    /// pages. Only a request cancelled while making it leaves the others to make their own.
    func page(for key: Key, now: Date, make: () async throws -> Made) async throws -> EncodedBody {
        if let body = body(for: key, now: now) { return body }
        switch await flights.join(key, kept: { body(for: key, now: now).map { .success($0) } }) {
        case .shared(let result?):
            return try result.get()
        case .shared(nil):
            return try await keep(make(), for: key, now: now)
        case .first:
            do {
                let body = try await keep(make(), for: key, now: now)
                flights.land(key, with: .success(body))
                return body
            } catch {
                flights.land(key, with: Self.isCancellation(error) ? nil : .failure(error))
                throw error
            }
        }
    }

    /// Whether `error` says the request making a page was cancelled, not that the page could not be made.
    private static func isCancellation(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError, BoxOfficeError.upstream(.cancelled), KOBISError.cancelled: return true
        default: return false
        }
    }

    /// How many requests wait for a page another request is making.
    var waitingCount: Int { flights.waitingCount }

    private func keep(_ made: Made, for key: Key, now: Date) -> EncodedBody {
        if let until = made.until { store(made.body, for: key, until: until, now: now) }
        return made.body
    }

    /// Keeps `body` for `key` until `until`, unless it is already expired or costs more than a quarter of the budget.
    func store(_ body: EncodedBody, for key: Key, until: Date, now: Date) {
        let cost = body.byteCount + key.byteCount + Self.entryOverhead
        guard until > now, cost <= byteBudget / 4 else { return }
        state.withLock { state in
            state.remove(key)
            while state.bytes + cost > byteBudget, state.dropLeastRecentlyUsed() {}
            state.entries[key] = Entry(body: body, until: until, lastUse: 0, cost: cost)
            state.bytes += cost
            state.use(key, now: now)
        }
    }

    /// How many pages and bytes are held now.
    var usage: (pages: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
