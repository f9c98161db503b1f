public import BoxOfficeCore
import FluentKit
import Foundation
import KOBIS
import SQLKit

/// Each person's import look-ups per KST day in `import_lookups`, shared by every instance on the database.
///
/// A look-up is counted by one upsert that creates the day's row or raises it only while it is under the limit, as
/// the quota ledger's counters are: PostgreSQL locks the row, SQLite serialises writers, so no number of imports
/// and instances spending together takes a person past the limit.
struct FluentImportLookupBudgetStore: ImportLookupBudgetStore {
    let database: any Database

    static let table = "import_lookups"

    func spend(userID: UUID, day: CalendarDate, limit: Int) async throws -> Bool {
        guard limit > 0 else { return false }
        return try await StorageFailure.run("count an import look-up", logger: database.logger) {
            let query: SQLQueryString =
                """
                INSERT INTO \(ident: Self.table) (user_id, day, used) VALUES (\(bind: userID), \(bind: day.isoString), 1)
                ON CONFLICT (user_id, day) DO UPDATE SET used = \(ident: Self.table).used + 1
                WHERE \(ident: Self.table).used < \(bind: limit) RETURNING used
                """
            return try await database.requireSQL().raw(query).first() != nil
        }
    }

    func spent(userID: UUID, day: CalendarDate) async throws -> Int {
        try await StorageFailure.run("read import look-ups", logger: database.logger) {
            let row = try await database.requireSQL().select().column("used").from(Self.table)
                .where("user_id", .equal, userID).where("day", .equal, day.isoString).first()
            return try row?.decode(column: "used", as: Int.self) ?? 0
        }
    }
}

extension BoxOfficeDatabase {
    /// Each person's import look-ups per KST day, shared by every instance on this database.
    public func importLookupBudgetStore() -> any ImportLookupBudgetStore {
        FluentImportLookupBudgetStore(database: database)
    }
}
