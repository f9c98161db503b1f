import FluentPostgresDriver
import Logging
import NIOCore
import SQLKit

/// On PostgreSQL, a query's rows as PostgresNIO decodes them: by position and type. SQLKit decodes each cell by its
/// column's name through `Codable`, about 1.5 µs a cell; a film's history is 13 cells a row, and upgrading a
/// 22.9-year store reads 180,000 such rows, which cost most of the upgrade.
enum PostgresRows {
    /// The rows of `query` when `sql` is PostgreSQL (under the store's deadline when `sql` is the store's own
    /// database); nil on SQLite, where the caller reads through SQLKit.
    static func all(_ query: PostgresQuery, on sql: any SQLDatabase) async throws -> [PostgresRow]? {
        guard sql.dialect.name == "postgresql" else { return nil }
        if let bounded = sql as? DeadlineDatabase { return try await bounded.postgresRows(query) }
        guard let postgres = sql as? any PostgresDatabase else { return nil }
        return try await collect(query, on: postgres, logger: sql.logger).get()
    }

    /// Runs `query` on one of `database`'s connections (the one it is bound to, in a transaction) and collects its
    /// rows.
    static func collect(
        _ query: PostgresQuery, on database: any PostgresDatabase, logger: Logger
    ) -> EventLoopFuture<[PostgresRow]> {
        database.withConnection { connection in
            connection.eventLoop.makeFutureWithTask { try await connection.query(query, logger: logger).collect() }
        }
    }
}
