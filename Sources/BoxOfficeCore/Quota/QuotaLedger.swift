public import Foundation
public import KOBIS

/// Counts every KOBIS call against the key's day (KST) in the store that every instance shares, and refuses a
/// call that would pass the ceiling of its purpose (``QuotaPolicy``).
public struct QuotaLedger: Sendable {
    private let store: any QuotaLedgerStore
    /// Names the key in the store without revealing it (a digest, or `sample`).
    public let keyID: String
    public let policy: QuotaPolicy
    private let calendar: BoxOfficeCalendar
    private let reportProblem: @Sendable (String) -> Void
    /// Calls this instance admitted (and counts it gave back) since it started: what changed the store from here
    /// (``recentUsage()``).
    private let countedHere = Locked(0)
    private let recent = RecentAnswerCache<RecentKey, QuotaUsage>()
    private let prepaid = PrepaidCalls(low: QuotaLedger.prepaidBlock / 2)

    /// How many background calls one store write counts ahead (``admit(_:)``): a sync's eight workers write once a
    /// round of calls instead of eight times.
    public static let prepaidBlock = 8

    private struct RecentKey: Hashable, Sendable {
        var day: CalendarDate
        var countedHere: Int
    }

    /// - Parameter reportProblem: told when the store cannot count a call (the app logs it).
    public init(
        store: any QuotaLedgerStore, keyID: String, policy: QuotaPolicy, calendar: BoxOfficeCalendar,
        reportProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.keyID = keyID
        self.policy = policy
        self.calendar = calendar
        self.reportProblem = reportProblem
    }

    /// Counts one call for `purpose` today (KST).
    ///
    /// Background calls (the keeper's, backfills', `sync`'s) are counted ``prepaidBlock`` at a time, before they are
    /// made, and taken one by one; the ceiling still holds (a block that would pass it is counted call by call), and
    /// ``giveBackPrepaid(_:)`` returns what a run did not use.
    ///
    /// A call made for an import (``ImportLookupAllowance/current`` is set) is background work whatever its
    /// purpose: it first spends the person's import budget, then stops at limit − reserve like the keeper's, so
    /// readers keep their reserve whatever anyone imports.
    ///
    /// - Throws: ``KOBISError/callLimitReached`` when today's calls reached the ceiling of `purpose`, or the import's
    ///   budget is spent. When the store cannot count, a reader's call goes ahead (a page matters more than one
    ///   uncounted call) and a background call is refused, so background work never spends what it cannot count.
    public func admit(_ purpose: KOBISCallPurpose = KOBISCallPurpose.current) async throws {
        let day = calendar.today
        let importing = ImportLookupAllowance.current
        if let importing, await !importing.take() { throw KOBISError.callLimitReached }
        let forReaders = purpose.isForReaders && importing == nil
        let counted: Bool
        do {
            if forReaders || importing != nil {
                // Readers' calls and an import's are counted one by one: each may be the last its bound allows.
                counted = try await spend(1, day: day, purpose: purpose, forReaders: forReaders)
            } else {
                counted = try await takePrepaid(PrepaidCalls.Key(day: day, purpose: purpose))
            }
        } catch {
            reportProblem("the quota ledger could not count a KOBIS call: \(error)")
            if forReaders { return }
            importing?.refuse()
            throw KOBISError.callLimitReached
        }
        if !counted {
            importing?.refuse()
            throw KOBISError.callLimitReached
        }
        countedHere.withLock { $0 &+= 1 }
    }

    /// Gives back the background calls of `purpose` counted ahead and not made. The sync engine calls it when a run
    /// ends, so the ledger then holds the calls made; a process that ends without it leaves at most a block and a
    /// half (12) of a purpose counted too many, never too few.
    public func giveBackPrepaid(_ purpose: KOBISCallPurpose = KOBISCallPurpose.current) async {
        for (key, calls) in await prepaid.settle(purpose) {
            do {
                try await store.giveBack(keyID: keyID, day: key.day, purpose: key.purpose, calls: calls)
                countedHere.withLock { $0 &+= 1 }
            } catch {
                reportProblem("the quota ledger could not give back \(calls) calls counted ahead: \(error)")
            }
        }
    }

    /// Takes a call counted ahead for `key`, waiting for a block to be counted when none is left (or a single call
    /// when a block would pass the ceiling); false when not even one call fits. A take that leaves half a block or
    /// less starts counting the next one, so the calls after it seldom wait.
    private func takePrepaid(_ key: PrepaidCalls.Key) async throws -> Bool {
        while true {
            let (taken, refill) = prepaid.take(key)
            if taken {
                if refill { _ = prepaid.refill(key, with: { try await countAhead(key) }) }
                return true
            }
            // When nothing more fits, a count that ended just before this one may still have left a call.
            guard try await prepaid.refill(key, with: { try await countAhead(key) }).value > 0 else {
                return prepaid.take(key).taken
            }
        }
    }

    /// Counts a block of calls for `key`, or one when a block would pass the ceiling: how many it counted.
    private func countAhead(_ key: PrepaidCalls.Key) async throws -> Int {
        for calls in [Self.prepaidBlock, 1]
        where try await spend(calls, day: key.day, purpose: key.purpose, forReaders: false) {
            return calls
        }
        return 0
    }

    private func spend(_ calls: Int, day: CalendarDate, purpose: KOBISCallPurpose, forReaders: Bool) async throws
        -> Bool
    {
        try await store.spend(
            keyID: keyID, day: day, purpose: purpose, calls: calls,
            ceiling: forReaders ? policy.ceiling(for: purpose) : policy.backgroundCeiling)
    }

    /// Today's usage (KST).
    public func usage() async throws -> QuotaUsage {
        try await usage(on: calendar.today)
    }

    /// How many calls this instance has admitted (and gave back) since it started: a changed number means the store
    /// may have changed here.
    var callsCountedHere: Int { countedHere.withLock { $0 } }

    /// Today's usage as a status shows it, counted again once this instance has counted a call since, or a second
    /// after (what other instances counted shows then): a status asked for thousands of times a second costs one
    /// store query a second.
    public func recentUsage() async throws -> QuotaUsage {
        let key = RecentKey(day: calendar.today, countedHere: callsCountedHere)
        return try await recent.value(for: key) { try await usage(on: key.day) }
    }

    /// The usage of `day`.
    public func usage(on day: CalendarDate) async throws -> QuotaUsage {
        QuotaUsage(day: day, policy: policy, byPurpose: try await store.usage(keyID: keyID, day: day))
    }

    /// When the next KST day starts: the moment a spent quota is whole again.
    public var nextDayStart: Date { calendar.nextDayStart }
}
