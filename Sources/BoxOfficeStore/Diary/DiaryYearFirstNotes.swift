import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// `diary_year_first_notes`: per user, year and movie, the note of that movie watched first in the year (by watched
/// day, then creation, then id) and its title. The year in review names each rewatched movie by it, so it reads one
/// row per rewatched movie instead of the year's notes.
///
/// Kept with ``DiaryStatCounts`` in the transaction of every note change, after the notes are written: an added
/// note replaces its movie's first when earlier; when the first goes (deleted, or edited to another day, year or
/// movie), the movie's next note that year takes its place, read from the notes.
enum DiaryYearFirstNotes {
    static let schema = "diary_year_first_notes"

    private struct Movie: Hashable {
        var year: Int
        var code: String
    }

    /// Rows per INSERT (7 bound values each), and notes or movies per `IN` list.
    private static let chunk = 100
    private static let lookupChunk = 500

    /// Keeps the first notes after `removed` went and `added` came (an edit is both). The notes table must already
    /// show the change.
    static func apply(
        adding added: [DiaryNote], removing removed: [DiaryNote], userID: UUID, on database: any Database
    ) async throws {
        let sql = try database.requireSQL()
        var vacated: Set<Movie> = []
        let removedIDs = removed.map(\.id)
        for start in stride(from: 0, to: removedIDs.count, by: lookupChunk) {
            let rows = try await sql.delete(from: schema)
                .where("user_id", .equal, SQLBind(userID))
                .where(
                    "note_id", .in, SQLBind.group(Array(removedIDs[start..<min(removedIDs.count, start + lookupChunk)]))
                )
                .returning("year", "movie_code")
                .all()
            for row in rows {
                vacated.insert(
                    Movie(
                        year: try row.decode(column: "year", as: Int.self),
                        code: try row.decode(column: "movie_code", as: String.self)))
            }
        }

        var earliest: [Movie: DiaryNote] = [:]
        for note in added {
            let movie = Movie(year: note.watchedOn.year, code: note.movieCode)
            guard !vacated.contains(movie) else { continue }
            if let kept = earliest[movie], !isEarlier(note, than: kept) { continue }
            earliest[movie] = note
        }
        let firsts = Array(earliest.values)
        for start in stride(from: 0, to: firsts.count, by: chunk) {
            // Replaces a stored first only when the new note comes before it.
            try await insert(firsts[start..<min(firsts.count, start + chunk)], userID: userID, on: sql)
                .onConflict(with: ["user_id", "year", "movie_code"]) {
                    $0.set(excludedValueOf: "note_id").set(excludedValueOf: "watched_on")
                        .set(excludedValueOf: "created_at").set(excludedValueOf: "title")
                        .where(
                            SQLRaw(
                                """
                                (excluded.watched_on, excluded.created_at, excluded.note_id) \
                                < (\(schema).watched_on, \(schema).created_at, \(schema).note_id)
                                """))
                }
                .run()
        }

        try await refill(vacated, userID: userID, on: sql)
    }

    /// Finds the first notes of `movies` (which have none stored) among the user's notes and stores them.
    private static func refill(_ movies: Set<Movie>, userID: UUID, on sql: any SQLDatabase) async throws {
        guard !movies.isEmpty else { return }
        let codes = Set(movies.map(\.code)).sorted()
        var firsts: [Movie: DiaryNote] = [:]
        for start in stride(from: 0, to: codes.count, by: lookupChunk) {
            // Through the (user_id, movie_code) index: these movies' notes of every year, few per movie.
            let notes = try await select(on: sql)
                .where("user_id", .equal, SQLBind(userID))
                .where("movie_code", .in, SQLBind.group(Array(codes[start..<min(codes.count, start + lookupChunk)])))
                .all()
                .map(note(from:))
            for note in notes {
                let movie = Movie(year: note.watchedOn.year, code: note.movieCode)
                guard movies.contains(movie) else { continue }
                if let kept = firsts[movie], !isEarlier(note, than: kept) { continue }
                firsts[movie] = note
            }
        }
        let found = Array(firsts.values)
        for start in stride(from: 0, to: found.count, by: chunk) {
            try await insert(found[start..<min(found.count, start + chunk)], userID: userID, on: sql).run()
        }
    }

    /// Stores the first notes of every movie and year of `userID` (who has none stored yet), reading the notes in
    /// watched order in chunks: the first seen of each movie and year is its first.
    static func build(userID: UUID, on database: any Database) async throws {
        let sql = try database.requireSQL()
        var seen: Set<Movie> = []
        var cursor: DiaryNote?
        while true {
            let query = select(on: sql).where("user_id", .equal, SQLBind(userID))
            if let cursor {
                let after: SQLQueryString = """
                    (watched_on, created_at, id) > (\(bind: cursor.watchedOn.isoString), \(bind: cursor.createdAt), \
                    \(bind: cursor.id))
                    """
                query.where(after)
            }
            let notes = try await query.orderBy("watched_on").orderBy("created_at").orderBy("id").limit(buildChunk)
                .all().map(note(from:))
            var firsts: [DiaryNote] = []
            for note in notes where seen.insert(Movie(year: note.watchedOn.year, code: note.movieCode)).inserted {
                firsts.append(note)
            }
            for start in stride(from: 0, to: firsts.count, by: chunk) {
                try await insert(firsts[start..<min(firsts.count, start + chunk)], userID: userID, on: sql).run()
            }
            guard notes.count == buildChunk, let last = notes.last else { return }
            cursor = last
        }
    }

    private static let buildChunk = 2_000

    /// The order of ``DiaryStatistics``'s year in review, and of the stored rows: watched day, creation, id (whose
    /// string order is its bytes' order, as both databases compare them).
    private static func isEarlier(_ lhs: DiaryNote, than rhs: DiaryNote) -> Bool {
        (lhs.watchedOn, lhs.createdAt, lhs.id.uuidString) < (rhs.watchedOn, rhs.createdAt, rhs.id.uuidString)
    }

    private static func insert(
        _ notes: ArraySlice<DiaryNote>, userID: UUID, on sql: any SQLDatabase
    ) -> SQLInsertBuilder {
        let insert = sql.insert(into: schema)
            .columns("user_id", "year", "movie_code", "note_id", "watched_on", "created_at", "title")
        for note in notes {
            insert.values(
                SQLBind(userID), SQLBind(note.watchedOn.year), SQLBind(note.movieCode), SQLBind(note.id),
                SQLBind(note.watchedOn.isoString), SQLBind(note.createdAt), SQLBind(note.title))
        }
        return insert
    }

    /// The columns the first notes need, as plain rows (decoding whole notes would read their memos too).
    private static func select(on sql: any SQLDatabase) -> SQLSelectBuilder {
        sql.select().column("id").column("movie_code").column("title").column("watched_on").column("created_at")
            .from(DiaryNoteModel.schema)
    }

    /// A note holding only what ``select(on:)`` reads.
    private static func note(from row: any SQLRow) throws -> DiaryNote {
        let watched = try row.decode(column: "watched_on", as: String.self)
        guard let watchedOn = CalendarDate(watched) else {
            throw BoxOfficeError.storage("A stored note is corrupt: watched_on \"\(watched)\".")
        }
        return DiaryNote(
            id: try row.decode(column: "id", as: UUID.self),
            movieCode: try row.decode(column: "movie_code", as: String.self),
            title: try row.decode(column: "title", as: String.self), watchedOn: watchedOn,
            createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
