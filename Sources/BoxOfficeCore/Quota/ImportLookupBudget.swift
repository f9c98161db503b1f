public import Foundation

/// Each person's daily budget of KOBIS look-ups for imports (`BOXOFFICE_IMPORT_LOOKUPS_PER_DAY`): the diary's
/// Letterboxd import and both watchlist imports spend it, counted per KST day in the store every instance shares.
public struct ImportLookupBudget: Sendable {
    /// The look-ups a person's imports may make by default per KST day.
    public static let defaultPerDay = 100

    let store: any ImportLookupBudgetStore
    /// Look-ups per person and KST day.
    public let perDay: Int
    let calendar: BoxOfficeCalendar

    public init(
        store: any ImportLookupBudgetStore, perDay: Int = ImportLookupBudget.defaultPerDay, calendar: BoxOfficeCalendar
    ) {
        self.store = store
        self.perDay = max(0, perDay)
        self.calendar = calendar
    }

    /// Runs `body` as an import of `userID`'s: the KOBIS calls it makes spend the person's budget of today and stop
    /// at the quota's limit − reserve (``QuotaLedger/admit(_:)``).
    public func run<Value: Sendable>(for userID: UUID, _ body: () async throws -> Value) async rethrows -> Value {
        let allowance = ImportLookupAllowance(spend: { [store, calendar, perDay] in
            try await store.spend(userID: userID, day: calendar.today, limit: perDay)
        })
        return try await ImportLookupAllowance.$current.withValue(allowance) { try await body() }
    }

    /// Runs `body` as an import without a per-person budget (tests, tools): its calls still stop at limit − reserve.
    public static func runWithoutBudget<Value: Sendable>(_ body: () async throws -> Value) async rethrows -> Value {
        try await ImportLookupAllowance.$current.withValue(ImportLookupAllowance(spend: { true })) { try await body() }
    }
}
