import FluentKit
import FluentSQL
import SQLKit

/// Creates the watchlist's tables: the films people want to see, their alerts, and what to do with a listed film
/// when a note about it is logged. An existing database gains them in place; nothing else changes.
///
/// The unique constraints carry the rules: a film is on a person's list once, and each kind of alert reaches a
/// person once per film, however many instances derive the same day.
struct CreateWatchlist: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateWatchlist" }

    static let entries = "watchlist_entries"
    static let alerts = "watchlist_alerts"
    static let preferences = "watchlist_preferences"

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()

        try await database.schema(Self.entries)
            .id()
            .field("user_id", .uuid, .required, .references("diary_users", .id, onDelete: .cascade))
            .field("movie_code", .string, .required)
            .field("title", .string, .required)
            .field("open_date", .string)
            .field("added_at", .datetime, .required)
            .unique(on: "user_id", "movie_code", name: "uq_watchlist_entries_user_movie")
            .create()
        // Watchers of a day's films, and of films opening that day: one query per stored chart.
        try await sql.create(index: "idx_watchlist_entries_movie_code").on(Self.entries).column("movie_code").run()
        try await sql.create(index: "idx_watchlist_entries_open_date").on(Self.entries).column("open_date").run()

        try await database.schema(Self.alerts)
            .id()
            .field("user_id", .uuid, .required, .references("diary_users", .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("movie_code", .string, .required)
            .field("title", .string, .required)
            .field("day", .string, .required)
            .field("is_read", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "movie_code", "kind", name: "uq_watchlist_alerts_user_movie_kind")
            .constraint(
                .sql(
                    unsafeRaw: "CONSTRAINT ck_watchlist_alerts_kind CHECK (kind IN "
                        + "('opened', 'back', 'top10', 'first', 'million', 'tenMillion', 'left'))")
            )
            .create()
        try await sql.create(index: "idx_watchlist_alerts_user_created").on(Self.alerts).column("user_id")
            .column("created_at").run()

        try await database.schema(Self.preferences)
            .field("user_id", .uuid, .identifier(auto: false), .references("diary_users", .id, onDelete: .cascade))
            .field("removal", .string, .required)
            .constraint(
                .sql(
                    unsafeRaw:
                        "CONSTRAINT ck_watchlist_preferences_removal CHECK (removal IN ('ask', 'always', 'never'))")
            )
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.preferences).delete()
        try await database.schema(Self.alerts).delete()
        try await database.schema(Self.entries).delete()
    }
}
