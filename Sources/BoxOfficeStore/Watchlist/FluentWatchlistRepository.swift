import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Watchlists in `watchlist_entries`, removal preferences in `watchlist_preferences`.
struct FluentWatchlistRepository: WatchlistRepository {
    let database: any Database

    private struct Row: Decodable {
        var user_id: UUID
        var movie_code: String
        var title: String
        var open_date: String?
        var added_at: Date

        var entry: WatchlistEntry {
            WatchlistEntry(
                movieCode: movie_code, title: title, openDate: open_date.flatMap { CalendarDate($0) },
                addedAt: added_at)
        }
    }

    private static let columns = ["user_id", "movie_code", "title", "open_date", "added_at"]

    func add(_ entry: WatchlistEntry, userID: UUID) async throws -> (entry: WatchlistEntry, added: Bool) {
        try await StorageFailure.run("add a film to a watchlist", logger: database.logger) {
            let sql = try database.requireSQL()
            let inserted = try await sql.insert(into: CreateWatchlist.entries)
                .columns(["id"] + Self.columns)
                .values([
                    SQLBind(UUID()), SQLBind(userID), SQLBind(entry.movieCode), SQLBind(entry.title),
                    (entry.openDate?.isoString).sqlBindOrNull, SQLBind(entry.addedAt),
                ])
                .ignoringConflicts(with: ["user_id", "movie_code"])
                .returning("id")
                .first()
            if inserted != nil { return (entry, true) }
            // Listed before (or by a racing twin of this request): answer the stored entry.
            let stored = try await sql.select().columns(Self.columns).from(CreateWatchlist.entries)
                .where("user_id", .equal, SQLBind(userID)).where("movie_code", .equal, SQLBind(entry.movieCode))
                .first(decoding: Row.self)
            return (stored?.entry ?? entry, false)
        }
    }

    /// Rows per INSERT, well under both databases' limits on bound parameters.
    private static let batchSize = 500

    func addEntries(_ entries: [WatchlistEntry], userID: UUID) async throws -> Set<String> {
        guard !entries.isEmpty else { return [] }
        return try await StorageFailure.run("import a watchlist", logger: database.logger) {
            let sql = try database.requireSQL()
            var added: Set<String> = []
            var start = 0
            while start < entries.count {
                let batch = entries[start..<min(start + Self.batchSize, entries.count)]
                start += Self.batchSize
                let rows = try await sql.insert(into: CreateWatchlist.entries)
                    .columns(["id"] + Self.columns)
                    .rows(
                        batch.map { entry -> [any SQLExpression] in
                            [
                                SQLBind(UUID()), SQLBind(userID), SQLBind(entry.movieCode), SQLBind(entry.title),
                                (entry.openDate?.isoString).sqlBindOrNull, SQLBind(entry.addedAt),
                            ]
                        }
                    )
                    .ignoringConflicts(with: ["user_id", "movie_code"])
                    .returning("movie_code")
                    .all()
                for row in rows { added.insert(try row.decode(column: "movie_code", as: String.self)) }
            }
            return added
        }
    }

    func remove(movieCode: String, userID: UUID) async throws -> Bool {
        try await StorageFailure.run("remove a film from a watchlist", logger: database.logger) {
            let rows = try await database.requireSQL().delete(from: CreateWatchlist.entries)
                .where("user_id", .equal, SQLBind(userID)).where("movie_code", .equal, SQLBind(movieCode))
                .returning("id")
                .all()
            return !rows.isEmpty
        }
    }

    func entries(userID: UUID) async throws -> [WatchlistEntry] {
        try await StorageFailure.run("read a watchlist", logger: database.logger) {
            try await database.requireSQL().select().columns(Self.columns).from(CreateWatchlist.entries)
                .where("user_id", .equal, SQLBind(userID))
                .orderBy("added_at", .descending).orderBy("movie_code")
                .all(decoding: Row.self).map(\.entry)
        }
    }

    func listedCodes(_ movieCodes: [String], userID: UUID) async throws -> Set<String> {
        guard !movieCodes.isEmpty else { return [] }
        return try await StorageFailure.run("read a watchlist", logger: database.logger) {
            let rows = try await database.requireSQL().select().column("movie_code").from(CreateWatchlist.entries)
                .where("user_id", .equal, SQLBind(userID))
                .where("movie_code", .in, SQLBind.group(movieCodes))
                .all()
            return Set(try rows.map { try $0.decode(column: "movie_code", as: String.self) })
        }
    }

    func watchers(movieCodes: Set<String>, openingOn: CalendarDate?) async throws -> [Watcher] {
        guard !movieCodes.isEmpty || openingOn != nil else { return [] }
        return try await StorageFailure.run("read the watchers of a chart", logger: database.logger) {
            let query = try database.requireSQL().select().columns(Self.columns).from(CreateWatchlist.entries)
                .where { group in
                    var group = group
                    if !movieCodes.isEmpty {
                        group = group.orWhere("movie_code", .in, SQLBind.group(movieCodes.sorted()))
                    }
                    if let openingOn {
                        group = group.orWhere("open_date", .equal, SQLBind(openingOn.isoString))
                    }
                    return group
                }
                .orderBy("user_id").orderBy("movie_code")
            return try await query.all(decoding: Row.self).map { Watcher(userID: $0.user_id, entry: $0.entry) }
        }
    }

    func removalPreference(userID: UUID) async throws -> WatchlistRemovalPreference {
        try await StorageFailure.run("read a watchlist preference", logger: database.logger) {
            let row = try await database.requireSQL().select().column("removal").from(CreateWatchlist.preferences)
                .where("user_id", .equal, SQLBind(userID))
                .first()
            let value = try row?.decode(column: "removal", as: String.self)
            return value.flatMap(WatchlistRemovalPreference.init(rawValue:)) ?? .ask
        }
    }

    func setRemovalPreference(_ preference: WatchlistRemovalPreference, userID: UUID) async throws {
        try await StorageFailure.run("save a watchlist preference", logger: database.logger) {
            try await database.requireSQL().insert(into: CreateWatchlist.preferences)
                .columns("user_id", "removal")
                .values(SQLBind(userID), SQLBind(preference.rawValue))
                .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "removal") }
                .run()
        }
    }
}
