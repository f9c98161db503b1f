import FluentKit
import FluentSQL
import Foundation

/// Creates `kobis_quota`: the quota ledger's counters, one row per KOBIS key and KST day (`YYYY-MM-DD`), with the
/// calls of each purpose and their total `used`, which ``FluentQuotaLedgerStore`` raises in one statement.
struct CreateKOBISQuota: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateKOBISQuota" }

    func prepare(on database: any Database) async throws {
        var schema = database.schema(FluentQuotaLedgerStore.table)
            .field("key_id", .string, .required)
            .field("day", .string, .required)
        for column in FluentQuotaLedgerStore.purposeColumns + ["used"] {
            schema = schema.field(.string(column), .int, .required, .sql(.default(0)))
        }
        try await schema.compositeIdentifier(over: "key_id", "day").create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentQuotaLedgerStore.table).delete()
    }
}
