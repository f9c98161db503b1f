public import BoxOfficeCore
import FluentKit
import Foundation
import KOBIS
import SQLKit

/// The quota ledger's counters in `kobis_quota`, shared by every instance on the database.
///
/// Calls are counted by one statement, an upsert that creates the day's row or raises its counters only while the
/// day's total stays within the ceiling, and answers the new total when it counted. The database applies it atomically
/// (PostgreSQL locks the row, SQLite serialises writers), so no number of instances and tasks spending together
/// ever takes the total past the ceiling.
struct FluentQuotaLedgerStore: QuotaLedgerStore {
    let database: any Database

    static let table = "kobis_quota"
    /// One counter column per purpose, in ``KOBISCallPurpose/allCases`` order.
    static let purposeColumns = KOBISCallPurpose.allCases.map(column(for:))

    /// The column that counts `purpose`: a fixed name, never taken from input.
    static func column(for purpose: KOBISCallPurpose) -> String {
        switch purpose {
        case .readers: "readers"
        case .keeper: "keeper"
        case .sync: "sync"
        case .backfill: "backfill"
        case .lookups: "lookups"
        }
    }

    func spend(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int, ceiling: Int?) async throws
        -> Bool
    {
        guard calls > 0 else { return true }
        if let ceiling, ceiling < calls { return false }
        return try await StorageFailure.run("count a KOBIS call", logger: database.logger) {
            let column = Self.column(for: purpose)
            let under: SQLQueryString =
                ceiling.map { " WHERE \(ident: Self.table).used <= \(bind: $0 - calls)" } ?? ""
            let query: SQLQueryString =
                """
                INSERT INTO \(ident: Self.table) (key_id, day, \(ident: column), used)
                VALUES (\(bind: keyID), \(bind: day.isoString), \(bind: calls), \(bind: calls))
                ON CONFLICT (key_id, day) DO UPDATE
                SET used = \(ident: Self.table).used + \(bind: calls),
                  \(ident: column) = \(ident: Self.table).\(ident: column) + \(bind: calls)
                """ + under + " RETURNING used"
            return try await database.requireSQL().raw(query).first() != nil
        }
    }

    func giveBack(keyID: String, day: CalendarDate, purpose: KOBISCallPurpose, calls: Int) async throws {
        guard calls > 0 else { return }
        try await StorageFailure.run("give back counted KOBIS calls", logger: database.logger) {
            let column = Self.column(for: purpose)
            try await database.requireSQL().raw(
                """
                UPDATE \(ident: Self.table)
                SET used = used - \(bind: calls), \(ident: column) = \(ident: column) - \(bind: calls)
                WHERE key_id = \(bind: keyID) AND day = \(bind: day.isoString) AND \(ident: column) >= \(bind: calls)
                """
            ).run()
        }
    }

    func usage(keyID: String, day: CalendarDate) async throws -> [KOBISCallPurpose: Int] {
        try await StorageFailure.run("read the KOBIS quota", logger: database.logger) {
            let row = try await database.requireSQL().select()
                .columns(Self.purposeColumns.map { SQLIdentifier($0) })
                .from(Self.table)
                .where("key_id", .equal, keyID)
                .where("day", .equal, day.isoString)
                .first()
            guard let row else { return [:] }
            var usage: [KOBISCallPurpose: Int] = [:]
            for purpose in KOBISCallPurpose.allCases {
                usage[purpose] = try row.decode(column: Self.column(for: purpose), as: Int.self)
            }
            return usage
        }
    }
}

extension BoxOfficeDatabase {
    /// The quota ledger's per-key, per-KST-day counters, shared by every instance on this database.
    public func quotaLedgerStore() -> any QuotaLedgerStore {
        FluentQuotaLedgerStore(database: database)
    }
}
