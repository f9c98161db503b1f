import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// The quota ledger's and the keeper's tables (`kobis_quota`, `leases`, `keeper_controls`) arrive in a database
/// made by the schema before them, keep its data, and go away again.
@Suite("Quota and keeper tables: upgrade, revert, migrate again")
struct QuotaKeeperSchemaTests {
    /// The migrations before the quota ledger's and the keeper's, as `BoxOfficeDatabase` listed them.
    static func previousSchema() -> [any Migration] {
        [
            CreateCharts(), CreateMovies(), CreateCacheEntries(), CreateMovieNations(), CreateDiary(),
            AddAdministratorRole(), CreateBackfillJobs(), AddDiaryNoteListIndex(),
        ]
    }

    static let added: [any Migration] = [CreateKOBISQuota(), CreateLeases(), CreateKeeperControls()]
    static let tables = ["kobis_quota", "leases", "keeper_controls"]
    /// Migrations added after these, which the same upgrade batch runs.
    static let later: [any Migration] = [
        AddDiaryVersion(), CreateDiaryStatCounts(), AddDiaryNoteSortIndexes(), CreateWatchlist(), CreateFeedSecrets(),
        CreateWebhooks(), CreateDiaryYearFirstNotes(), CreateDiaryNationFold(), CreateImportLookups(),
        CreateMarketDays(), CreateFilmRecords(), AddMovieNationEnglishTitle(), CreateFilmRunPending(),
        CreateFilmRunPaces(), AddChartUpkeepMark(), WidenFilmRunPaces(), NumberChartUpkeepMarks(),
        CreateMedianPaces(), AddMovieNationTitlePending(), FillEnglishTitlesFromDetails(),
        RecountMilestonesAtRunStart(), RecountFilmsWithoutFirstRun(), RecountFilmsWithWeeklyRows(),
        CreateWebhookTestSends(), CreateDiaryLoginDevices(), AddDiaryNoteAscendingSortIndexes(),
        CountDiaryMemoCharacters(), CountDiaryNameRows(),
    ]

    /// A migrator over `database` that knows only `migrations`.
    static func migrator(_ migrations: [any Migration], on database: BoxOfficeDatabase) -> Migrator {
        let list = Migrations()
        list.add(migrations)
        return Migrator(
            databaseFactory: { _ in database.database }, migrations: list, on: database.database.eventLoop)
    }

    @Test(
        "a database made by the previous schema gains the tables in place and keeps its data",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let old = Self.migrator(Self.previousSchema(), on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let chart = Fixtures.dailyChart()
            // As the code of that schema stored it (today's also keeps its market, in a later table).
            try await LegacyChartRows.save(chart, origin: "sample", on: database.database.requireSQL())
            // As the code of that schema stored it (today's also gives the film's nation its English title).
            let movie = Fixtures.movie()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try await database.database.requireSQL().insert(into: "movies")
                .columns("id", "origin", "code", "title", "open_date", "production_year", "fetched_at", "payload")
                .values(
                    SQLBind(UUID()), SQLBind("sample"), SQLBind(movie.code), SQLBind(movie.title),
                    SQLBind(movie.openDate?.isoString), SQLBind(movie.productionYear), SQLBind(movie.fetchedAt),
                    SQLBind(String(decoding: try encoder.encode(movie), as: UTF8.self))
                )
                .run()
            // As the code of that schema stored it (today's also raises the diary versions of later tables).
            try await database.database.requireSQL().insert(into: "movie_nations")
                .columns("id", "origin", "movie_code", "nation", "stored_at")
                .values(SQLBind(UUID()), SQLBind("sample"), SQLBind("20124079"), SQLBind("한국"), SQLBind(Date()))
                .run()
            for table in Self.tables {
                await #expect(throws: (any Error).self) { try await database.rowCount(of: table) }
            }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            Fixtures.expectSame(
                try await database.chartRepository(origin: "sample").storedChart(for: chart.query), chart)
            #expect(
                try await database.movieRepository(origin: "sample").storedMovie(code: "20124079") == Fixtures.movie())
            #expect(try await database.storedNations() == ["20124079": "한국"])
            for table in Self.tables { #expect(try await database.rowCount(of: table) == 0) }
            #expect(
                try await database.quotaLedgerStore().spend(
                    keyID: "k", day: Fixtures.day, purpose: .keeper, ceiling: 1))
            #expect(
                try await database.leaseStore().acquire(
                    "keeper", holder: "a", now: Fixtures.fetchedAt, until: Fixtures.fetchedAt.addingTimeInterval(30)))
            try await database.keeperControlStore().setPaused(true, at: Fixtures.fetchedAt)
        }
    }

    @Test("the new tables revert alone, and migrating again recreates them once", arguments: Backend.enabled)
    func revertAndMigrateAgain(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let old = Self.migrator(Self.previousSchema(), on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let chart = Fixtures.dailyChart()
            // As the code of that schema stored it (today's also keeps its market, in a later table).
            try await LegacyChartRows.save(chart, origin: "sample", on: database.database.requireSQL())
            try await database.migrate()
            #expect(
                try await database.quotaLedgerStore().spend(
                    keyID: "k", day: Fixtures.day, purpose: .readers, ceiling: nil))

            // The upgrade was a batch of its own: reverting the last batch drops exactly the new tables.
            let all = Self.migrator(Self.previousSchema() + Self.added + Self.later, on: database)
            try await all.revertLastBatch().get()
            for table in Self.tables {
                await #expect(throws: (any Error).self) { try await database.rowCount(of: table) }
            }
            #expect(try await database.rowCount(of: "_fluent_migrations") == Self.previousSchema().count)
            Fixtures.expectSame(
                try await database.chartRepository(origin: "sample").storedChart(for: chart.query), chart)

            try await database.migrate()
            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.quotaLedgerStore().usage(keyID: "k", day: Fixtures.day).isEmpty)
            #expect(
                try await database.quotaLedgerStore().spend(
                    keyID: "k", day: Fixtures.day, purpose: .readers, ceiling: 1))
        }
    }
}
