public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// The administrators' keeper settings in the single row of `keeper_controls` (`id` 1), shared by every instance.
///
/// Each change is one upsert of that row, so the first change creates it and later ones from any instance update
/// it; until the first change the settings are the defaults.
struct FluentKeeperControlStore: KeeperControlStore {
    let database: any Database

    static let table = "keeper_controls"
    /// The one row's key.
    private static let rowID = 1

    func controls() async throws -> KeeperControls {
        try await StorageFailure.run("read the keeper's controls", logger: database.logger) {
            let row = try await database.requireSQL().select()
                .columns("paused", "run_requested_at")
                .from(Self.table)
                .where("id", .equal, Self.rowID)
                .first()
            guard let row else { return KeeperControls() }
            return KeeperControls(
                paused: try row.decode(column: "paused", as: Bool.self),
                runRequestedAt: try row.decode(column: "run_requested_at", as: Date?.self))
        }
    }

    func setPaused(_ paused: Bool, at: Date) async throws {
        try await StorageFailure.run(paused ? "pause the keeper" : "resume the keeper", logger: database.logger) {
            try await database.requireSQL().raw(
                """
                INSERT INTO \(ident: Self.table) (id, paused, updated_at) VALUES (\(bind: Self.rowID), \(bind: paused), \(bind: at))
                ON CONFLICT (id) DO UPDATE SET paused = excluded.paused, updated_at = excluded.updated_at
                """
            ).run()
        }
    }

    func requestRun(at: Date) async throws {
        try await StorageFailure.run("ask the keeper to run", logger: database.logger) {
            try await database.requireSQL().raw(
                """
                INSERT INTO \(ident: Self.table) (id, paused, run_requested_at, updated_at)
                VALUES (\(bind: Self.rowID), \(bind: false), \(bind: at), \(bind: at))
                ON CONFLICT (id) DO UPDATE
                SET run_requested_at = excluded.run_requested_at, updated_at = excluded.updated_at
                """
            ).run()
        }
    }
}

extension BoxOfficeDatabase {
    /// What administrators asked of the keeper (pause, run now), shared by every instance on this database.
    public func keeperControlStore() -> any KeeperControlStore {
        FluentKeeperControlStore(database: database)
    }
}
