import BoxOfficeCore
import FluentKit
import SQLKit

/// Administrative operations for tests and tooling inside this package.
extension BoxOfficeDatabase {
    /// Creates a PostgreSQL database named `name` (letters, digits and `_` only) through this connection.
    package func createPostgresDatabase(named name: String) async throws {
        let sql = try administrativeSQL(for: name)
        try await sql.raw("CREATE DATABASE \(ident: name)").run()
    }

    /// Drops the PostgreSQL database named `name`, disconnecting anyone still using it.
    package func dropPostgresDatabase(named name: String) async throws {
        let sql = try administrativeSQL(for: name)
        try await sql.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run()
    }

    /// The number of rows in one of the store's tables.
    package func rowCount(of table: String) async throws -> Int {
        let row = try await database.requireSQL()
            .select()
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
            .from(table)
            .first()
        return try row?.decode(column: "count", as: Int.self) ?? 0
    }

    /// Every stored representative nation by movie code (all origins), for checks.
    package func storedNations() async throws -> [String: String] {
        let rows = try await database.requireSQL()
            .select().columns("movie_code", "nation").from(MovieNationModel.schema).all()
        var nations: [String: String] = [:]
        for row in rows {
            nations[try row.decode(column: "movie_code", as: String.self)] = try row.decode(
                column: "nation", as: String.self)
        }
        return nations
    }

    /// Leaves every stored nation as the upgrade of a store whose nations were read before English titles were
    /// kept leaves it (``AddMovieNationTitlePending``): no title, looked up once more. For upgrade tests.
    package func forgetEnglishTitles() async throws {
        try await database.requireSQL().update(MovieNationModel.schema)
            .set("title_english", to: SQLLiteral.null)
            .set("title_pending", to: SQLBind(true))
            .run()
    }

    private func administrativeSQL(for name: String) throws -> any SQLDatabase {
        guard case .postgres = location else {
            throw BoxOfficeError.storage("Creating and dropping databases needs PostgreSQL, not \(location).")
        }
        guard !name.isEmpty, name.count <= 63,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else {
            throw BoxOfficeError.invalid("database", .usernameCharacters, value: name)
        }
        return try database.requireSQL()
    }
}
