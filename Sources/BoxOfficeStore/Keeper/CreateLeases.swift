import FluentKit
import Foundation

/// Creates `leases`: named leases every instance on the database competes for (the keeper's leadership, a claim
/// on a cold chart), each held by one holder until `expires_at`.
struct CreateLeases: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateLeases" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentLeaseStore.table)
            .field("name", .string, .required)
            .field("holder", .string, .required)
            .field("expires_at", .datetime, .required)
            .compositeIdentifier(over: "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentLeaseStore.table).delete()
    }
}
