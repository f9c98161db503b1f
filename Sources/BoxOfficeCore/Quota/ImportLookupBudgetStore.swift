public import Foundation
public import KOBIS

/// Where each person's import look-ups are counted: one row per person and KST day, shared by every instance on the
/// database, changed atomically (as the quota ledger's counters are).
public protocol ImportLookupBudgetStore: Sendable {
    /// Counts one KOBIS look-up of `userID`'s imports on `day` if that day holds fewer than `limit`.
    ///
    /// - Returns: `true` when it was counted (the call may be made), `false` when the day already holds `limit`.
    func spend(userID: UUID, day: CalendarDate, limit: Int) async throws -> Bool
    /// The look-ups counted for `userID` on `day`.
    func spent(userID: UUID, day: CalendarDate) async throws -> Int
}
