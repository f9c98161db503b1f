import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

@Suite("The keeper's controls on an SQLite file and on PostgreSQL")
struct KeeperControlStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000.25)

    @Test("defaults before any change; pause, resume and run requests round-trip", arguments: Backend.enabled)
    func roundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, store in
            let controls = database.keeperControlStore()
            #expect(try await controls.controls() == KeeperControls())
            try await controls.setPaused(true, at: Self.start)
            #expect(try await controls.controls() == KeeperControls(paused: true, runRequestedAt: nil))
            try await controls.requestRun(at: Self.start.addingTimeInterval(60))
            #expect(
                try await controls.controls()
                    == KeeperControls(paused: true, runRequestedAt: Self.start.addingTimeInterval(60)))
            try await controls.setPaused(false, at: Self.start.addingTimeInterval(120))
            try await controls.requestRun(at: Self.start.addingTimeInterval(180))
            // Another instance sees the same.
            let other = try store.open()
            let seen = try await other.keeperControlStore().controls()
            await other.shutdown()
            #expect(seen == KeeperControls(paused: false, runRequestedAt: Self.start.addingTimeInterval(180)))
            #expect(try await database.rowCount(of: "keeper_controls") == 1)
        }
    }

    @Test("a run requested before any pause leaves the keeper running", arguments: Backend.enabled)
    func requestFirst(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let controls = database.keeperControlStore()
            try await controls.requestRun(at: Self.start)
            #expect(try await controls.controls() == KeeperControls(paused: false, runRequestedAt: Self.start))
        }
    }
}
