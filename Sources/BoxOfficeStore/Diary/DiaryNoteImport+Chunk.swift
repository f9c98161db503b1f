import BoxOfficeCore
import FluentKit
import Foundation
import KOBIS
import SQLKit

extension DiaryNoteImport {
    /// What the store holds of one chunk's notes, read in the chunk's transaction: what it judges duplicates and
    /// ids by, whatever another device or another person's import wrote since the import began.
    struct ChunkMatches: Sendable {
        /// Ids any note (anyone's) has among the chunk's.
        var takenIDs: Set<UUID> = []
        /// The person's notes among the chunk's ids.
        var ownIDs: Set<UUID> = []
        /// The person's notes of the chunk's films on the chunk's days.
        var ownKeys: [(id: UUID, key: DiaryNoteKey)] = []

        static func read(_ notes: [DiaryNote], userID: UUID, on database: any Database) async throws -> ChunkMatches {
            let sql = try database.requireSQL()
            var matches = ChunkMatches()
            let ids = Set(notes.map(\.id)).map { SQLBind($0) as any SQLExpression }
            let codes = Set(notes.map(\.movieCode)).map { SQLBind($0) as any SQLExpression }
            let days = Set(notes.map(\.watchedOn.isoString)).map { SQLBind($0) as any SQLExpression }
            guard !ids.isEmpty else { return matches }
            for row in try await sql.select().column("id").column("user_id").from(DiaryNoteModel.schema)
                .where(SQLIdentifier("id"), .in, SQLGroupExpression(ids)).all()
            {
                let id = try row.decode(column: "id", as: UUID.self)
                matches.takenIDs.insert(id)
                if try row.decode(column: "user_id", as: UUID.self) == userID { matches.ownIDs.insert(id) }
            }
            for row in try await sql.select().column("id").column("movie_code").column("watched_on")
                .from(DiaryNoteModel.schema)
                .where("user_id", .equal, SQLBind(userID))
                .where(SQLIdentifier("movie_code"), .in, SQLGroupExpression(codes))
                .where(SQLIdentifier("watched_on"), .in, SQLGroupExpression(days))
                .all()
            {
                guard let day = CalendarDate(try row.decode(column: "watched_on", as: String.self)) else { continue }
                let code = try row.decode(column: "movie_code", as: String.self)
                matches.ownKeys.append(
                    (try row.decode(column: "id", as: UUID.self), DiaryNoteKey(movieCode: code, watchedOn: day)))
            }
            return matches
        }

        /// Inserts `notes`; one whose id another note took since the read (another import of the same file, on
        /// PostgreSQL, where the read could not see it) gets a new one. The notes as written, in their order.
        static func insert(_ notes: [DiaryNote], userID: UUID, on database: any Database) async throws -> [DiaryNote] {
            let sql = try database.requireSQL()
            var written = notes
            var refused: [Int] = []
            // In the order of their ids, whatever the file's: two imports of the same notes (two people, files in
            // different orders) then wait for each other's uncommitted ids in one order, never in a cycle.
            let order = notes.indices.sorted { notes[$0].id.uuidString < notes[$1].id.uuidString }
            for start in stride(from: 0, to: order.count, by: DiaryNoteImport.insertRows) {
                let batch = order[start..<min(order.count, start + DiaryNoteImport.insertRows)]
                let insert = sql.insert(into: DiaryNoteModel.schema).columns(DiaryNoteModel.insertColumns)
                for index in batch { insert.values(try DiaryNoteModel.insertValues(notes[index], userID: userID)) }
                let rows = try await insert.ignoringConflicts(with: "id").returning("id").all()
                let kept = Set(try rows.map { try $0.decode(column: "id", as: UUID.self) })
                refused.append(contentsOf: batch.filter { !kept.contains(notes[$0].id) })
            }
            guard !refused.isEmpty else { return written }
            let insert = sql.insert(into: DiaryNoteModel.schema).columns(DiaryNoteModel.insertColumns)
            for index in refused {
                written[index].id = UUID()
                insert.values(try DiaryNoteModel.insertValues(written[index], userID: userID))
            }
            try await insert.run()
            return written
        }
    }
}
