public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// The browsers people logged in on, in `diary_login_devices`, shared by every instance on the database.
struct FluentLoginDeviceRepository: LoginDeviceRepository {
    static let devices = "diary_login_devices"

    let database: any Database

    func rememberDevice(tokenHash: String, userID: UUID, at date: Date, keeping: Int) async throws {
        try await StorageFailure.run("remember a browser", logger: database.logger) {
            try await database.transaction { transaction in
                // Under the account's lock, as its sessions are: two log-ins at once keep no more than `keeping`.
                try await DiaryUserLock.hold(userID: userID, on: transaction)
                let sql = try transaction.requireSQL()
                try await sql.insert(into: Self.devices)
                    .columns("id", "user_id", "token_hash", "created_at", "last_used_at")
                    .values(SQLBind(UUID()), SQLBind(userID), SQLBind(tokenHash), SQLBind(date), SQLBind(date))
                    .run()
                let table = SQLIdentifier(Self.devices)
                try await sql.raw(
                    """
                    DELETE FROM \(table) WHERE user_id = \(bind: userID) AND id NOT IN \
                    (SELECT id FROM \(table) WHERE user_id = \(bind: userID) ORDER BY last_used_at DESC, id \
                    LIMIT \(bind: max(keeping, 1)))
                    """
                ).run()
            }
        }
    }

    func deviceUser(tokenHash: String, at date: Date) async throws -> UUID? {
        try await StorageFailure.run("read a remembered browser", logger: database.logger) {
            let sql = try database.requireSQL()
            guard
                let row = try await sql.select().column("id").column("user_id").from(Self.devices)
                    .where("token_hash", .equal, SQLBind(tokenHash)).first()
            else { return nil }
            let id = try row.decode(column: "id", as: UUID.self)
            try await sql.update(Self.devices).set("last_used_at", to: SQLBind(date)).where("id", .equal, SQLBind(id))
                .run()
            return try row.decode(column: "user_id", as: UUID.self)
        }
    }

    func forgetDevices(userID: UUID) async throws {
        try await StorageFailure.run("forget a person's browsers", logger: database.logger) {
            try await database.requireSQL().delete(from: Self.devices).where("user_id", .equal, SQLBind(userID)).run()
        }
    }
}

extension FluentLoginDeviceRepository {
    func forgetDevices(unusedSince date: Date) async throws -> Int {
        try await StorageFailure.run("forget browsers unused for long", logger: database.logger) {
            // The count is what this instance saw; another purging at the same time may take some of the rows.
            let sql = try database.requireSQL()
            let counted = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
                .from(Self.devices).where("last_used_at", .lessThan, SQLBind(date)).first()
            let count = try counted?.decode(column: "count", as: Int.self) ?? 0
            guard count > 0 else { return 0 }
            try await sql.delete(from: Self.devices).where("last_used_at", .lessThan, SQLBind(date)).run()
            return count
        }
    }
}

extension BoxOfficeDatabase {
    /// The browsers people logged in on, shared by every instance on this database.
    public func loginDeviceRepository() -> any LoginDeviceRepository {
        FluentLoginDeviceRepository(database: database)
    }
}
