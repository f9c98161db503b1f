import FluentKit
import SQLKit

/// The three list orders ``AddDiaryNoteSortIndexes`` left to a sort: oldest written first, watched first, and titles
/// from Z. Their ties (watched day and creation newest first) run against the order, so neither direction of the
/// existing indexes gives them; SQLite then read and sorted every note of the person for a page (250–310 ms at
/// 100,000 notes, on the one connection everyone shares).
struct AddDiaryNoteAscendingSortIndexes: AsyncMigration {
    var name: String { "BoxOfficeStore.AddDiaryNoteAscendingSortIndexes" }

    /// Each read forward: `created_at ASC, watched_on DESC, id`; `watched_on ASC, created_at DESC, id`; and read
    /// backward, `title_key DESC, watched_on DESC, created_at DESC, id`.
    static let indexes: [(name: String, columns: String)] = [
        ("idx_diary_notes_sort_created_up", "user_id, created_at, watched_on DESC, id"),
        ("idx_diary_notes_sort_watched_up", "user_id, watched_on, created_at DESC, id"),
        ("idx_diary_notes_sort_title_down", "user_id, title_key{C}, watched_on, created_at, id DESC"),
    ]

    func prepare(on database: any Database) async throws {
        try await AddDiaryNoteSortIndexes.create(Self.indexes, on: try database.requireSQL())
    }

    func revert(on database: any Database) async throws {
        let sql = try database.requireSQL()
        for index in Self.indexes { try await sql.drop(index: index.name).run() }
    }
}
