import BoxOfficeCore
import FluentKit
import Foundation
import KOBIS
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    @Suite("Diary store: deleting an account")
    struct DiaryAccountDeletionStoreTests {
        /// Every table with a `user_id` column, read from the database itself, so a table added later is checked too.
        static func userTables(_ database: BoxOfficeDatabase) async throws -> [String] {
            let sql = try database.database.requireSQL()
            if sql.dialect.name == "postgresql" {
                return try await sql.raw(
                    """
                    SELECT table_name FROM information_schema.columns \
                    WHERE column_name = 'user_id' AND table_schema = current_schema() ORDER BY table_name
                    """
                ).all().map { try $0.decode(column: "table_name", as: String.self) }
            }
            var tables: [String] = []
            for row in try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() {
                let name = try row.decode(column: "name", as: String.self)
                let columns = try await sql.raw("SELECT name FROM pragma_table_info(\(bind: name))").all()
                if try columns.contains(where: { try $0.decode(column: "name", as: String.self) == "user_id" }) {
                    tables.append(name)
                }
            }
            return tables
        }

        static func rows(of userID: UUID, in table: String, _ database: BoxOfficeDatabase) async throws -> Int {
            try await database.database.requireSQL().raw(
                "SELECT COUNT(*) AS n FROM \(ident: table) WHERE user_id = \(bind: userID)"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }

        static func event(_ user: DiaryUser) -> AlertEvent {
            AlertEvent(
                userID: user.id, kind: .first, movieCode: "20190001", title: "기생충", date: CalendarDate("2024-03-19")!)
        }

        /// Gives `user` a row in every kind of table an account fills.
        static func fill(_ user: DiaryUser, _ database: BoxOfficeDatabase) async throws {
            let repositories = database.diaryRepositories()
            let now = DiaryStoreFixtures.now
            let category = try await repositories.categories.createCategory(
                id: UUID(), name: "인생 영화", visible: true, userID: user.id, createdAt: now)
            var note = DiaryStoreFixtures.note(categoryId: category.id)
            note.id = UUID()
            try await repositories.notes.createNote(note, userID: user.id)
            try await repositories.tokens.createToken(
                DiaryToken(id: UUID(), name: "t", createdAt: now), userID: user.id, tokenHash: "token-\(user.id)")
            try await repositories.sessions.createSession(
                DiarySession(
                    id: UUID(), user: user, csrfToken: "c", createdAt: now, expiresAt: now.addingTimeInterval(600)),
                tokenHash: "session-\(user.id)")
            _ = try await database.watchlistRepository().add(
                WatchlistEntry(movieCode: "20190001", title: "기생충", openDate: CalendarDate("2019-05-30"), addedAt: now),
                userID: user.id)
            let hook = Webhook(
                id: UUID(), userID: user.id, url: "https://hooks.example.com/\(user.id)", events: [.first],
                format: .json, createdAt: now)
            #expect(try await database.webhookRepository().createWebhook(hook, secret: "s", limit: 10))
            try await database.webhookRepository().enqueue([
                WebhookDelivery(
                    id: UUID(), webhookID: hook.id,
                    message: WebhookMessage(kind: "first", title: "t", text: "x", fields: [:]), createdAt: now,
                    nextAttemptAt: now)
            ])
            try await database.loginDeviceRepository().rememberDevice(
                tokenHash: "device-\(user.id)", userID: user.id, at: now, keeping: 20)
            try await database.feedSecretRepository().replaceSecret(
                digest: "feed-\(user.id)", userID: user.id, createdAt: now)
            let test = WebhookDelivery(
                id: UUID(), webhookID: hook.id,
                message: WebhookMessage(kind: "test", title: "t", text: "x", fields: [:]),
                createdAt: now, nextAttemptAt: now)
            #expect(
                try await database.webhookRepository().enqueueTest(
                    test, userID: user.id, since: now.addingTimeInterval(-3600), limit: 5, personLimit: 20) == .queued)
            #expect(
                try await database.importLookupBudgetStore().spend(
                    userID: user.id, day: CalendarDate("2024-03-20")!, limit: 10))
            try await database.watchlistRepository().setRemovalPreference(.always, userID: user.id)
            #expect(try await database.alertRepository().insert([Self.event(user)], createdAt: now).count == 1)
            _ = try await repositories.loginAttempts.takeLoginSlot(
                usernameKey: DiaryValidation.usernameKey(user.username), at: now,
                windowStart: now.addingTimeInterval(-900),
                limit: 5)
        }

        @Test(
            "an account's deletion takes every row of it from every table that names a user, and no one else's",
            arguments: Backend.enabled)
        func deletesEverything(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                try await Self.fill(minji, database)
                try await Self.fill(other, database)
                let tables = try await Self.userTables(database)
                #expect(tables.count >= 10, "\(tables)")
                var filled: [String] = []
                for table in tables where try await Self.rows(of: minji.id, in: table, database) > 0 {
                    filled.append(table)
                }
                #expect(filled.count == tables.count, "the fill reaches every table: \(filled) of \(tables)")

                #expect(try await repositories.users.deleteUser(id: minji.id))
                for table in tables {
                    #expect(try await Self.rows(of: minji.id, in: table, database) == 0, "\(table)")
                }
                for table in filled {
                    #expect(try await Self.rows(of: other.id, in: table, database) > 0, "\(table) kept other's")
                }
                #expect(try await database.rowCount(of: "webhook_deliveries") == 2, "the deleted hooks' went with them")
                #expect(
                    try await database.rowCount(of: "diary_login_attempts") == 1,
                    "the deleted name's failed log-ins went too; the other's stay")
                #expect(try await repositories.users.user(id: minji.id) == nil)
                #expect(try await repositories.users.credentials(usernameKey: "minji") == nil)
                #expect(try await repositories.users.deleteUser(id: minji.id) == false)
                // Alerts and webhook copies made for the deleted account meanwhile are left out, not everyone's.
                let late = try await database.alertRepository().insert(
                    [
                        Self.event(minji),
                        AlertEvent(
                            userID: other.id, kind: .first, movieCode: "20190002", title: "괴물",
                            date: CalendarDate("2024-03-19")!),
                    ],
                    createdAt: DiaryStoreFixtures.now)
                #expect(late.map(\.userID) == [other.id])
                let theirs = try #require(try await database.webhookRepository().webhooks(userID: other.id).first)
                let deliveries = [UUID(), theirs.id].map { hook in
                    WebhookDelivery(
                        id: UUID(), webhookID: hook,
                        message: WebhookMessage(kind: "first", title: "t", text: "x", fields: [:]),
                        createdAt: DiaryStoreFixtures.now, nextAttemptAt: DiaryStoreFixtures.now)
                }
                try await database.webhookRepository().enqueue(deliveries)
                #expect(try await database.rowCount(of: "webhook_deliveries") == 3)
                // The name is free again.
                _ = try await DiaryStoreFixtures.createUser("minji", in: repositories)
            }
        }

        @Test(
            "a big diary goes a chunk per transaction; one a crash left closed is unreachable, and housekeeping ends it",
            arguments: Backend.enabled)
        func closedThenPurged(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                try await Self.fill(minji, database)
                try await Self.fill(other, database)
                // More notes (and counts) than one chunk holds.
                let notes = (0..<(DiaryAccountDeletion.chunk * 2 + 7)).map { index in
                    DiaryImportBatch.Note(
                        line: index + 2,
                        note: DiaryStoreFixtures.note(String(format: "2022%04d", index), watched: "2022-05-05"),
                        categoryName: nil)
                }
                _ = try await repositories.notes.importBatch(
                    DiaryImportBatch(categories: [], notes: notes), userID: minji.id)
                #expect(
                    try await Self.rows(of: minji.id, in: "diary_stat_counts", database) > DiaryAccountDeletion.chunk)

                // What a crash after the first step leaves: closed, not purged.
                #expect(try await DiaryAccountDeletion.close(id: minji.id, on: database.database))
                #expect(try await DiaryAccountDeletion.close(id: minji.id, on: database.database) == false)
                #expect(try await repositories.users.credentials(usernameKey: "minji") == nil)
                #expect(
                    try await repositories.sessions.activeSession(
                        tokenHash: "session-\(minji.id)", now: DiaryStoreFixtures.now) == nil)
                #expect(try await repositories.tokens.token(hash: "token-\(minji.id)") == nil)
                #expect(try await Self.rows(of: minji.id, in: "feed_secrets", database) == 0)
                #expect(try await Self.rows(of: minji.id, in: "webhooks", database) == 0)
                // A log-in begun before the deletion makes its token and session after it: they reach nothing.
                try await repositories.tokens.createToken(
                    DiaryToken(id: UUID(), name: "late", createdAt: DiaryStoreFixtures.now), userID: minji.id,
                    tokenHash: "late-token")
                #expect(try await repositories.tokens.token(hash: "late-token") == nil)
                try await repositories.sessions.createSession(
                    DiarySession(
                        id: UUID(), user: minji, csrfToken: "c", createdAt: DiaryStoreFixtures.now,
                        expiresAt: DiaryStoreFixtures.now.addingTimeInterval(600)),
                    tokenHash: "late-session")
                #expect(
                    try await repositories.sessions.activeSession(
                        tokenHash: "late-session", now: DiaryStoreFixtures.now)
                        == nil)
                try await database.feedSecretRepository().replaceSecret(
                    digest: "late-feed", userID: minji.id, createdAt: DiaryStoreFixtures.now)
                #expect(try await database.feedSecretRepository().userID(digest: "late-feed") == nil)
                // Nor does a password change confirmed before the deletion open it again.
                try await repositories.users.updatePasswordHash(userID: minji.id, passwordHash: "changed")
                let hash = try await database.database.requireSQL().raw(
                    "SELECT password_hash FROM diary_users WHERE id = \(bind: minji.id)"
                ).first()?.decode(column: "password_hash", as: String.self)
                #expect(hash == "")
                #expect(try await database.rowCount(of: "webhook_deliveries") == 2, "only the other's hook's")
                // The name is free at once; a second deletion of the closed account finds nothing to do.
                let again = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                #expect(try await repositories.users.deleteUser(id: minji.id) == false)
                #expect(try await Self.rows(of: minji.id, in: "diary_notes", database) == notes.count + 1)

                // An import a crash ended left its lease naming the account.
                #expect(
                    try await database.leaseStore().acquire(
                        DiaryNoteImport.leaseName(of: minji.id), holder: "crashed", now: DiaryStoreFixtures.now,
                        until: DiaryStoreFixtures.now.addingTimeInterval(120)))
                #expect(try await repositories.users.finishDeletions() == 1)
                #expect(try await database.rowCount(of: "leases") == 0)
                #expect(try await repositories.users.finishDeletions() == 0)
                for table in try await Self.userTables(database) {
                    #expect(try await Self.rows(of: minji.id, in: table, database) == 0, "\(table)")
                }
                #expect(try await repositories.users.user(id: minji.id) == nil)
                #expect(try await repositories.users.user(id: again.id) != nil)
                #expect(try await repositories.notes.noteCount(userID: other.id) == 1)
                #expect(try await Self.rows(of: other.id, in: "diary_stat_counts", database) > 0)
            }
        }
    }
}
