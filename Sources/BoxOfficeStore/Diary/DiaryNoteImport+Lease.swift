import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// The import's lease on the account, the account's state as each chunk sees it, and taking back a failed import.
extension DiaryNoteImport {
    /// How long a lease lasts unless a chunk renews it: an import a crash ends frees the person's imports after it.
    static let leaseSeconds: Double = 120

    /// The lease one person's imports share, on every instance.
    var leaseName: String { Self.leaseName(of: userID) }

    static func leaseName(of userID: UUID) -> String { "diary-import:\(userID.uuidString.lowercased())" }

    /// Takes or renews this import's lease on the person's imports (``FluentLeaseStore``: renewed only by its
    /// holder), or throws ``DiaryError/importInProgress`` while another import of theirs holds it.
    func holdLease(on database: any Database) async throws {
        let now = Date()
        let held = try await FluentLeaseStore(database: database).acquire(
            leaseName, holder: holder, now: now, until: now.addingTimeInterval(Self.leaseSeconds))
        guard held else { throw DiaryError.importInProgress }
    }

    /// Ends this import's lease (only its own); a failure is logged (the lease then ends by itself).
    func releaseLease() async {
        do {
            try await FluentLeaseStore(database: database).release(leaseName, holder: holder)
        } catch {
            database.logger.warning(
                "could not end an import's lease", metadata: ["error": .string(StorageFailure.describe(error))])
        }
    }

    /// The diary's version, read after the chunk's bump; throws ``DiaryError/Unauthorized/notSignedIn`` when the
    /// account was deleted (or closed for deletion) since the import began.
    func accountVersion(on database: any Database) async throws -> Int64 {
        let row = try await database.requireSQL().select().column("diary_version").column("username_key")
            .from(DiaryUserModel.schema)
            .where("id", .equal, SQLBind(userID))
            .first()
        guard let row else { throw DiaryError.unauthorized(.notSignedIn) }
        guard !DiaryAccountDeletion.isClosed(try row.decode(column: "username_key", as: String.self)) else {
            throw DiaryError.unauthorized(.notSignedIn)
        }
        return try row.decode(column: "diary_version", as: Int64.self)
    }

    /// Deletes what a failed import wrote, a chunk at a time, as the notes stand now (the person may have changed
    /// one meanwhile), with the counts they made, and the categories it created that no note is filed under now.
    /// A failure here is logged: the original error is what the person hears, and importing again skips what stayed.
    func takeBack(_ ids: [UUID], categories: [UUID]) async {
        do {
            for start in stride(from: 0, to: ids.count, by: Self.chunk) {
                let chunk = Array(ids[start..<min(ids.count, start + Self.chunk)])
                _ = try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    return try await FluentDiaryNoteRepository.deleteNotes(
                        DiaryNoteModel.query(on: transaction).filter(\.$userID == userID).filter(\.$id ~~ chunk),
                        userID: userID, on: transaction)
                }
            }
            if !categories.isEmpty {
                try await database.transaction { transaction in
                    try await DiaryVersionStore.bump(userID: userID, on: transaction)
                    let sql = try transaction.requireSQL()
                    for id in categories {
                        try await sql.raw(
                            """
                            DELETE FROM \(ident: DiaryCategoryModel.schema) WHERE id = \(bind: id) \
                            AND user_id = \(bind: userID) AND NOT EXISTS (SELECT 1 FROM \
                            \(ident: DiaryNoteModel.schema) WHERE category_id = \(bind: id))
                            """
                        ).run()
                    }
                    try await FluentDiaryCategoryRepository.renumber(
                        try await FluentDiaryCategoryRepository.ordered(userID: userID, on: transaction),
                        on: transaction)
                }
            }
        } catch {
            database.logger.warning(
                "could not take back a failed import",
                metadata: ["error": .string(StorageFailure.describe(error)), "notes": .stringConvertible(ids.count)])
        }
    }
}
