import BoxOfficeCore
import FluentKit
import FluentSQL
import Foundation
import KOBIS
import SQLKit

/// Notes in `diary_notes`, every query scoped to one user. Lists are in `+List`, statistics in `+Statistics`.
struct FluentDiaryNoteRepository: DiaryNoteRepository {
    let database: any Database
    /// The archive origin whose `movie_nations` resolve notes written without a nation; `nil`: none are resolved.
    var nationOrigin: String? = nil
    /// Where long snapshots read (``withNoteSnapshot(userID:_:)``), by the slot ``OpenSnapshots`` gives; `nil`: on
    /// `database`.
    var snapshots: (@Sendable (Int) -> any Database)? = nil
    /// The store's register of open snapshots, which its shutdown ends first; `nil`: none kept.
    var openSnapshots: OpenSnapshots? = nil
    /// Where deep numbered pages begin, kept per diary version; `nil`: pages skip from the start of the list.
    var pageAnchors: NotePageAnchors? = nil

    /// Rows per INSERT: well under both databases' limits on bound parameters.
    private static let insertChunk = 200
    /// Notes an import writes, and counts, at a time (straight SQL: creating Fluent models reflected over their 19
    /// properties for every note, a third of the time of importing 5,000 notes).
    private static let importChunk = 1000

    func createNote(_ note: DiaryNote, userID: UUID, limit: Int) async throws {
        try await StorageFailure.run("save a note", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            try await database.transaction { transaction in
                // The bump holds the user's row (or SQLite's one writer) to the end: saves at once count in turn.
                try await DiaryVersionStore.bump(userID: userID, on: transaction)
                guard try await DiaryStatCounts.noteCount(userID: userID, on: transaction) < limit else {
                    throw BoxOfficeError.invalid(nil, .tooManyNotes(limit: limit))
                }
                try await DiaryNoteModel(note, userID: userID).create(on: transaction)
                try await DiaryStatCounts.apply(
                    try await DiaryStatCounts.deltas(adding: [note], removing: [], on: transaction), userID: userID,
                    on: transaction)
            }
        }
    }

    func noteCount(userID: UUID) async throws -> Int {
        try await StorageFailure.run("count notes", logger: database.logger) {
            try await DiaryStatCounts.noteCount(userID: userID, on: database)
        }
    }

    func note(id: UUID, userID: UUID) async throws -> DiaryNote? {
        try await StorageFailure.run("read a note", logger: database.logger) {
            try await Self.fetch(scoped(userID).filter(\.$id == id).limit(1)).first
        }
    }

    func updateNote(_ note: DiaryNote, userID: UUID) async throws -> Bool {
        try await StorageFailure.run("save a note", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            return try await Self.unlessMissing {
                try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    guard
                        let old = try await Self.fetch(
                            scoped(userID, on: transaction).filter(\.$id == note.id).limit(1)
                        ).first,
                        let model = try await scoped(userID, on: transaction).filter(\.$id == note.id).first()
                    else { throw Missing() }
                    try model.update(from: note)
                    try await model.save(on: transaction)
                    try await DiaryStatCounts.apply(
                        try await DiaryStatCounts.deltas(adding: [note], removing: [old], on: transaction),
                        userID: userID, on: transaction)
                }
            }
        }
    }

    func deleteNote(id: UUID, userID: UUID) async throws -> Bool {
        try await StorageFailure.run("delete a note", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            return try await Self.unlessMissing {
                try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    guard
                        let old = try await Self.fetch(scoped(userID, on: transaction).filter(\.$id == id).limit(1))
                            .first
                    else { throw Missing() }
                    try await scoped(userID, on: transaction).filter(\.$id == id).delete()
                    try await DiaryStatCounts.apply(
                        try await DiaryStatCounts.deltas(adding: [], removing: [old], on: transaction), userID: userID,
                        on: transaction)
                }
            }
        }
    }

    func allNotes(userID: UUID) async throws -> [DiaryNote] {
        try await StorageFailure.run("read notes", logger: database.logger) {
            try await Self.fetch(scoped(userID).sort(\.$watchedOn).sort(\.$createdAt).sort(\.$id))
        }
    }

    func notes(userID: UUID, after cursor: DiaryNoteCursor?, limit: Int) async throws -> [DiaryNote] {
        try await StorageFailure.run("read notes", logger: database.logger) {
            let query = scoped(userID)
            if let cursor { query.filter(Self.after(cursor)) }
            return try await Self.fetch(query.sort(\.$watchedOn).sort(\.$createdAt).sort(\.$id).limit(max(0, limit)))
        }
    }

    /// Notes after `cursor` in watched order: a row-value comparison, one seek in the
    /// `(user_id, watched_on, created_at)` index.
    static func after(_ cursor: DiaryNoteCursor) -> DatabaseQuery.Filter {
        .sql(
            embed:
                "(watched_on, created_at, id) > (\(bind: cursor.watchedOn.isoString), \(bind: cursor.createdAt), \(bind: cursor.id))"
        )
    }

    func diaryVersion(userID: UUID) async throws -> Int64 {
        try await StorageFailure.run("read the diary version", logger: database.logger) {
            try await DiaryVersionStore.version(userID: userID, on: database)
        }
    }

    func notes(userID: UUID, key: DiaryNoteKey) async throws -> [DiaryNote] {
        try await StorageFailure.run("read notes", logger: database.logger) {
            try await Self.fetch(
                scoped(userID)
                    .filter(\.$movieCode == key.movieCode)
                    .filter(\.$watchedOn == key.watchedOn.isoString)
                    .sort(\.$createdAt)
                    .sort(\.$id))
        }
    }

    func importBatch(_ batch: DiaryImportBatch, userID: UUID, limits: DiaryLimits) async throws
        -> DiaryImportOutcome
    {
        let outcome = try await StorageFailure.run("import notes", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            return try await database.transaction { transaction in
                try await Self.importBatch(batch, userID: userID, limits: limits, on: transaction)
            }
        }
        if outcome.inserted.count >= Self.analyzeAfter {
            // Until autovacuum analyzes the table (a minute or more later), PostgreSQL plans the lists without
            // statistics of the new rows: it sorted all of a 50,000-note diary for a deep page (100 ms) instead of
            // reading the order's index. The import is committed: a failure here only leaves that to autovacuum.
            do {
                try await PlannerStatistics.analyze([DiaryNoteModel.schema], on: database.requireSQL())
            } catch {
                database.logger.warning(
                    "could not analyze the notes after an import",
                    metadata: ["error": .string(StorageFailure.describe(error))])
            }
        }
        return outcome
    }

    /// Notes an import adds at least for PostgreSQL's statistics to be refreshed at once.
    static let analyzeAfter = 1_000

    /// Thrown inside a transaction to roll it back (and its version bump) when the note does not exist.
    private struct Missing: Error {}

    /// `true` when `change` ran, `false` when it threw ``Missing``.
    private static func unlessMissing(_ change: () async throws -> Void) async throws -> Bool {
        do {
            try await change()
            return true
        } catch is Missing {
            return false
        }
    }

    // MARK: - Queries

    /// Runs `query` and decodes its rows straight into notes (see ``DiaryNoteModel/note(from:lists:)``).
    static func fetch(_ query: QueryBuilder<DiaryNoteModel>) async throws -> [DiaryNote] {
        let decoder = JSONDecoder()
        let rows = Locked<[Result<DiaryNote, any Error>]>([])
        try await query.run { output in
            let note = Result { try DiaryNoteModel.note(from: output, lists: decoder) }
            rows.withLock { $0.append(note) }
        }
        return try rows.withLock { try $0.map { try $0.get() } }
    }

    func scoped(_ userID: UUID, on database: (any Database)? = nil) -> QueryBuilder<DiaryNoteModel> {
        DiaryNoteModel.query(on: database ?? self.database).filter(\.$userID == userID)
    }

    // MARK: - Import

    private static func importBatch(
        _ batch: DiaryImportBatch, userID: UUID, limits: DiaryLimits, on database: any Database
    ) async throws -> DiaryImportOutcome {
        // Locks the user's row (PostgreSQL) or the file (SQLite): one import per user at a time, so two imports
        // of the same file cannot both pass the duplicate check below. First, as a diary change does, the nations'
        // lock shared (``DiaryNationFold``).
        try await DiaryNationFold.lockShared(on: database)
        try await database.requireSQL()
            .update(DiaryUserModel.schema)
            .set(SQLIdentifier("import_serial"), to: SQLRaw("import_serial + 1"))
            .set(SQLIdentifier("diary_version"), to: SQLRaw("diary_version + 1"))
            .where("id", .equal, SQLBind(userID))
            .run()

        // Categories: reuse by name, create the missing ones at the end of the user's order.
        let categories = try await FluentDiaryCategoryRepository.ordered(userID: userID, on: database)
        var categoryIDs: [String: UUID] = [:]
        for category in categories { categoryIDs[category.nameKey] = try category.requireID() }
        var position = (categories.map(\.position).max() ?? -1) + 1
        var created: [String] = []
        let now = DiaryTime.normalized(Date())
        for category in batch.categories {
            let key = DiaryValidation.categoryKey(category.name)
            guard categoryIDs[key] == nil else { continue }
            guard categoryIDs.count < limits.categories else {
                throw BoxOfficeError.invalid(nil, .tooManyCategories(limit: limits.categories))
            }
            let model = DiaryCategoryModel()
            model.id = UUID()
            model.userID = userID
            model.name = category.name
            model.nameKey = key
            model.visible = category.visible
            model.position = position
            model.createdAt = now
            try await model.create(on: database)
            categoryIDs[key] = model.id
            position += 1
            created.append(category.name)
        }

        // Duplicates are judged against what the user had before this import (plain rows: a Fluent model for each of
        // 50,000 notes would weigh more than the notes themselves).
        struct Existing {
            var ids: Set<UUID> = []
            var keys: Set<String> = []
            var failure: (any Error)?
        }
        let found = Locked(Existing())
        let sql = try database.requireSQL()
        try await sql.select().column("id").column("movie_code").column("watched_on")
            .from(DiaryNoteModel.schema)
            .where("user_id", .equal, SQLBind(userID))
            .run { row in
                found.withLock { existing in
                    do {
                        existing.ids.insert(try row.decode(column: "id", as: UUID.self))
                        let code = try row.decode(column: "movie_code", as: String.self)
                        existing.keys.insert("\(code)|\(try row.decode(column: "watched_on", as: String.self))")
                    } catch {
                        existing.failure = existing.failure ?? error
                    }
                }
            }
        let existing = found.withLock { $0 }
        if let failure = existing.failure { throw failure }
        let existingIDs = existing.ids
        let existingKeys = existing.keys
        let adding = batch.notes.count {
            !existingIDs.contains($0.note.id)
                && !existingKeys.contains("\($0.note.movieCode)|\($0.note.watchedOn.isoString)")
        }
        guard adding == 0 || existingIDs.count + adding <= limits.notes else {
            throw BoxOfficeError.invalid(
                nil, .importPastNoteLimit(notes: existingIDs.count, adding: adding, limit: limits.notes))
        }
        let candidateIDs = batch.notes.map(\.note.id).filter { !existingIDs.contains($0) }
        let takenElsewhere = try await takenIDs(Array(Set(candidateIDs)), on: database)

        var usedIDs: Set<UUID> = []
        var inserted: [DiaryNote] = []
        var duplicates: [Int] = []
        // Written a chunk at a time in this one transaction: the SQL values (19 bound values a note) exist for one
        // chunk at a time, so memory does not grow with the import. The counts' changes add up as the chunks go
        // (as many as the distinct items, far fewer than the notes) and are written once at the end.
        var chunk: [DiaryNote] = []
        var counts: [DiaryStatCounts.Key: Int] = [:]
        func flush() async throws {
            guard !chunk.isEmpty else { return }
            for start in stride(from: 0, to: chunk.count, by: insertChunk) {
                let insert = sql.insert(into: DiaryNoteModel.schema).columns(DiaryNoteModel.insertColumns)
                for note in chunk[start..<min(chunk.count, start + insertChunk)] {
                    insert.values(try DiaryNoteModel.insertValues(note, userID: userID))
                }
                try await insert.run()
            }
            var deltas = try await DiaryStatCounts.deltas(adding: chunk, removing: [], on: database)
            counts.merge(deltas.counts, uniquingKeysWith: +)
            deltas.counts = [:]
            try await DiaryStatCounts.apply(deltas, userID: userID, on: database)
            inserted.append(contentsOf: chunk)
            chunk.removeAll(keepingCapacity: true)
        }
        for entry in batch.notes {
            var note = entry.note
            if existingIDs.contains(note.id) || existingKeys.contains("\(note.movieCode)|\(note.watchedOn.isoString)") {
                duplicates.append(entry.line)
                continue
            }
            // Ids are kept when free (so moving a diary between instances keeps them), else replaced; so is one made
            // from an idempotency key, which only that key's request may take.
            let kept =
                !takenElsewhere.contains(note.id) && !usedIDs.contains(note.id)
                && !DiaryNoteService.isMadeFromKey(note.id)
            if !kept { note.id = UUID() }
            usedIDs.insert(note.id)
            note.categoryId = entry.categoryName.flatMap { categoryIDs[DiaryValidation.categoryKey($0)] }
            chunk.append(note)
            if chunk.count >= importChunk { try await flush() }
        }
        try await flush()
        try await DiaryStatCounts.apply(
            DiaryStatCounts.Deltas(counts: counts, added: [], removed: []), userID: userID, on: database)
        return DiaryImportOutcome(inserted: inserted, duplicateLines: duplicates, categoriesCreated: created)
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
}
