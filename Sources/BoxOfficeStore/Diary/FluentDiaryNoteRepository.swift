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
    /// Called after each chunk of an import commits, with the chunks committed so far (tests hold an import there).
    var importChunkCommitted: (@Sendable (Int) async -> Void)? = nil

    func createNote(_ note: DiaryNote, userID: UUID, limits: DiaryLimits) async throws {
        try await StorageFailure.run("save a note", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            try await database.transaction { transaction in
                // The bump holds the user's row (or SQLite's one writer) to the end: saves at once count in turn.
                try await DiaryVersionStore.bump(userID: userID, on: transaction)
                let totals = try await DiaryStatCounts.totals(userID: userID, on: transaction)
                guard totals.notes < limits.notes else {
                    throw BoxOfficeError.invalid(nil, .tooManyNotes(limit: limits.notes))
                }
                try await Self.requireCategory(note.categoryId, userID: userID, on: transaction)
                try DiaryStatCounts.checkMemoRoom(
                    adding: [note], removing: [], limit: limits.memoCharacters, held: totals.memoCharacters)
                let note = try await DiaryNameRows.admit(
                    note, limit: limits.nameRows, held: totals.nameRows, userID: userID, on: transaction)
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

    func updateNote(
        id: UUID, userID: UUID, limits: DiaryLimits, change: @escaping @Sendable (DiaryNote) throws -> DiaryNote
    ) async throws -> DiaryNote? {
        try await StorageFailure.run("save a note", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            return try await Self.unlessMissing {
                try await database.transaction { transaction in
                    // The note is read after the bump, so a change saved meanwhile by another request is in `old`.
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    guard
                        let old = try await Self.fetch(
                            scoped(userID, on: transaction).filter(\.$id == id).limit(1)
                        ).first,
                        let model = try await scoped(userID, on: transaction).filter(\.$id == id).first()
                    else { throw Missing() }
                    var note = try change(old)
                    note.id = old.id
                    if note.categoryId != old.categoryId {
                        try await Self.requireCategory(note.categoryId, userID: userID, on: transaction)
                    }
                    let totals = try await DiaryStatCounts.totals(userID: userID, on: transaction)
                    try DiaryStatCounts.checkMemoRoom(
                        adding: [note], removing: [old], limit: limits.memoCharacters, held: totals.memoCharacters)
                    note = try await DiaryNameRows.admit(
                        note, limit: limits.nameRows, held: totals.nameRows, userID: userID, on: transaction)
                    try model.update(from: note)
                    try await model.save(on: transaction)
                    try await DiaryStatCounts.apply(
                        try await DiaryStatCounts.deltas(adding: [note], removing: [old], on: transaction),
                        userID: userID, on: transaction)
                    return note
                }
            }
        }
    }

    /// Throws ``InputRule/unknownCategory`` unless `id` is `nil` or one of the user's categories now: a category
    /// deleted since the service looked is refused in the reader's words, not by the foreign key.
    static func requireCategory(_ id: UUID?, userID: UUID, on database: any Database) async throws {
        guard let id else { return }
        let found = try await DiaryCategoryModel.query(on: database)
            .filter(\.$id == id).filter(\.$userID == userID).count()
        guard found > 0 else { throw BoxOfficeError.invalid("categoryId", .unknownCategory, value: id.uuidString) }
    }

    func deleteNote(id: UUID, userID: UUID) async throws -> Bool {
        try await StorageFailure.run("delete a note", logger: database.logger) {
            try await DiaryNationFold.ensure(origin: nationOrigin, on: database)
            let deleted: Void? = try await Self.unlessMissing {
                try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    let deleted = try await Self.deleteNotes(
                        scoped(userID, on: transaction).filter(\.$id == id), userID: userID, on: transaction)
                    guard deleted > 0 else { throw Missing() }
                }
            }
            return deleted != nil
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
            return try await DiaryNoteImport(
                userID: userID, limits: limits, database: database, chunkCommitted: importChunkCommitted
            ).run(batch)
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

    /// What `change` returned, or `nil` when it threw ``Missing``.
    private static func unlessMissing<Result>(_ change: () async throws -> Result) async throws -> Result? {
        do {
            return try await change()
        } catch is Missing {
            return nil
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

    /// Deletes the notes `query` finds (of `userID`), as they stand, with the counts they made; how many. Call it in
    /// the transaction that changes the notes, after ``DiaryVersionStore/bump(userID:on:)``.
    static func deleteNotes(_ query: QueryBuilder<DiaryNoteModel>, userID: UUID, on database: any Database)
        async throws -> Int
    {
        let notes = try await fetch(query)
        guard !notes.isEmpty else { return 0 }
        try await DiaryNoteModel.query(on: database).filter(\.$userID == userID).filter(\.$id ~~ notes.map(\.id))
            .delete()
        try await DiaryStatCounts.apply(
            try await DiaryStatCounts.deltas(adding: [], removing: notes, on: database), userID: userID, on: database)
        return notes.count
    }

    func scoped(_ userID: UUID, on database: (any Database)? = nil) -> QueryBuilder<DiaryNoteModel> {
        DiaryNoteModel.query(on: database ?? self.database).filter(\.$userID == userID)
    }
}
