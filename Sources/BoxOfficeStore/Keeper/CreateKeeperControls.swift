import FluentKit
import FluentSQL
import Foundation

/// Creates `keeper_controls`: what administrators asked of the keeper, one row (`id` 1) shared by every instance.
/// The row is written on the first change; until then the keeper runs with the defaults (not paused, no request).
struct CreateKeeperControls: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateKeeperControls" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentKeeperControlStore.table)
            .field("id", .int, .required)
            .field("paused", .bool, .required, .sql(.default(false)))
            .field("run_requested_at", .datetime)
            .field("updated_at", .datetime, .required)
            .compositeIdentifier(over: "id")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_keeper_controls_single_row CHECK (id = 1)"))
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentKeeperControlStore.table).delete()
    }
}
