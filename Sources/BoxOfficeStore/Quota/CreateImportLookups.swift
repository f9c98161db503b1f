import FluentKit
import FluentSQL
import Foundation

/// Creates `import_lookups`: the KOBIS look-ups each person's imports made per KST day (`YYYY-MM-DD`), which
/// ``FluentImportLookupBudgetStore`` raises in one statement. A person's rows go with their account.
struct CreateImportLookups: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateImportLookups" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentImportLookupBudgetStore.table)
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("day", .string, .required)
            .field("used", .int, .required, .sql(.default(0)))
            .compositeIdentifier(over: "user_id", "day")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentImportLookupBudgetStore.table).delete()
    }
}
