import FluentKit
import SQLKit

/// Has PostgreSQL analyze tables that have just grown, rather than wait for autovacuum's next look at them, which
/// can come a minute or more later. Until then each connection plans with what it knew before, and keeps the plans it
/// made (foreign-key checks among them). SQLite: nothing to do.
enum PlannerStatistics {
    /// Analyzes `tables` now on PostgreSQL.
    static func analyze(_ tables: [String], on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql", !tables.isEmpty else { return }
        try await sql.raw("ANALYZE \(SQLList(tables.map { SQLIdentifier($0) }))").run()
    }

    /// Analyzes `charts` once it has changed by autovacuum's own measure (50 rows and a tenth) since it was last.
    ///
    /// A fill makes `charts` grow by thousands of rows a minute. The foreign-key checks of each chart's entries and
    /// market, planned while the table was nearly empty, then scanned all of it on every connection until autovacuum
    /// happened to look: half the database's CPU of a sample fill (`perf`), and the fill twice as long in one run of
    /// two. A catch-up calls this after its transaction; a failure only leaves it to autovacuum.
    static func analyzeChartsIfGrown(on database: any Database) async {
        do {
            let sql = try database.requireSQL()
            guard sql.dialect.name == "postgresql" else { return }
            let grown = try await sql.raw(
                """
                SELECT 1 AS grown FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
                WHERE s.relid = 'charts'::regclass AND s.n_mod_since_analyze > 50 + 0.1 * GREATEST(c.reltuples, 0)
                """
            ).first()
            if grown != nil { try await analyze(["charts"], on: sql) }
        } catch {
            database.logger.warning(
                "could not analyze the charts after a catch-up",
                metadata: ["error": .string(StorageFailure.describe(error))])
        }
    }
}
