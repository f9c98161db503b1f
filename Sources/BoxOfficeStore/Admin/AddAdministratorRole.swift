import FluentKit
import FluentSQL
import Foundation

/// Adds the administrator role to diary accounts: `diary_users.is_admin`, false for every existing and new
/// account. Only `boxoffice admin grant` sets it, never sign-up.
struct AddAdministratorRole: AsyncMigration {
    var name: String { "BoxOfficeStore.AddAdministratorRole" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AdministratorFlagModel.schema)
            .field("is_admin", .bool, .required, .sql(.default(false)))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AdministratorFlagModel.schema).deleteField("is_admin").update()
    }
}

/// The columns of `diary_users` the administrator role needs (the diary's own model does not know the role).
final class AdministratorFlagModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_users"

    @ID(key: .id) var id: UUID?
    @Field(key: "username") var username: String
    @Field(key: "username_key") var usernameKey: String
    @Field(key: "is_admin") var isAdmin: Bool

    init() {}
}
