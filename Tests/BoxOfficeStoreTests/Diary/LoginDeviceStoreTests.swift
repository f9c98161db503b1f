import BoxOfficeCore
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// The browsers people logged in on, in `diary_login_devices`: on a real SQLite file and on PostgreSQL when set.
@Suite("Diary store: browsers logged in on")
struct LoginDeviceStoreTests {
    static let now = WebhookStoreTests.now

    @Test(
        "a browser names its person; each keeps the most recently used; a new password forgets them; others' stay",
        arguments: Backend.enabled)
    func remembered(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let devices = database.loginDeviceRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let joon = try await AdminRepositoryTests.createUser("joon", in: database)
            for number in 0..<3 {
                try await devices.rememberDevice(
                    tokenHash: "m\(number)", userID: minji.id, at: Self.now.addingTimeInterval(Double(number)),
                    keeping: 3)
            }
            try await devices.rememberDevice(tokenHash: "j0", userID: joon.id, at: Self.now, keeping: 3)
            // Using the oldest makes it the most recent: the next one pushes out m1 instead.
            #expect(try await devices.deviceUser(tokenHash: "m0", at: Self.now.addingTimeInterval(10)) == minji.id)
            try await devices.rememberDevice(
                tokenHash: "m3", userID: minji.id, at: Self.now.addingTimeInterval(11), keeping: 3)
            #expect(try await devices.deviceUser(tokenHash: "m1", at: Self.now) == nil)
            for hash in ["m0", "m2", "m3"] {
                #expect(try await devices.deviceUser(tokenHash: hash, at: Self.now.addingTimeInterval(12)) == minji.id)
            }
            #expect(try await devices.deviceUser(tokenHash: "unknown", at: Self.now) == nil)
            // Unused since before a date: forgotten by the housekeeping (m0, m2 and m3 were used at +12 s).
            #expect(try await devices.forgetDevices(unusedSince: Self.now.addingTimeInterval(12)) == 1)
            #expect(try await devices.deviceUser(tokenHash: "j0", at: Self.now) == nil, "joon's j0 was unused since")
            try await devices.rememberDevice(tokenHash: "j0", userID: joon.id, at: Self.now, keeping: 3)
            try await devices.forgetDevices(userID: minji.id)
            #expect(try await database.rowCount(of: "diary_login_devices") == 1)
            #expect(try await devices.deviceUser(tokenHash: "j0", at: Self.now) == joon.id)
            #expect(try await database.diaryRepositories().users.deleteUser(id: joon.id))
            #expect(try await database.rowCount(of: "diary_login_devices") == 0, "they go with their person")
        }
    }

    @Test(
        "a store made before the table upgrades in place and remembers browsers from then on",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.prefix { !($0 is CreateDiaryLoginDevices) }
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            await #expect(throws: (any Error).self) { try await database.rowCount(of: "diary_login_devices") }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.diaryRepositories().users.user(id: minji.id) == minji)
            try await database.loginDeviceRepository().rememberDevice(
                tokenHash: "m0", userID: minji.id, at: Self.now, keeping: 20)
            #expect(try await database.loginDeviceRepository().deviceUser(tokenHash: "m0", at: Self.now) == minji.id)
        }
    }
}
