import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// In the kept counts (``DiaryStatCounts``) a note written without a nation counts under the nation `movie_nations`
/// of one origin knows for its movie now (`nation`, and `origin` korean or foreign), else under origin `unknown`; the
/// `no-nation` counts (per person, year and movie) say how many notes move when that nation changes. So statistics
/// read them as they are, at the same cost for any diary. `diary_nation_fold` (one row) names that origin: `NULL`
/// when nothing is resolved (as the counts were before it).
///
/// Every change keeps the fold exact: a note change resolves against the fold's origin in its transaction, the
/// archive storing nations of that origin moves the counts of the movies it changes (``move(origin:sign:movieCodes:on:)``)
/// and a store reading for another origin folds them over once (``ensure(origin:on:)``). On PostgreSQL an advisory
/// lock orders them: nation stores and folds take it exclusively, diary changes shared (before they lock the user's
/// row), so a note never resolves against a nation being changed. SQLite writes one transaction at a time.
enum DiaryNationFold {
    static let schema = "diary_nation_fold"

    /// Key of the advisory lock ("BoxOfNat"); the migrations' is another.
    private static let lockKey: Int64 = 0x426F_784F_664E_6174

    /// Takes the lock shared until the transaction ends (PostgreSQL); call it first in a diary change.
    static func lockShared(on database: any Database) async throws {
        let sql = try database.requireSQL()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock_shared(\(unsafeRaw: String(lockKey)))").run()
    }

    /// Takes the lock exclusively until the transaction ends (PostgreSQL); call it first when nations change.
    static func lockExclusive(on database: any Database) async throws {
        let sql = try database.requireSQL()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(unsafeRaw: String(lockKey)))").run()
    }

    /// The origin the counts are folded for; `nil`: none.
    static func origin(on database: any Database) async throws -> String? {
        let row = try await database.requireSQL().select().column("origin").from(schema)
            .where("id", .equal, SQLBind(1)).first()
        return try row?.decode(column: "origin", as: String?.self)
    }

    /// Folds the counts over to `origin` unless they are folded for it: one indexed read when they are, else once
    /// (on every database, the first store to read or write with its origin) moves every person's counts in a few
    /// set-based statements.
    static func ensure(origin: String?, on database: any Database) async throws {
        guard try await self.origin(on: database) != origin else { return }
        try await database.transaction { transaction in
            try await lockExclusive(on: transaction)
            // A write first: on SQLite it takes the write lock before the fold is read again.
            try await transaction.requireSQL().update(schema).set(SQLIdentifier("origin"), to: SQLIdentifier("origin"))
                .where("id", .equal, SQLBind(1)).run()
            let folded = try await self.origin(on: transaction)
            guard folded != origin else { return }
            if let folded { try await move(origin: folded, sign: -1, movieCodes: nil, on: transaction) }
            if let origin { try await move(origin: origin, sign: 1, movieCodes: nil, on: transaction) }
            try await transaction.requireSQL().update(schema).set("origin", to: SQLBind(origin))
                .where("id", .equal, SQLBind(1)).run()
        }
    }

    /// The nations the fold's origin knows for `notes` written without one, by movie code: one query per 500 movies.
    static func nations(of notes: [DiaryNote], on database: any Database) async throws -> [String: String] {
        let codes = Array(Set(notes.filter { $0.movie.isKorean == nil }.map(\.movieCode))).sorted()
        guard !codes.isEmpty, let origin = try await origin(on: database) else { return [:] }
        let sql = try database.requireSQL()
        var nations: [String: String] = [:]
        for start in stride(from: 0, to: codes.count, by: chunk) {
            let rows = try await sql.select().columns("movie_code", "nation").from(MovieNationModel.schema)
                .where("origin", .equal, SQLBind(origin))
                .where("movie_code", .in, SQLBind.group(Array(codes[start..<min(codes.count, start + chunk)])))
                .where("nation", .notEqual, SQLBind(""))
                .all()
            for row in rows {
                nations[try row.decode(column: "movie_code", as: String.self)] = try row.decode(
                    column: "nation", as: String.self)
            }
        }
        return nations
    }

    /// Adds (`sign` 1) or takes away (-1) the notes without a nation of `movieCodes` (`nil`: all) from the nation
    /// `movie_nations` of `origin` stores for their movie now, and the other way from origin `unknown`, for every
    /// person and year at once. Storing a nation is: -1 before, store, +1 after.
    static func move(origin: String, sign: Int, movieCodes: [String]?, on database: any Database) async throws {
        let sql = try database.requireSQL()
        if let movieCodes {
            for start in stride(from: 0, to: movieCodes.count, by: chunk) {
                try await move(
                    origin: origin, sign: sign,
                    movieCodes: Array(movieCodes[start..<min(movieCodes.count, start + chunk)]), on: sql)
            }
        } else {
            try await move(origin: origin, sign: sign, movieCodes: [], on: sql)
        }
    }

    /// One chunk of ``move(origin:sign:movieCodes:on:)``; an empty `movieCodes`: every movie.
    private static func move(origin: String, sign: Int, movieCodes: [String], on sql: any SQLDatabase) async throws {
        let postgres = sql.dialect.name == "postgresql"
        // The counts' items are in PostgreSQL's "C" collation, the archive's codes in the default one: compared in the
        // archive's, so its (origin, movie_code) index finds each code. Equality is the same in both.
        let collate = postgres ? " COLLATE \"default\"" : ""
        let only: SQLQueryString = movieCodes.isEmpty ? "" : "AND s.item IN (\(binds: movieCodes))"
        // The dimension as a literal: the partial index `idx_diary_stat_counts_no_nation` finds the movies' rows.
        let noted = """
            FROM diary_stat_counts s
            JOIN movie_nations n ON n.movie_code = s.item\(unsafeRaw: collate) AND n.origin = \(bind: origin)
            WHERE s.dimension = 'no-nation' AND s.count > 0 AND n.nation <> '' \(only)
            """ as SQLQueryString
        let origins: SQLQueryString =
            "CASE WHEN n.nation = \(literal: MovieSnapshot.koreaName) THEN 'korean' ELSE 'foreign' END"
        let moves: [(dimension: String, item: SQLQueryString, sign: Int, group: SQLQueryString)] = [
            (DiaryStatCounts.Dimension.nation, "n.nation", sign, ", n.nation"),
            (DiaryStatCounts.Dimension.origin, origins, sign, ", \(origins)"),
            (DiaryStatCounts.Dimension.origin, "'unknown'", -sign, ""),
        ]
        // Grouped, so no statement meets a row twice (PostgreSQL refuses that in one upsert).
        for move in moves {
            try await sql.raw(
                """
                INSERT INTO diary_stat_counts (user_id, year, dimension, item, "count")
                SELECT s.user_id, s.year, \(bind: move.dimension), \(move.item), \(literal: move.sign) * SUM(s.count)
                \(noted)
                GROUP BY s.user_id, s.year\(move.group)
                ON CONFLICT (user_id, year, dimension, item)
                DO UPDATE SET "count" = diary_stat_counts."count" + excluded."count"
                """
            ).run()
        }
    }

    private static let chunk = 500
}
