import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// The films' records kept beside the charts (`film_runs`, `film_run_milestones`, `film_run_paces`) always equal a recomputation from
/// the stored charts (``FilmRun/init(history:)`` over each film's rows): after random saves, provisional refreshes,
/// re-saves and an earlier first day, on SQLite and PostgreSQL; every list equals ``RecordsRanking`` over them; and a
/// store made by the schema before them upgrades in place.
@Suite("Records store: kept records equal a recomputation, lists, upgrade in place")
struct FilmRecordStoreTests {
    static let origin = "records-test"
    static let first = CalendarDate(year: 2024, month: 3, day: 1)!
    static let days = (0..<70).map { first.adding(days: $0) }
    static let films = (1...16).map { "2024\(String(format: "%04d", $0))" }

    /// A film's true daily admissions: opens on `open`, previews the day before, then decays from `peak` over
    /// `length` days.
    struct Film {
        var code: String
        var open: CalendarDate
        var peak: Int64
        var length = 40

        func audience(on day: CalendarDate) -> Int64 {
            let n = open.days(to: day)
            if n == -1 { return peak / 20 }
            guard n >= 0 else { return 0 }
            let weekend: Int64 = [5, 6, 7].contains(day.isoWeekday) ? 2 : 1
            return max(0, peak * weekend * Int64(length - min(n, length)) / Int64(length))
        }

        func total(on day: CalendarDate) -> Int64 {
            var sum: Int64 = 0
            var current = open.adding(days: -1)
            while current <= day {
                sum += audience(on: current)
                current = current.adding(days: 1)
            }
            return sum
        }
    }

    static func cast(using random: inout SplitMix64) -> [Film] {
        films.map { code in
            Film(
                code: code, open: first.adding(days: Int.random(in: 0..<60, using: &random)),
                peak: Int64.random(in: 10_000...600_000, using: &random))
        }
    }

    /// The top films of `day` (a random cut of up to ten, as a provisional chart might list), ranked by admissions.
    static func chart(
        _ kind: ChartKind, _ range: DateRange, cast: [Film], using random: inout SplitMix64, fetchedAt: Date,
        filters: ChartFilters = .none
    ) -> Chart {
        let rows = cast.compactMap { film -> (Film, Int64)? in
            let audience = range.days.reduce(Int64(0)) { $0 + film.audience(on: $1) }
            return audience > 0 ? (film, audience) : nil
        }
        let listed = rows.shuffled(using: &random).prefix(Int.random(in: 3...10, using: &random))
            .sorted { ($0.1, $0.0.code) > ($1.1, $1.0.code) }
        let entries = listed.enumerated().map { index, row -> ChartEntry in
            let (film, audience) = row
            // Now and then a revised figure: a provisional total that KOBIS later corrects.
            let revision: Int64 = Int.random(in: 0..<15, using: &random) == 0 ? 5_000 : 0
            return ChartEntry(
                rank: index + 1, change: .same, movieCode: film.code, title: "Film \(film.code)",
                openDate: film.open, audience: audience, audienceTotal: film.total(on: range.end) + revision,
                sales: audience * 10_000, salesShare: 10, salesTotal: film.total(on: range.end) * 10_000,
                screens: 100, shows: 400)
        }
        return Chart(
            kind: kind, range: range, filters: filters, yearWeek: nil, source: .kobis, stale: false,
            fetchedAt: fetchedAt, entries: entries)
    }

    /// Saves a daily chart of `cast` for each of ``days``, one at a time, oldest first.
    static func saveEveryDay(cast: [Film], using random: inout SplitMix64, on database: BoxOfficeDatabase) async throws
    {
        let charts = database.chartRepository(origin: origin)
        for (index, day) in days.enumerated() {
            try await charts.save(
                chart(
                    .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                    fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(index))))
        }
    }

    /// Every kept record as each film's stored rows say it should be.
    static func recomputed(_ database: BoxOfficeDatabase) async throws -> [FilmRecord] {
        let runs = database.filmRunRepository(origin: origin)
        // The histories read together (the median line's read) are the films' own, and a film never charted has an
        // empty one.
        let together = try await runs.filmHistories(movieCodes: films + ["00000000"], source: .kobis)
        #expect(together.count == films.count + 1)
        #expect(together["00000000"]?.daily.isEmpty == true)
        var records: [FilmRecord] = []
        for code in films {
            let history = try await runs.filmHistory(movieCode: code, source: .kobis)
            #expect(together[code] == history, "\(code) read with the others")
            if let record = FilmRecord(run: FilmRun(history: history)) { records.append(record) }
        }
        return records
    }

    static func expectKeptEqualsRecomputed(
        _ database: BoxOfficeDatabase, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let expected = try await recomputed(database)
        let repository = database.recordsRepository(origin: origin)
        let kept = try await repository.allRecords().sorted { $0.movieCode < $1.movieCode }
        #expect(kept == expected, "\(step)", sourceLocation: sourceLocation)
        try await expectKeptPacesEqualRecomputed(database, step, sourceLocation: sourceLocation)
        // Every list, as the one definition orders it.
        let nations = try await database.storedNations()
        let all = expected.map {
            RecordFilm(record: $0, nation: MovieNationality(representativeNation: nations[$0.movieCode]))
        }
        let queries: [RecordsQuery] =
            Milestone.thresholds.map { RecordsQuery(kind: .milestones, threshold: $0, limit: 5) } + [
                RecordsQuery(kind: .totals), RecordsQuery(kind: .totals, measure: .sales, limit: 3),
                RecordsQuery(kind: .totals, year: 2024, nation: .korean), RecordsQuery(kind: .streaks, since: 2024),
                RecordsQuery(kind: .legs), RecordsQuery(kind: .legs, nation: .foreign, limit: 2),
                RecordsQuery(kind: .totals, year: 2023),
                RecordsQuery(kind: .milestones, threshold: 1_000_000, nation: .korean),
            ]
        for query in queries {
            for order in RecordsService.orders(of: query) {
                let listed = try await repository.films(ordered: order, query: query)
                let reference = RecordsRanking.rank(all, order: order, query: query)
                #expect(
                    listed.map(\.record.movieCode) == reference.map(\.record.movieCode), "\(step) \(order) \(query)",
                    sourceLocation: sourceLocation)
                #expect(listed == reference, "\(step) \(order)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(
        "kept records equal a recomputation after random saves, provisional refreshes, re-saves and an earlier day",
        arguments: Backend.enabled)
    func keptEqualsRecomputed(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            var random = SplitMix64(seed: backend == .sqlite ? 28 : 2_028)
            let cast = Self.cast(using: &random)
            let charts = database.chartRepository(origin: Self.origin)
            var clock = Fixtures.fetchedAt
            // The archive starts a week in; the first week arrives last (its first day moves).
            for step in 0..<120 {
                clock = clock.addingTimeInterval(60)
                let day = Self.days[Int.random(in: 7..<Self.days.count, using: &random)]
                switch Int.random(in: 0..<10, using: &random) {
                case 0...6:
                    // A new day, or a provisional day fetched again with other films and figures.
                    try await charts.save(
                        Self.chart(
                            .daily, DateRange(start: day, end: day), cast: cast, using: &random, fetchedAt: clock))
                case 7:
                    // A weekly chart: the weekend's, the whole week's or the weekdays'.
                    let monday = day.adding(days: 1 - day.isoWeekday)
                    let (kind, first, last) = [(ChartKind.weekend, 4, 6), (.week, 0, 6), (.weekdays, 0, 3)][
                        Int.random(in: 0..<3, using: &random)]
                    try await charts.save(
                        Self.chart(
                            kind, DateRange(start: monday.adding(days: first), end: monday.adding(days: last)),
                            cast: cast, using: &random, fetchedAt: clock))
                default:
                    // Filtered charts and other origins must not count.
                    try await charts.save(
                        Self.chart(
                            .daily, DateRange(start: day, end: day), cast: cast, using: &random, fetchedAt: clock,
                            filters: ChartFilters(nation: .korean)))
                    try await database.chartRepository(origin: "elsewhere").save(
                        Self.chart(
                            .daily, DateRange(start: day, end: day), cast: cast, using: &random, fetchedAt: clock))
                }
                if step % 40 == 39 { try await Self.expectKeptEqualsRecomputed(database, "step \(step)") }
            }
            try await database.archiveRepository(origin: Self.origin).saveRepresentativeNations(
                Dictionary(uniqueKeysWithValues: Self.films.enumerated().map { ($1, ["한국", "미국", ""][$0 % 3]) }))
            // Every day saved once more (settled, all ten), the first week last, newest first.
            for day in Self.days.reversed() {
                clock = clock.addingTimeInterval(60)
                try await charts.save(
                    Self.chart(.daily, DateRange(start: day, end: day), cast: cast, using: &random, fetchedAt: clock))
            }
            try await Self.expectKeptEqualsRecomputed(database, "all saved")
            let kept = try await database.recordsRepository(origin: Self.origin).allRecords()
            #expect(kept.contains { !$0.milestones.isEmpty })
            #expect(kept.contains { $0.longestStreak != nil })
            // Enough films reached 1000만 for a line to be drawn.
            let line = try await database.filmRunRepository(origin: Self.origin).medianPace()
            #expect(line.films >= MedianPace.minimumFilms && !line.pace.isEmpty)
        }
    }

    @Test(
        "charts stored with their records left for later, newest first with catch-ups among them: a catch-up, or the first list, works them out",
        arguments: Backend.enabled)
    func leftForLater(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            var random = SplitMix64(seed: backend == .sqlite ? 280 : 2_280)
            let cast = Self.cast(using: &random)
            let charts = database.chartRepository(origin: Self.origin)
            // As the keeper fills: newest first, all at once, catch-ups racing the saves.
            var made: [Chart] = []
            for (index, day) in Self.days.reversed().enumerated() {
                made.append(
                    Self.chart(
                        .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                        fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(index))))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, chart) in made.enumerated() {
                    group.addTask { try await charts.saveDeferringUpkeep(chart) }
                    if index % 7 == 6 { group.addTask { try await charts.catchUpUpkeep() } }
                }
                try await group.waitForAll()
            }
            try await charts.catchUpUpkeep()
            #expect(try await database.rowCount(of: FilmRecordRows.pendingSchema) == 0)
            try await Self.expectKeptEqualsRecomputed(database, "settled")

            // Left for later and never settled: the first list works them out.
            let day = Self.days[30]
            try await charts.saveDeferringUpkeep(
                Self.chart(
                    .daily, DateRange(start: day, end: day), cast: Array(cast.prefix(3)), using: &random,
                    fetchedAt: Fixtures.fetchedAt.addingTimeInterval(1_000)))
            #expect(try await database.rowCount(of: FilmRecordRows.pendingSchema) > 0)
            #expect(try await Self.markedCharts(database) == 1)
            try await Self.expectKeptEqualsRecomputed(database, "listed")
            #expect(try await database.rowCount(of: FilmRecordRows.pendingSchema) == 0)
            #expect(try await Self.markedCharts(database) == 0)
        }
    }

    /// Charts saved for the catch-up and not settled yet.
    static func markedCharts(_ database: BoxOfficeDatabase) async throws -> Int {
        let row = try await database.database.requireSQL()
            .raw("SELECT COUNT(*) AS marked FROM charts WHERE upkeep_pending <> 0").first()
        return try row?.decode(column: "marked", as: Int.self) ?? -1
    }

    @Test(
        "a database made before charts carried their upkeep mark upgrades in place unmarked, catches up, and reverts",
        arguments: Backend.enabled)
    func upgradeUpkeepMark(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later
            let beforeKept = Array(all.prefix { !($0 is CreateMarketDays) })
            let before = all.filter { !($0 is AddChartUpkeepMark || $0 is NumberChartUpkeepMarks) }
            let old = QuotaKeeperSchemaTests.migrator(beforeKept, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            // Charts as the code of that time stored them; the next migrations of the previous schema keep their
            // market, records and paces, as that schema's code did when it saved them.
            var random = SplitMix64(seed: 11)
            let cast = Self.cast(using: &random)
            let sql = try database.database.requireSQL()
            for (index, day) in Self.days.dropLast(5).enumerated() {
                try await LegacyChartRows.save(
                    Self.chart(
                        .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                        fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(index))),
                    origin: Self.origin, on: sql)
            }
            try await QuotaKeeperSchemaTests.migrator(before, on: database).prepareBatch().get()
            await #expect(throws: (any Error).self) { try await Self.markedCharts(database) }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await Self.markedCharts(database) == 0)
            try await Self.expectKeptEqualsRecomputed(database, "upgraded")

            // The upgraded store takes charts left for the catch-up, and its first list catches up with them.
            let charts = database.chartRepository(origin: Self.origin)
            for (index, day) in Self.days.suffix(5).enumerated() {
                try await charts.saveDeferringUpkeep(
                    Self.chart(
                        .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                        fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(100 + index))))
            }
            #expect(try await Self.markedCharts(database) == 5)
            try await Self.expectKeptEqualsRecomputed(database, "settled after the upgrade")
            #expect(try await Self.markedCharts(database) == 0)
            #expect(try await database.rowCount(of: MarketDayRows.schema) == 70)

            // Reverting takes the mark away and leaves the charts; migrating again brings it back unmarked.
            try await QuotaKeeperSchemaTests.migrator(all, on: database).revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await Self.markedCharts(database) }
            #expect(try await charts.dailyCharts(in: DateRange(start: Self.days[0], end: Self.days[69])).count == 70)
            try await database.migrate()
            #expect(try await Self.markedCharts(database) == 0)
            try await Self.expectKeptEqualsRecomputed(database, "migrated again")
        }
    }

    @Test(
        "a database made by the previous schema keeps the records of its charts in place, and reverts",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let before =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.filter {
                    !($0 is CreateFilmRecords || $0 is CreateMedianPaces || $0 is RecountMilestonesAtRunStart
                        || $0 is RecountFilmsWithoutFirstRun || $0 is RecountFilmsWithWeeklyRows)
                }
            let old = QuotaKeeperSchemaTests.migrator(before, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            // Charts as the code before stored them: the same tables, then the records (and the line made of them)
            // taken away.
            let withRecords = QuotaKeeperSchemaTests.migrator(
                before + [CreateFilmRecords(), CreateMedianPaces()], on: database)
            try await withRecords.prepareBatch().get()
            var random = SplitMix64(seed: 7)
            let cast = Self.cast(using: &random)
            try await Self.saveEveryDay(cast: cast, using: &random, on: database)
            try await withRecords.revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: FilmRecordRows.schema) }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.rowCount(of: FilmRecordRows.schema) > 0)
            try await Self.expectKeptEqualsRecomputed(database, "upgraded")
        }
    }
}
