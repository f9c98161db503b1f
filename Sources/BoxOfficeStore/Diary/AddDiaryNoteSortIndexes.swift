import BoxOfficeCore
import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Gives every note list order an index, so a deep page costs about what the first does:
///
/// - recomputes `title_key` with today's ``NoteSort/titleKey(_:)`` (numbers as numbers, accents folded), in chunks;
/// - title, rating and release year orders: `(user_id, expression, watched_on, created_at, id)` in the directions of
///   the list's ties (watched day and creation newest first), one index per direction where missing values need a
///   different sentinel, so both databases read a page in order from the index, and skip pages on it alone;
/// - `(user_id, watched_on, created_at, id DESC)` and `(user_id, created_at, watched_on, id DESC)` in place of the
///   indexes without the id (newest first, the default directions);
/// - filters: `(user_id, rating_halves, watched_on)`, `(user_id, release_year)`, `(user_id, category_id)`.
struct AddDiaryNoteSortIndexes: AsyncMigration {
    var name: String { "BoxOfficeStore.AddDiaryNoteSortIndexes" }

    /// Each list order `expression d, watched_on DESC, created_at DESC, id ASC` read forward, or backward for
    /// `d = DESC`, with nothing left to sort; an expression's own column last, so PostgreSQL can read the index alone.
    static let indexes: [(name: String, columns: String)] = [
        ("idx_diary_notes_sort_title", "user_id, title_key{C}, watched_on DESC, created_at DESC, id"),
        (
            "idx_diary_notes_sort_rating_down",
            "user_id, (COALESCE(rating_halves, 0)), watched_on, created_at, id DESC, rating_halves"
        ),
        (
            "idx_diary_notes_sort_rating_up",
            "user_id, (COALESCE(rating_halves, 11)), watched_on DESC, created_at DESC, id, rating_halves"
        ),
        (
            "idx_diary_notes_sort_release_down",
            "user_id, (COALESCE(release_year, 0)), watched_on, created_at, id DESC, release_year"
        ),
        (
            "idx_diary_notes_sort_release_up",
            "user_id, (COALESCE(release_year, 10000)), watched_on DESC, created_at DESC, id, release_year"
        ),
        ("idx_diary_notes_sort_watched", "user_id, watched_on, created_at, id DESC"),
        ("idx_diary_notes_sort_created", "user_id, created_at, watched_on, id DESC"),
        ("idx_diary_notes_user_rating", "user_id, rating_halves, watched_on"),
        ("idx_diary_notes_user_release_year", "user_id, release_year"),
        ("idx_diary_notes_user_category", "user_id, category_id"),
    ]

    /// Indexes the new ones replace (their prefixes).
    static let replaced: [(name: String, columns: String)] = [
        ("idx_diary_notes_user_watched_created", "user_id, watched_on, created_at"),
        ("idx_diary_notes_user_created_at", "user_id, created_at"),
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await Self.recomputeTitleKeys(on: sql)
        try await Self.create(Self.indexes, on: sql)
        for index in Self.replaced { try await sql.drop(index: index.name).run() }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await Self.create(Self.replaced, on: sql)
        for index in Self.indexes { try await sql.drop(index: index.name).run() }
    }

    /// Creates `indexes` on the notes; `{C}` is where PostgreSQL's byte-order collation goes.
    static func create(_ indexes: [(name: String, columns: String)], on sql: any SQLDatabase) async throws {
        let collate = sql.dialect.name == "postgresql" ? " COLLATE \"C\"" : ""
        for index in indexes {
            let columns = index.columns.replacingOccurrences(of: "{C}", with: collate)
            try await sql.raw("CREATE INDEX \(unsafeRaw: index.name) ON diary_notes (\(unsafeRaw: columns))").run()
        }
    }

    /// Rewrites the keys that changed, 1,000 notes at a time in id order.
    static func recomputeTitleKeys(on sql: any SQLDatabase) async throws {
        var lastID: UUID?
        while true {
            let query = sql.select().column("id").column("title").column("title_key").from(DiaryNoteModel.schema)
                .orderBy("id").limit(1_000)
            if let lastID { query.where("id", .greaterThan, SQLBind(lastID)) }
            let rows = try await query.all()
            for row in rows {
                let title = try row.decode(column: "title", as: String.self)
                let key = NoteSort.titleKey(title)
                guard try row.decode(column: "title_key", as: String.self) != key else { continue }
                try await sql.update(DiaryNoteModel.schema)
                    .set("title_key", to: SQLBind(key))
                    .where("id", .equal, SQLBind(try row.decode(column: "id", as: UUID.self)))
                    .run()
            }
            guard rows.count == 1_000, let last = rows.last else { return }
            lastID = try last.decode(column: "id", as: UUID.self)
        }
    }
}
