import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Creates `diary_year_first_notes` (see ``DiaryYearFirstNotes``) and fills it for every existing diary, one user
/// at a time and their notes in chunks; indexes the kept counts of notes written without a nation by movie, so a
/// nation the keeper learns later finds the people whose figures it changes (``DiaryNationChanges``); and extends the
/// notes' rating index with the creation and id, so a year's best notes (one rating, the year's days, earliest
/// first) are read in order from it rather than by walking the year's notes for the few of that rating.
struct CreateDiaryYearFirstNotes: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateDiaryYearFirstNotes" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        let postgres = sql.dialect.name == "postgresql"
        // Compared with the counts' items, which are bytes on both databases.
        let codeType: DatabaseSchema.DataType = postgres ? .custom("TEXT COLLATE \"C\"") : .string
        try await database.schema(DiaryYearFirstNotes.schema)
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("year", .int, .required)
            .field("movie_code", codeType, .required)
            .field("note_id", .uuid, .required)
            .field("watched_on", .string, .required)
            .field("created_at", .datetime, .required)
            .field("title", .string, .required)
            .unique(on: "user_id", "year", "movie_code", name: "uq_diary_year_first_notes_movie")
            .unique(on: "note_id", name: "uq_diary_year_first_notes_note")
            .create()
        // Partial: only these rows, whose dimension and year the query names as literals.
        try await sql.raw(
            """
            CREATE INDEX idx_diary_stat_counts_no_nation ON diary_stat_counts (item, user_id) \
            WHERE dimension = 'no-nation' AND year = 0
            """
        ).run()

        try await sql.drop(index: "idx_diary_notes_user_rating").run()
        try await sql.raw(
            "CREATE INDEX idx_diary_notes_user_rating ON diary_notes (user_id, rating_halves, watched_on, created_at, id)"
        ).run()

        try await DiaryUserWalk.forEach(on: sql) { try await DiaryYearFirstNotes.build(userID: $0, on: database) }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await sql.drop(index: "idx_diary_notes_user_rating").run()
        try await sql.raw(
            "CREATE INDEX idx_diary_notes_user_rating ON diary_notes (user_id, rating_halves, watched_on)"
        ).run()
        try await sql.drop(index: "idx_diary_stat_counts_no_nation").run()
        try await database.schema(DiaryYearFirstNotes.schema).delete()
    }
}
