import FluentKit
import SQLKit

/// Creates `diary_login_devices`: the browsers each person logged in on, known by the SHA-256 of a cookie they hold,
/// so a log-in from one is counted apart from the username's. They go with their user.
struct CreateDiaryLoginDevices: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateDiaryLoginDevices" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FluentLoginDeviceRepository.devices)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_used_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
        try await database.requireSQL().create(index: "idx_diary_login_devices_user").on(
            FluentLoginDeviceRepository.devices
        ).column("user_id").column("last_used_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentLoginDeviceRepository.devices).delete()
    }
}
