import BoxOfficeCore
import Foundation
import SQLKit

@testable import BoxOfficeStore

/// Diaries written as an older schema stored them, in plain SQL, for the upgrade tests: a user row without the
/// columns later migrations add, and its notes as they are given.
enum LegacyDiaryRows {
    /// Inserts the user `name`; returns its id.
    static func user(_ name: String, on sql: any SQLDatabase) async throws -> UUID {
        let id = UUID()
        try await sql.insert(into: "diary_users")
            .columns("id", "username", "username_key", "password_hash", "created_at", "import_serial")
            .values(
                SQLBind(id), SQLBind(name), SQLBind(name), SQLBind("hash"), SQLBind(DiaryStoreFixtures.now), SQLBind(0)
            )
            .run()
        return id
    }

    /// Inserts `notes` for `userID`, 100 a statement.
    static func notes(_ notes: [DiaryNote], userID: UUID, on sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: notes.count, by: 100) {
            let insert = sql.insert(into: DiaryNoteModel.schema).columns(DiaryNoteModel.insertColumns)
            for note in notes[start..<min(notes.count, start + 100)] {
                insert.values(try DiaryNoteModel.insertValues(note, userID: userID))
            }
            try await insert.run()
        }
    }
}
