import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import KOBIS
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// Notes written without a nation count under the nation the archive learns later in the kept counts themselves
    /// (``DiaryNationFold``): after an upgrade, and when a note's write races the keeper storing its movie's nation.
    @Suite("Diary store: nations learned later folded into the kept counts")
    struct DiaryNationFoldTests {
        /// The statistics of `notes` with those without a nation given the one of `nations` for their movie (the
        /// year in review shows the notes as written).
        static func reference(_ notes: [DiaryNote], nations: [String: String], year: Int?) -> DiaryStatistics {
            let resolved = notes.map { note in
                var note = note
                if note.movie.nations.isEmpty, let nation = nations[note.movieCode] { note.movie.nations = [nation] }
                return note
            }
            var statistics = DiaryStatistics(notes: resolved, year: year)
            statistics.review = DiaryStatistics(notes: notes, year: year).review
            return statistics
        }

        @Test(
            "a database made by the previous schema counts its notes under the nations learned before the upgrade",
            arguments: Backend.enabled)
        func upgrade(backend: Backend) async throws {
            try await TestStore.with(backend, migrate: false) { database, _ in
                // Diaries written before their counts were, counted by the migrations before this one.
                let beforeCounts = QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                let first = QuotaKeeperSchemaTests.migrator(beforeCounts, on: database)
                try await first.setupIfNeeded().get()
                try await first.prepareBatch().get()
                let sql = try database.database.requireSQL()
                var written: [UUID: [DiaryNote]] = [:]
                var random = RandomDiary(seed: 0xF01D)
                for (name, size) in [("first", 600), ("second", 30)] {
                    let id = try await LegacyDiaryRows.user(name, on: sql)
                    let notes = (0..<size).map { _ in random.note() }
                    try await LegacyDiaryRows.notes(notes, userID: id, on: sql)
                    written[id] = notes
                }
                let previous =
                    beforeCounts + Array(QuotaKeeperSchemaTests.later.prefix { !($0 is CreateDiaryNationFold) })
                try await QuotaKeeperSchemaTests.migrator(previous, on: database).prepareBatch().get()
                #expect(written.values.joined().contains { $0.movie.nations.isEmpty })
                // Nations the keeper stored before the upgrade: of this store's origin, another's, and an empty one.
                var known: [String: String] = [:]
                for (index, nation) in ["프랑스", "한국", "", "일본", "한국"].enumerated() {
                    let code = String(format: "2019%04d", index + 1)
                    for (origin, stored) in [("sample", nation), ("elsewhere", "미국")] {
                        try await sql.insert(into: "movie_nations")
                            .columns("id", "origin", "movie_code", "nation", "stored_at")
                            .values(SQLBind(UUID()), SQLBind(origin), SQLBind(code), SQLBind(stored), SQLBind(Date()))
                            .run()
                    }
                    if !nation.isEmpty { known[code] = nation }
                }

                try await database.migrate()
                #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
                func expectFigures(_ nationOrigin: String?, _ nations: [String: String]) async throws {
                    let notes = database.diaryRepositories(nationOrigin: nationOrigin).notes
                    for (userID, written) in written {
                        // The notes as stored (their order of ties as the store reads them).
                        let stored = try await notes.allNotes(userID: userID)
                        #expect(stored.count == written.count)
                        for year in [nil, 2021, 2022, 2023] {
                            #expect(
                                DiaryStatistics(counts: try await notes.statisticsCounts(userID: userID, year: year))
                                    == Self.reference(stored, nations: nations, year: year),
                                "origin \(nationOrigin ?? "none"), year \(year.map(String.init) ?? "all")")
                        }
                    }
                }
                try await expectFigures("sample", known)
                // Another origin's store sees its own nations, none sees none; back again, and a nation learned
                // after the upgrade reaches the figures.
                let elsewhere = Dictionary(uniqueKeysWithValues: (1...5).map { (String(format: "2019%04d", $0), "미국") })
                try await expectFigures("elsewhere", elsewhere)
                try await expectFigures(nil, [:])
                try await database.archiveRepository(origin: "sample").saveRepresentativeNations([
                    "20190001": "", "20190006": "미국",
                ])
                known["20190001"] = nil
                known["20190006"] = "미국"
                try await expectFigures("sample", known)
            }
        }

        @Test(
            "a note written while the keeper stores its movie's nation ends counted under it, on PostgreSQL",
            .enabled(if: TestPostgres.isRequested))
        func noteRacesNation() async throws {
            try await TestStore.with(.postgres) { database, store in
                let repositories = database.diaryRepositories(nationOrigin: "sample")
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                try await repositories.notes.createNote(DiaryStoreFixtures.note(), userID: user.id)
                var unknown = DiaryStoreFixtures.note("20990001", watched: "2024-06-01")
                unknown.movie.nations = []

                let holder = try store.open()
                let writer = try store.open()
                let keeper = try store.open()
                func shutdown() async {
                    for instance in [holder, writer, keeper] { await instance.shutdown() }
                }
                do {
                    // The rendezvous: a transaction holds the user's count of notes, so the note's write stops at
                    // its counts, after it has found the movie's nation unknown.
                    let (release, releasing) = AsyncStream<Void>.makeStream()
                    let held = Locked(false)
                    let holding = Task {
                        try await holder.database.transaction { transaction in
                            try await transaction.requireSQL().raw(
                                """
                                SELECT "count" FROM diary_stat_counts
                                WHERE user_id = \(bind: user.id) AND year = 0 AND dimension = 'notes' FOR UPDATE
                                """
                            ).run()
                            held.withLock { $0 = true }
                            for await _ in release { break }
                        }
                    }
                    try await Wait.until("the count is held", limit: .seconds(120)) { held.withLock { $0 } }
                    let sql = try database.database.requireSQL()
                    func waiting(on event: String) async throws -> Int {
                        try await sql.raw(
                            """
                            SELECT COUNT(*) AS n FROM pg_stat_activity
                            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = \(bind: event)
                            """
                        ).first()?.decode(column: "n", as: Int.self) ?? 0
                    }
                    let writing = Task {
                        try await writer.diaryRepositories(nationOrigin: "sample").notes.createNote(
                            unknown, userID: user.id)
                    }
                    try await Wait.until("the note's write waits for the held count", limit: .seconds(120)) {
                        try await waiting(on: "transactionid") == 1
                    }
                    let storing = Task {
                        try await keeper.archiveRepository(origin: "sample").saveRepresentativeNations([
                            "20990001": "프랑스"
                        ])
                    }
                    // Without the nations' lock the store would not wait, and would move the counts without the note.
                    try await Wait.until("the nation's store waits for the note's write", limit: .seconds(120)) {
                        try await waiting(on: "advisory") == 1
                    }
                    releasing.finish()
                    try await holding.value
                    try await writing.value
                    try await storing.value
                } catch {
                    await shutdown()
                    throw error
                }
                await shutdown()

                let notes = try await repositories.notes.allNotes(userID: user.id)
                for year in [nil, 2024] {
                    let statistics = DiaryStatistics(
                        counts: try await repositories.notes.statisticsCounts(userID: user.id, year: year))
                    #expect(statistics == Self.reference(notes, nations: ["20990001": "프랑스"], year: year))
                    #expect(statistics.korean == DiaryNationShare(korean: 1, foreign: 1, unknown: 0))
                }
            }
        }
    }
}
