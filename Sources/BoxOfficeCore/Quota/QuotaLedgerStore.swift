public import KOBIS

/// Where the quota ledger keeps its per-key, per-KST-day counters: one row per key and day, shared by every
/// instance on the database, changed atomically.
public protocol QuotaLedgerStore: Sendable {
    /// Counts one call for `purpose` on `day` if the day's total stays within `ceiling` (`nil`: no ceiling).
    ///
    /// - Returns: `true` when the call was counted (and may be made), `false` when the day already holds
    ///   `ceiling` calls (nothing counted).
    func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, ceiling: Int?) async throws -> Bool
    /// The calls counted on `day`, by purpose (purposes with no call may be missing).
    func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int]
}
