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
    /// Calls this instance counted since it started: what changed the store from here (``recentUsage()``).
    private let countedHere = Locked(0)
    private let recent = RecentAnswerCache<RecentKey, QuotaUsage>()

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
            counted = try await store.spend(
                keyID: keyID, day: day, purpose: purpose,
                ceiling: forReaders ? policy.ceiling(for: purpose) : policy.backgroundCeiling)
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

    /// Today's usage (KST).
    public func usage() async throws -> QuotaUsage {
        try await usage(on: calendar.today)
    }

    /// How many calls this instance has counted since it started: a changed number means the store changed here.
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
