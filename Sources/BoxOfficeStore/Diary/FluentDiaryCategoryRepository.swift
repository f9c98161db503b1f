import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Categories in `diary_categories`, every query scoped to one user.
///
/// Positions are kept dense (0, 1, 2 …) per user: moves and deletes renumber in the same transaction.
struct FluentDiaryCategoryRepository: DiaryCategoryRepository {
    let database: any Database

    /// Thrown inside a transaction to roll it back when a name is taken.
    private struct NameTaken: Error {}

    private enum Outcome<Value: Sendable>: Sendable {
        case done(Value)
        case nameTaken
    }

    func categories(userID: UUID) async throws -> [DiaryCategory] {
        try await StorageFailure.run("list categories", logger: database.logger) {
            let models = try await Self.ordered(userID: userID, on: database)
            let counts = try await Self.noteCounts(userID: userID, on: database)
            return try models.map { try $0.domain(noteCount: counts[try $0.requireID()] ?? 0) }
        }
    }

    func category(id: UUID, userID: UUID) async throws -> DiaryCategory? {
        try await StorageFailure.run("read a category", logger: database.logger) {
            guard
                let model = try await DiaryCategoryModel.query(on: database)
                    .filter(\.$id == id).filter(\.$userID == userID).first()
            else { return nil }
            return try model.domain(noteCount: try await Self.noteCount(categoryID: id, userID: userID, on: database))
        }
    }

    func createCategory(id: UUID, name: String, visible: Bool, userID: UUID, createdAt: Date, limit: Int) async throws
        -> DiaryCategory
    {
        try await inNamingTransaction(name: name, action: "create a category", userID: userID) { transaction in
            let existing = try await Self.ordered(userID: userID, on: transaction)
            let key = DiaryValidation.categoryKey(name)
            if existing.contains(where: { $0.nameKey == key }) { throw NameTaken() }
            guard existing.count < limit else { throw BoxOfficeError.invalid(nil, .tooManyCategories(limit: limit)) }
            let model = DiaryCategoryModel()
            model.id = id
            model.userID = userID
            model.name = name
            model.nameKey = key
            model.visible = visible
            model.position = (existing.map(\.position).max() ?? -1) + 1
            model.createdAt = createdAt
            try await model.create(on: transaction)
            return try model.domain(noteCount: 0)
        }
    }

    func updateCategory(id: UUID, userID: UUID, changes: CategoryChanges) async throws -> DiaryCategory? {
        try await inNamingTransaction(name: changes.name ?? "", action: "change a category", userID: userID) {
            transaction -> DiaryCategory? in
            var ordered = try await Self.ordered(userID: userID, on: transaction)
            guard let index = ordered.firstIndex(where: { $0.id == id }) else { return nil }
            let target = ordered[index]
            if let name = changes.name {
                let key = DiaryValidation.categoryKey(name)
                if ordered.contains(where: { $0.id != id && $0.nameKey == key }) { throw NameTaken() }
                target.name = name
                target.nameKey = key
            }
            if let visible = changes.visible { target.visible = visible }
            if let position = changes.position {
                ordered.remove(at: index)
                ordered.insert(target, at: min(max(0, position), ordered.count))
            }
            try await Self.renumber(ordered, on: transaction)
            try await target.save(on: transaction)
            return try target.domain(
                noteCount: try await Self.noteCount(categoryID: id, userID: userID, on: transaction))
        }
    }

    /// Runs `body` in one transaction that first bumps the user's diary version. A name another of the user's
    /// categories holds, whether `body` sees it (and throws ``NameTaken``) or the unique index does, rolls it back
    /// and throws the conflict naming `name`.
    private func inNamingTransaction<Value: Sendable>(
        name: String, action: String, userID: UUID,
        _ body: @escaping @Sendable (any Database) async throws -> Value
    ) async throws -> Value {
        let outcome = try await StorageFailure.run(action, logger: database.logger) {
            () async throws -> Outcome<Value> in
            do {
                return .done(
                    try await database.transaction { transaction in
                        try await DiaryVersionStore.bump(userID: userID, on: transaction)
                        return try await body(transaction)
                    })
            } catch is NameTaken {
                return .nameTaken
            } catch let error as any DatabaseError where error.isConstraintFailure {
                return .nameTaken
            }
        }
        switch outcome {
        case .done(let value): return value
        case .nameTaken: throw Self.nameTaken(name)
        }
    }

    func deleteCategory(id: UUID, userID: UUID, notes: CategoryNotesDisposition) async throws -> Bool {
        try await StorageFailure.run("delete a category", logger: database.logger) {
            // Checked before anything changes: an unknown category or target leaves every note as it was.
            let ordered = try await Self.ordered(userID: userID, on: database)
            guard ordered.contains(where: { $0.id == id }) else { return false }
            // The notes first, a chunk per transaction on SQLite: a category of 100,000 notes never holds the store
            // for long (on PostgreSQL at once, as an account's deletion: see `DiaryAccountDeletion.inChunks`).
            while try DiaryAccountDeletion.inChunks(database),
                try await database.transaction({ transaction in
                    try await Self.dispose(
                        notes, of: id, userID: userID, limit: Self.disposalChunk, on: transaction)
                })
            {}
            return try await database.transaction { transaction in
                var ordered = try await Self.ordered(userID: userID, on: transaction)
                guard let index = ordered.firstIndex(where: { $0.id == id }) else { return false }
                // Notes filed under it since the last chunk (another device) go the same way.
                _ = try await Self.dispose(notes, of: id, userID: userID, limit: nil, on: transaction)
                try await ordered.remove(at: index).delete(on: transaction)
                try await Self.renumber(ordered, on: transaction)
                return true
            }
        }
    }

    /// Notes a category's deletion disposes of per transaction.
    static let disposalChunk = 500

    /// Disposes of up to `limit` (`nil`: all) of the category's notes as `disposition` says, after bumping the diary's
    /// version; `true` when as many as `limit` were found (more may remain).
    private static func dispose(
        _ disposition: CategoryNotesDisposition, of id: UUID, userID: UUID, limit: Int?, on database: any Database
    ) async throws -> Bool {
        try await DiaryVersionStore.bump(userID: userID, on: database)
        let inCategory = {
            DiaryNoteModel.query(on: database).filter(\.$userID == userID).filter(\.$categoryID == id)
        }
        let chosen = inCategory()
        if let limit { chosen.limit(limit) }
        switch disposition {
        case .uncategorize, .move:
            var target: UUID?
            if case .move(let to) = disposition {
                guard to != id,
                    try await DiaryCategoryModel.query(on: database).filter(\.$userID == userID).filter(\.$id == to)
                        .count() == 1
                else { throw BoxOfficeError.invalid("to", .unknownCategory, value: to.uuidString) }
                target = to
            }
            let ids = try await chosen.field(\.$id).all().map { try $0.requireID() }
            if !ids.isEmpty {
                try await inCategory().filter(\.$id ~~ ids).set(\.$categoryID, to: target).update()
            }
            return ids.count == limit
        case .delete:
            return try await FluentDiaryNoteRepository.deleteNotes(chosen, userID: userID, on: database) == limit
        }
    }

    // MARK: - Helpers

    static func nameTaken(_ name: String) -> DiaryError {
        .conflict(.categoryNameTaken(name))
    }

    /// The user's categories in order.
    static func ordered(userID: UUID, on database: any Database) async throws -> [DiaryCategoryModel] {
        try await DiaryCategoryModel.query(on: database)
            .filter(\.$userID == userID)
            .sort(\.$position)
            .sort(\.$nameKey)
            .sort(\.$id)
            .all()
    }

    /// Writes positions 0, 1, 2 … where they differ.
    static func renumber(_ ordered: [DiaryCategoryModel], on database: any Database) async throws {
        for (position, model) in ordered.enumerated() where model.position != position {
            model.position = position
            try await model.save(on: database)
        }
    }

    static func noteCount(categoryID: UUID, userID: UUID, on database: any Database) async throws -> Int {
        try await DiaryNoteModel.query(on: database)
            .filter(\.$userID == userID)
            .filter(\.$categoryID == categoryID)
            .count(\.$userID)
    }

    /// Notes per category of the user, in one query: for each of the user's categories, a count on the notes'
    /// category index alone (no note row is read, and no grouping sort as a join with GROUP BY would need).
    static func noteCounts(userID: UUID, on database: any Database) async throws -> [UUID: Int] {
        let notes = DiaryNoteModel.schema
        let categories = DiaryCategoryModel.schema
        let rows = try await database.requireSQL()
            .select()
            .column(SQLColumn("id", table: categories), as: "category_id")
            .column(
                SQLSubquery.select {
                    $0.column(SQLFunction("COUNT", args: SQLLiteral.all))
                        .from(notes)
                        .where(SQLColumn("category_id", table: notes), .equal, SQLColumn("id", table: categories))
                }, as: "note_count"
            )
            .from(categories)
            .where(SQLColumn("user_id", table: categories), .equal, SQLBind(userID))
            .all()
        var counts: [UUID: Int] = [:]
        for row in rows {
            counts[try row.decode(column: "category_id", as: UUID.self)] = try row.decode(
                column: "note_count", as: Int.self)
        }
        return counts
    }
}
