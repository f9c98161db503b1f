import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Alerts in `watchlist_alerts`, one per (user, film, kind) by its unique constraint.
struct FluentAlertRepository: AlertRepository {
    let database: any Database

    private struct Row: Decodable {
        var id: UUID
        var user_id: UUID
        var kind: String
        var movie_code: String
        var title: String
        var day: String
        var is_read: Bool
        var created_at: Date

        func alert() throws -> Alert {
            guard let kind = AlertKind(rawValue: kind), let date = CalendarDate(day) else {
                throw BoxOfficeError.storage("A stored alert has an unknown kind or day: \(kind) \(day)")
            }
            return Alert(
                id: id, userID: user_id, kind: kind, movieCode: movie_code, title: title, date: date, read: is_read,
                createdAt: created_at)
        }
    }

    private static let columns = ["id", "user_id", "kind", "movie_code", "title", "day", "is_read", "created_at"]

    /// Alerts of a person whose account was deleted since the watchers were read are left out, so one deletion
    /// never fails everyone's (on PostgreSQL the check locks the account's key, so a deletion still in progress
    /// is waited for and then seen).
    ///
    /// One statement however many events a day has (a day's chart can mean thousands for the people watching its
    /// films): the rows travel as one JSON array, bound once, and the database unpacks it (`json_each` in SQLite,
    /// `json_array_elements` in PostgreSQL). Rows per statement are not limited by bound parameters, so a day costs
    /// the same few statements at 10 watchers and at 100,000.
    func insert(_ events: [AlertEvent], createdAt: Date) async throws -> [Alert] {
        guard !events.isEmpty else { return [] }
        return try await StorageFailure.run("store alerts", logger: database.logger) {
            let sql = try database.requireSQL()
            let alerts = events.map { Alert(id: UUID(), event: $0, createdAt: createdAt) }
            let rows = alerts.map {
                [$0.id.uuidString, $0.userID.uuidString, $0.kind.rawValue, $0.movieCode, $0.title, $0.date.isoString]
            }
            let json = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
            let query: SQLQueryString
            if sql.dialect.name == "postgresql" {
                query = """
                    INSERT INTO \(ident: CreateWatchlist.alerts) (\(idents: Self.columns, joinedBy: ", "))
                    SELECT (r->>0)::uuid, (r->>1)::uuid, r->>2, r->>3, r->>4, r->>5, \(bind: false), \(bind: createdAt)
                    FROM json_array_elements(\(bind: json)::json) AS r
                    WHERE EXISTS (
                        SELECT 1 FROM \(ident: DiaryUserModel.schema) u WHERE u.id = (r->>1)::uuid FOR KEY SHARE)
                    ON CONFLICT (user_id, movie_code, kind) DO NOTHING
                    RETURNING id
                    """
            } else {
                // UUIDs are stored as their text in SQLite (what a bound UUID is); the `WHERE` also keeps the upsert
                // clause from being read as a join's.
                query = """
                    INSERT INTO \(ident: CreateWatchlist.alerts) (\(idents: Self.columns, joinedBy: ", "))
                    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                        json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
                        \(bind: false), \(bind: createdAt)
                    FROM json_each(\(bind: json))
                    WHERE EXISTS (SELECT 1 FROM \(ident: DiaryUserModel.schema) u WHERE u.id = json_extract(value, '$[1]'))
                    ON CONFLICT (user_id, movie_code, kind) DO NOTHING
                    RETURNING id
                    """
            }
            let inserted = Set(try await sql.raw(query).all().map { try $0.decode(column: "id", as: UUID.self) })
            return alerts.filter { inserted.contains($0.id) }
        }
    }

    func alerts(userID: UUID, unreadOnly: Bool, limit: Int) async throws -> [Alert] {
        try await StorageFailure.run("read alerts", logger: database.logger) {
            var query = try database.requireSQL().select().columns(Self.columns).from(CreateWatchlist.alerts)
                .where("user_id", .equal, SQLBind(userID))
            if unreadOnly { query = query.where("is_read", .equal, SQLBind(false)) }
            return try await query.orderBy("created_at", .descending).orderBy("day", .descending)
                .orderBy("id").limit(max(0, limit))
                .all(decoding: Row.self).map { try $0.alert() }
        }
    }

    func unreadCount(userID: UUID) async throws -> Int {
        try await StorageFailure.run("count unread alerts", logger: database.logger) {
            let row = try await database.requireSQL().select().column(
                SQLFunction("COUNT", args: SQLLiteral.all), as: "n"
            )
            .from(CreateWatchlist.alerts)
            .where("user_id", .equal, SQLBind(userID)).where("is_read", .equal, SQLBind(false))
            .first()
            return try row?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    func markRead(ids: [UUID]?, userID: UUID) async throws -> Int {
        if let ids, ids.isEmpty { return 0 }
        return try await StorageFailure.run("mark alerts read", logger: database.logger) {
            var query = try database.requireSQL().update(CreateWatchlist.alerts)
                .set("is_read", to: SQLBind(true))
                .where("user_id", .equal, SQLBind(userID)).where("is_read", .equal, SQLBind(false))
            if let ids { query = query.where("id", .in, SQLBind.group(ids)) }
            return try await query.returning("id").all().count
        }
    }
}
