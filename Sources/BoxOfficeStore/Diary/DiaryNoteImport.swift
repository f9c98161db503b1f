import BoxOfficeCore
import FluentKit
import Foundation
import KOBIS
import Logging
import SQLKit

/// One import's notes, written a chunk at a time, each chunk its own transaction: a big import never holds the store
/// (SQLite's one connection) for longer than a chunk. A failure takes back the chunks written before it.
struct DiaryNoteImport {
    let userID: UUID
    let limits: DiaryLimits
    let database: any Database
    var chunkCommitted: (@Sendable (Int) async -> Void)? = nil

    /// Notes written, and counted, per transaction (straight SQL: creating Fluent models reflected over their 19
    /// properties for every note, a third of the time of importing 5,000 notes).
    static let chunk = 500
    /// Rows per INSERT: well under both databases' limits on bound parameters.
    static let insertRows = 200

    /// What the diary held apart from this import, as of the diary version the import's last transaction left.
    private struct Existing {
        var ids: Set<UUID> = []
        var keys: Set<String> = []
        var version: Int64 = 0
    }

    /// What the first transaction settled: the categories, the diary before the import, ids other users hold.
    private struct Prepared {
        var existing: Existing
        var categoryIDs: [String: UUID]
        var createdNames: [String]
        var createdIDs: [UUID]
        var takenElsewhere: Set<UUID>
    }

    /// What the chunks wrote so far.
    private struct Progress {
        var existing: Existing
        var inserted: [DiaryNote] = []
        var insertedIDs: Set<UUID> = []
        var usedIDs: Set<UUID> = []
        var duplicates: [Int] = []
    }

    func run(_ batch: DiaryImportBatch) async throws -> DiaryImportOutcome {
        let prepared = try await database.transaction { try await prepare(batch, on: $0) }
        var progress = Progress(existing: prepared.existing)
        // In the order watched (the file's order within a day): a chunk's notes then share their days, months and
        // years, so each chunk's counts touch few rows.
        let notes = batch.notes.enumerated().sorted {
            ($0.element.note.watchedOn, $0.offset) < ($1.element.note.watchedOn, $1.offset)
        }.map(\.element)
        do {
            for start in stride(from: 0, to: notes.count, by: Self.chunk) {
                let entries = notes[start..<min(notes.count, start + Self.chunk)]
                let remaining = notes.count - start
                progress = try await database.transaction { [progress] transaction in
                    try await write(
                        entries, remaining: remaining, prepared: prepared, progress: progress, on: transaction)
                }
                await chunkCommitted?(start / Self.chunk + 1)
            }
        } catch {
            await takeBack(progress.inserted.map(\.id), categories: prepared.createdIDs)
            throw error
        }
        return DiaryImportOutcome(
            inserted: progress.inserted, duplicateLines: progress.duplicates.sorted(),
            categoriesCreated: prepared.createdNames)
    }

    // MARK: - The first transaction

    private func prepare(_ batch: DiaryImportBatch, on database: any Database) async throws -> Prepared {
        try await DiaryVersionStore.bump(userID: userID, on: database)

        // Categories: reuse by name, create the missing ones at the end of the user's order.
        let categories = try await FluentDiaryCategoryRepository.ordered(userID: userID, on: database)
        var categoryIDs: [String: UUID] = [:]
        for category in categories { categoryIDs[category.nameKey] = try category.requireID() }
        var position = (categories.map(\.position).max() ?? -1) + 1
        var createdNames: [String] = []
        var createdIDs: [UUID] = []
        let now = DiaryTime.normalized(Date())
        for category in batch.categories {
            let key = DiaryValidation.categoryKey(category.name)
            guard categoryIDs[key] == nil else { continue }
            guard categoryIDs.count < limits.categories else {
                throw BoxOfficeError.invalid(nil, .tooManyCategories(limit: limits.categories))
            }
            let id = UUID()
            let model = DiaryCategoryModel()
            model.id = id
            model.userID = userID
            model.name = category.name
            model.nameKey = key
            model.visible = category.visible
            model.position = position
            model.createdAt = now
            try await model.create(on: database)
            categoryIDs[key] = id
            position += 1
            createdNames.append(category.name)
            createdIDs.append(id)
        }

        var existing = try await Self.existing(userID: userID, besides: [], on: database)
        existing.version = try await DiaryVersionStore.version(userID: userID, on: database)
        let adding = batch.notes.count { !Self.isDuplicate($0.note, of: existing) }
        guard adding == 0 || existing.ids.count + adding <= limits.notes else {
            throw BoxOfficeError.invalid(
                nil, .importPastNoteLimit(notes: existing.ids.count, adding: adding, limit: limits.notes))
        }
        let candidateIDs = batch.notes.map(\.note.id).filter { !existing.ids.contains($0) }
        return Prepared(
            existing: existing, categoryIDs: categoryIDs, createdNames: createdNames, createdIDs: createdIDs,
            takenElsewhere: try await Self.takenIDs(Array(Set(candidateIDs)), on: database))
    }

    /// The ids and the movie-and-day keys of the user's notes, but those in `besides` (the import's own).
    private static func existing(userID: UUID, besides: Set<UUID>, on database: any Database) async throws -> Existing {
        // Plain rows: a Fluent model for each of 50,000 notes would weigh more than the notes themselves.
        struct Found {
            var existing = Existing()
            var failure: (any Error)?
        }
        let found = Locked(Found())
        try await database.requireSQL().select().column("id").column("movie_code").column("watched_on")
            .from(DiaryNoteModel.schema)
            .where("user_id", .equal, SQLBind(userID))
            .run { row in
                found.withLock { found in
                    do {
                        let id = try row.decode(column: "id", as: UUID.self)
                        guard !besides.contains(id) else { return }
                        found.existing.ids.insert(id)
                        let code = try row.decode(column: "movie_code", as: String.self)
                        found.existing.keys.insert(key(code, try row.decode(column: "watched_on", as: String.self)))
                    } catch {
                        found.failure = found.failure ?? error
                    }
                }
            }
        let result = found.withLock { $0 }
        if let failure = result.failure { throw failure }
        return result.existing
    }

    private static func key(_ movieCode: String, _ watchedOn: String) -> String { "\(movieCode)|\(watchedOn)" }

    private static func isDuplicate(_ note: DiaryNote, of existing: Existing) -> Bool {
        existing.ids.contains(note.id) || existing.keys.contains(key(note.movieCode, note.watchedOn.isoString))
    }

    /// Which of `ids` any note (of any user) already has.
    private static func takenIDs(_ ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        var taken: Set<UUID> = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = Array(ids[start..<min(ids.count, start + 500)])
            let rows = try await DiaryNoteModel.query(on: database).filter(\.$id ~~ chunk).field(\.$id).all()
            for row in rows { taken.insert(try row.requireID()) }
        }
        return taken
    }

    // MARK: - A chunk

    private func write(
        _ entries: ArraySlice<DiaryImportBatch.Note>, remaining: Int, prepared: Prepared, progress: Progress,
        on database: any Database
    ) async throws -> Progress {
        var progress = progress
        // The bump holds the user's row (PostgreSQL) or the one writer (SQLite) to the end of the chunk. A version
        // other than the one the last chunk left means the person changed the diary meanwhile (another device):
        // duplicates are judged again against what it holds now.
        try await DiaryVersionStore.bump(userID: userID, on: database)
        let version = try await DiaryVersionStore.version(userID: userID, on: database)
        if version != progress.existing.version + 1 {
            progress.existing = try await Self.existing(userID: userID, besides: progress.insertedIDs, on: database)
        }
        progress.existing.version = version

        var notes: [DiaryNote] = []
        for entry in entries {
            var note = entry.note
            if Self.isDuplicate(note, of: progress.existing) {
                progress.duplicates.append(entry.line)
                continue
            }
            // Ids are kept when free (so moving a diary between instances keeps them), else replaced; so is one made
            // from an idempotency key, which only that key's request may take.
            let kept =
                !prepared.takenElsewhere.contains(note.id) && !progress.usedIDs.contains(note.id)
                && !DiaryNoteService.isMadeFromKey(note.id)
            if !kept { note.id = UUID() }
            progress.usedIDs.insert(note.id)
            note.categoryId = entry.categoryName.flatMap { prepared.categoryIDs[DiaryValidation.categoryKey($0)] }
            notes.append(note)
        }
        guard !notes.isEmpty else { return progress }
        let count = try await DiaryStatCounts.noteCount(userID: userID, on: database)
        guard count + notes.count <= limits.notes else {
            throw BoxOfficeError.invalid(
                nil,
                .importPastNoteLimit(
                    notes: count - progress.inserted.count, adding: progress.inserted.count + remaining,
                    limit: limits.notes))
        }
        let sql = try database.requireSQL()
        for start in stride(from: 0, to: notes.count, by: Self.insertRows) {
            let insert = sql.insert(into: DiaryNoteModel.schema).columns(DiaryNoteModel.insertColumns)
            for note in notes[start..<min(notes.count, start + Self.insertRows)] {
                insert.values(try DiaryNoteModel.insertValues(note, userID: userID))
            }
            try await insert.run()
        }
        try await DiaryStatCounts.apply(
            try await DiaryStatCounts.deltas(adding: notes, removing: [], on: database), userID: userID, on: database)
        progress.inserted.append(contentsOf: notes)
        progress.insertedIDs.formUnion(notes.map(\.id))
        return progress
    }

    // MARK: - Taking back

    /// Deletes what a failed import wrote, a chunk at a time, as the notes stand now (the person may have changed
    /// one meanwhile), with the counts they made. A failure here is logged: the original error is what the person
    /// hears, and importing the file again skips what stayed.
    private func takeBack(_ ids: [UUID], categories: [UUID]) async {
        do {
            for start in stride(from: 0, to: ids.count, by: Self.chunk) {
                let chunk = Array(ids[start..<min(ids.count, start + Self.chunk)])
                try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    let scoped = DiaryNoteModel.query(on: transaction).filter(\.$userID == userID)
                        .filter(\.$id ~~ chunk)
                    let notes = try await FluentDiaryNoteRepository.fetch(scoped)
                    try await DiaryNoteModel.query(on: transaction).filter(\.$userID == userID)
                        .filter(\.$id ~~ notes.map(\.id)).delete()
                    try await DiaryStatCounts.apply(
                        try await DiaryStatCounts.deltas(adding: [], removing: notes, on: transaction),
                        userID: userID, on: transaction)
                }
            }
            if !categories.isEmpty {
                try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    try await DiaryCategoryModel.query(on: transaction).filter(\.$userID == userID)
                        .filter(\.$id ~~ categories).delete()
                }
            }
        } catch {
            database.logger.warning(
                "could not take back a failed import",
                metadata: ["error": .string(StorageFailure.describe(error)), "notes": .stringConvertible(ids.count)])
        }
    }
}
