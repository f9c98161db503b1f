import BoxOfficeCore
import FluentKit
import Foundation
import KOBIS
import SQLKit

/// One import's notes, written a chunk at a time, each chunk its own transaction: a big import never holds the store
/// (SQLite's one connection) for longer than a chunk. A failure takes back the chunks written before it. One import
/// per person runs at a time, on any instance (a named lease in `leases`); each chunk judges its duplicates and ids
/// against the store as it is then (another device, another person's import of the same file), re-reads the
/// categories when the diary moved, and stops when the account was deleted meanwhile.
struct DiaryNoteImport {
    let userID: UUID
    let limits: DiaryLimits
    let database: any Database
    var chunkCommitted: (@Sendable (Int) async -> Void)? = nil
    /// This import's name in the account's lease.
    let holder = UUID().uuidString

    /// Notes written, and counted, per transaction (straight SQL: creating Fluent models reflected over their 19
    /// properties for every note, a third of the time of importing 5,000 notes).
    static let chunk = 500
    /// Rows per INSERT: well under both databases' limits on bound parameters.
    static let insertRows = 200

    /// What the diary held before the import.
    private struct Existing: Sendable {
        var ids: Set<UUID> = []
        var keys: Set<DiaryNoteKey> = []
    }

    /// What the first transaction settled: the categories and the diary's version.
    private struct Prepared: Sendable {
        var version: Int64
        var categoryIDs: [String: UUID]
        var createdNames: [String]
        var createdIDs: [UUID]
    }

    /// The file's notes from a chunk to the end, and their memos' characters.
    private struct Remaining {
        var notes: Int
        var characters: Int
    }

    /// What the chunks decided and wrote so far: kept in one place (not copied into each chunk's transaction, which
    /// grew with the square of the import).
    struct Progress {
        /// The diary version the last chunk left.
        var version: Int64
        var categoryIDs: [String: UUID]
        var inserted: [DiaryNote] = []
        var insertedIDs: Set<UUID> = []
        var usedIDs: Set<UUID> = []
        var duplicates: [Int] = []
    }

    func run(_ batch: DiaryImportBatch) async throws -> DiaryImportOutcome {
        let prepared = try await database.transaction { try await prepare(batch, on: $0) }
        let progress = Locked(Progress(version: prepared.version, categoryIDs: prepared.categoryIDs))
        // In the order watched (the file's order within a day): a chunk's notes then share their days, months and
        // years, so each chunk's counts touch few rows.
        let notes = batch.notes.enumerated().sorted {
            ($0.element.note.watchedOn, $0.offset) < ($1.element.note.watchedOn, $1.offset)
        }.map(\.element)
        // The memos' characters from each note to the end, for a refusal part-way to say what the file adds.
        var charactersFrom = [Int](repeating: 0, count: notes.count + 1)
        for index in notes.indices.reversed() {
            charactersFrom[index] = charactersFrom[index + 1] + DiaryStatCounts.memoCharacters(notes[index].note.memo)
        }
        do {
            for start in stride(from: 0, to: notes.count, by: Self.chunk) {
                let entries = notes[start..<min(notes.count, start + Self.chunk)]
                let remaining = Remaining(notes: notes.count - start, characters: charactersFrom[start])
                let written = try await database.transaction { transaction in
                    try await write(entries, remaining: remaining, progress: progress, on: transaction)
                }
                progress.withLock {
                    $0.inserted.append(contentsOf: written)
                    $0.insertedIDs.formUnion(written.map(\.id))
                }
                await chunkCommitted?(start / Self.chunk + 1)
            }
        } catch {
            await takeBack(progress.withLock { $0.inserted.map(\.id) }, categories: prepared.createdIDs)
            await releaseLease()
            throw error
        }
        await releaseLease()
        return progress.withLock {
            DiaryImportOutcome(
                inserted: $0.inserted, duplicateLines: $0.duplicates.sorted(), categoriesCreated: prepared.createdNames)
        }
    }

    // MARK: - The first transaction

    private func prepare(_ batch: DiaryImportBatch, on database: any Database) async throws -> Prepared {
        try await DiaryVersionStore.bump(userID: userID, on: database)
        let version = try await accountVersion(on: database)
        try await holdLease(on: database)

        // Categories: reuse by name, create the missing ones at the end of the user's order.
        let categories = try await FluentDiaryCategoryRepository.ordered(userID: userID, on: database)
        var categoryIDs = try Self.categoryIDs(categories)
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

        // The whole diary read once, to refuse an import past the limit before anything is written.
        let existing = try await Self.existing(userID: userID, on: database)
        let adding = batch.notes.count { !Self.isDuplicate($0.note, of: existing) }
        guard adding == 0 || existing.ids.count + adding <= limits.notes else {
            throw BoxOfficeError.invalid(
                nil, .importPastNoteLimit(notes: existing.ids.count, adding: adding, limit: limits.notes))
        }
        let addingCharacters = batch.notes.reduce(0) {
            Self.isDuplicate($1.note, of: existing) ? $0 : $0 + DiaryStatCounts.memoCharacters($1.note.memo)
        }
        let characters = try await DiaryStatCounts.memoCharacters(userID: userID, on: database)
        guard addingCharacters == 0 || characters + addingCharacters <= limits.memoCharacters else {
            throw BoxOfficeError.invalid(
                nil,
                .importPastMemoLimit(characters: characters, adding: addingCharacters, limit: limits.memoCharacters))
        }
        return Prepared(
            version: version, categoryIDs: categoryIDs, createdNames: createdNames, createdIDs: createdIDs)
    }

    /// The ids and the movie-and-day keys of the user's notes.
    private static func existing(userID: UUID, on database: any Database) async throws -> Existing {
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
                        found.existing.ids.insert(try row.decode(column: "id", as: UUID.self))
                        let code = try row.decode(column: "movie_code", as: String.self)
                        let day = try row.decode(column: "watched_on", as: String.self)
                        if let day = CalendarDate(day) {
                            found.existing.keys.insert(DiaryNoteKey(movieCode: code, watchedOn: day))
                        }
                    } catch {
                        found.failure = found.failure ?? error
                    }
                }
            }
        let result = found.withLock { $0 }
        if let failure = result.failure { throw failure }
        return result.existing
    }

    private static func isDuplicate(_ note: DiaryNote, of existing: Existing) -> Bool {
        existing.ids.contains(note.id) || existing.keys.contains(note.duplicateKey)
    }

    // MARK: - A chunk

    /// Writes a chunk's notes that are not duplicates; returns them (their ids as written).
    private func write(
        _ entries: ArraySlice<DiaryImportBatch.Note>, remaining: Remaining, progress: Locked<Progress>,
        on database: any Database
    ) async throws -> [DiaryNote] {
        // The bump holds the user's row (PostgreSQL) or the one writer (SQLite) to the end of the chunk. A version
        // other than the one the last chunk left means the diary moved meanwhile: the categories are read again.
        try await DiaryVersionStore.bump(userID: userID, on: database)
        let version = try await accountVersion(on: database)
        try await holdLease(on: database)
        var categoryIDs: [String: UUID]?
        if progress.withLock({ version != $0.version + 1 }) {
            categoryIDs = try Self.categoryIDs(
                try await FluentDiaryCategoryRepository.ordered(userID: userID, on: database))
        }
        // What the store holds now of this chunk's ids (anyone's) and of its films and days (the person's).
        let found = try await ChunkMatches.read(entries.map(\.note), userID: userID, on: database)
        let notes = progress.withLock { progress -> [DiaryNote] in
            if let categoryIDs { progress.categoryIDs = categoryIDs }
            progress.version = version
            // The person's own notes apart from this import's: the ones a row duplicates.
            let ownIDs = found.ownIDs.subtracting(progress.insertedIDs)
            let ownKeys = Set(found.ownKeys.filter { !progress.insertedIDs.contains($0.id) }.map(\.key))
            var notes: [DiaryNote] = []
            for entry in entries {
                var note = entry.note
                if ownIDs.contains(note.id) || ownKeys.contains(note.duplicateKey) {
                    progress.duplicates.append(entry.line)
                    continue
                }
                // Ids are kept when free (so moving a diary between instances keeps them), else replaced; so is one
                // made from an idempotency key, which only that key's request may take.
                let kept =
                    !found.takenIDs.contains(note.id) && !progress.usedIDs.contains(note.id)
                    && !DiaryNoteService.isMadeFromKey(note.id)
                if !kept { note.id = UUID() }
                progress.usedIDs.insert(note.id)
                note.categoryId = entry.categoryName.flatMap { progress.categoryIDs[DiaryValidation.categoryKey($0)] }
                notes.append(note)
            }
            return notes
        }
        guard !notes.isEmpty else { return [] }
        let totals = try await DiaryStatCounts.totals(userID: userID, on: database)
        let count = totals.notes
        guard count + notes.count <= limits.notes else {
            let inserted = progress.withLock { $0.inserted.count }
            throw BoxOfficeError.invalid(
                nil,
                .importPastNoteLimit(notes: count - inserted, adding: inserted + remaining.notes, limit: limits.notes))
        }
        let adding = notes.reduce(0) { $0 + DiaryStatCounts.memoCharacters($1.memo) }
        let characters = totals.memoCharacters
        guard adding == 0 || characters + adding <= limits.memoCharacters else {
            let inserted = progress.withLock { $0.inserted.reduce(0) { $0 + DiaryStatCounts.memoCharacters($1.memo) } }
            throw BoxOfficeError.invalid(
                nil,
                .importPastMemoLimit(
                    characters: characters - inserted, adding: inserted + remaining.characters,
                    limit: limits.memoCharacters))
        }
        let admitted = try await DiaryNameRows.admit(
            notes, limit: limits.nameRows, held: totals.nameRows, userID: userID, on: database)
        let written = try await ChunkMatches.insert(admitted, userID: userID, on: database)
        try await DiaryStatCounts.apply(
            try await DiaryStatCounts.deltas(adding: written, removing: [], on: database), userID: userID, on: database)
        return written
    }

    /// The categories' ids by name key.
    private static func categoryIDs(_ categories: [DiaryCategoryModel]) throws -> [String: UUID] {
        var ids: [String: UUID] = [:]
        for category in categories { ids[category.nameKey] = try category.requireID() }
        return ids
    }
}
