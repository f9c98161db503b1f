public import KOBIS

/// Where the quota ledger keeps its per-key, per-KST-day counters: one row per key and day, shared by every
/// instance on the database, changed atomically.
public protocol QuotaLedgerStore: Sendable {
    /// Counts `calls` calls (at least one) for `purpose` on `day` if the day's total stays within `ceiling` (`nil`:
    /// no ceiling), all or none.
    ///
    /// - Returns: `true` when the calls were counted (and may be made), `false` when the day holds more than
    ///   `ceiling` − `calls` calls (nothing counted).
    func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int, ceiling: Int?) async throws
        -> Bool
    /// Takes back `calls` calls of `purpose` counted on `day` and never made (no further than the purpose's count).
    func giveBack(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int) async throws
    /// The calls counted on `day`, by purpose (purposes with no call may be missing).
    func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int]
}

extension QuotaLedgerStore {
    /// Counts one call (``spend(keyID:day:purpose:calls:ceiling:)``).
    public func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, ceiling: Int?) async throws -> Bool {
        try await spend(keyID: keyID, day: day, purpose: purpose, calls: 1, ceiling: ceiling)
    }
}
