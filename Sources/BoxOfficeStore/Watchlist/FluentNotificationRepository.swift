import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Alerts in `watchlist_alerts`, one per (user, film, kind) by its unique constraint.
struct FluentNotificationRepository: NotificationRepository {
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
    /// Rows per INSERT, well under both databases' limits on bound parameters.
    private static let batchSize = 500

    func insert(_ events: [AlertEvent], createdAt: Date) async throws -> [Alert] {
        guard !events.isEmpty else { return [] }
        return try await StorageFailure.run("store alerts", logger: database.logger) {
            let sql = try database.requireSQL()
            var stored: [Alert] = []
            var start = 0
            while start < events.count {
                let batch = events[start..<min(start + Self.batchSize, events.count)].map {
                    Alert(id: UUID(), event: $0, createdAt: createdAt)
                }
                start += Self.batchSize
                let rows = try await sql.insert(into: CreateWatchlist.alerts)
                    .columns(Self.columns)
                    .rows(
                        batch.map { alert -> [any SQLExpression] in
                            [
                                SQLBind(alert.id), SQLBind(alert.userID), SQLBind(alert.kind.rawValue),
                                SQLBind(alert.movieCode),
                                SQLBind(alert.title), SQLBind(alert.date.isoString), SQLBind(false),
                                SQLBind(alert.createdAt),
                            ]
                        }
                    )
                    .ignoringConflicts(with: ["user_id", "movie_code", "kind"])
                    .returning("id")
                    .all()
                let insertedIDs = Set(try rows.map { try $0.decode(column: "id", as: UUID.self) })
                stored += batch.filter { insertedIDs.contains($0.id) }
            }
            return stored
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
