import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Testing

@Suite("Archive queries on an SQLite file and on PostgreSQL")
struct ArchiveRepositoryTests {
    static let days = (1...12).map { CalendarDate(year: 2024, month: 3, day: $0)! }

    /// Three films a day with shifting ranks and figures; film `F` appears only on even days.
    static func chart(_ day: CalendarDate, fetchedAt: Date = Fixtures.fetchedAt) -> Chart {
        let n = Int64(day.day)
        var films: [(String, String, Int64)] = [("K1", "한국 하나", 5_000 + n * 10), ("K2", "한국 둘", 2_000 + n * 100)]
        if day.day % 2 == 0 { films.append(("2023C109", "Foreign", 3_000 - n)) }
        let entries = films.sorted { $0.2 > $1.2 }.enumerated().map { index, film in
            ChartEntry(
                rank: index + 1, change: .same, movieCode: film.0, title: film.1,
                openDate: CalendarDate(year: 2024, month: 2, day: 28),
                audience: film.2, audienceTotal: film.2 * n, sales: film.2 * 9_000 + 7_000_000_000, salesShare: 10,
                salesTotal: film.2 * 90_000, screens: 300 + Int(n) + index, shows: 1_000 + index)
        }
        return Fixtures.dailyChart(day, entries: entries, fetchedAt: fetchedAt)
    }

    static func fill(_ database: BoxOfficeDatabase, origin: String = "kobis-test") async throws {
        let charts = database.chartRepository(origin: origin)
        for day in days { try await charts.save(chart(day)) }
        // Filtered and weekly charts must not count.
        try await charts.save(
            Fixtures.dailyChart(days[0], filters: ChartFilters(nation: .korean), entries: Fixtures.entries()))
        try await charts.save(Fixtures.weekendChart(containing: days[0]))
    }

    @Test("statuses of stored charts: unfiltered, of one kind, in the range, oldest first", arguments: Backend.enabled)
    func statuses(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await Self.fill(database)
            let archive = database.archiveRepository(origin: "kobis-test")
            let statuses = try await archive.chartStatuses(
                kind: .daily, startingIn: DateRange(start: Self.days[2], end: Self.days[5]))
            #expect(statuses.map(\.range.start) == Array(Self.days[2...5]))
            #expect(statuses.allSatisfy { $0.kind == .daily && $0.range.start == $0.range.end })
            #expect(statuses.allSatisfy { abs($0.fetchedAt.timeIntervalSince(Fixtures.fetchedAt)) < 0.001 })
            let weekend = try await archive.chartStatuses(
                kind: .weekend, startingIn: DateRange(start: Self.days[0], end: Self.days[11]))
            #expect(weekend.count == 1)
            #expect(weekend.first?.range.count == 3)
            let other = database.archiveRepository(origin: "someone-else")
            #expect(
                try await other.chartStatuses(
                    kind: .daily, startingIn: DateRange(start: Self.days[0], end: Self.days[11])
                ).isEmpty)
        }
    }

    @Test("per-film totals equal the sums over the stored daily charts", arguments: Backend.enabled)
    func totals(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await Self.fill(database)
            let archive = database.archiveRepository(origin: "kobis-test")
            let period = DateRange(start: Self.days[1], end: Self.days[9])
            let totals = try await archive.movieTotals(in: period)
            let charts = try await database.chartRepository(origin: "kobis-test").dailyCharts(in: period)
            #expect(charts.count == 9)
            let rows = charts.flatMap { chart in chart.entries.map { (chart.range.start, $0) } }
            #expect(Set(totals.map(\.movieCode)) == Set(rows.map(\.1.movieCode)))
            #expect(totals.count == 3)
            for total in totals {
                let mine = rows.filter { $0.1.movieCode == total.movieCode }
                #expect(total.audience == mine.reduce(0) { $0 + $1.1.audience }, "\(total.movieCode)")
                #expect(total.sales == mine.reduce(0) { $0 + $1.1.sales }, "64-bit sums for \(total.movieCode)")
                #expect(total.days == mine.count)
                #expect(total.bestRank == mine.map(\.1.rank).min())
                #expect(total.firstDay == mine.map(\.0).min())
                #expect(total.lastDay == mine.map(\.0).max())
                #expect(total.openDate == CalendarDate(year: 2024, month: 2, day: 28))
                #expect(total.representativeNation == nil)
            }
        }
    }

    @Test("nations: films without one are listed; a stored nation joins the totals", arguments: Backend.enabled)
    func nations(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await Self.fill(database)
            let archive = database.archiveRepository(origin: "kobis-test")
            let period = DateRange(start: Self.days[0], end: Self.days[11])
            #expect(try await archive.movieCodesWithoutNation(in: period) == ["2023C109", "K1", "K2"])
            // Only odd days: the foreign film is not in them.
            #expect(
                try await archive.movieCodesWithoutNation(in: DateRange(start: Self.days[0], end: Self.days[0])) == [
                    "K1", "K2",
                ])
            try await archive.saveRepresentativeNation("한국", movieCode: "K1")
            try await archive.saveRepresentativeNation("미국", movieCode: "2023C109")
            try await archive.saveRepresentativeNation("영국", movieCode: "2023C109")
            #expect(try await archive.movieCodesWithoutNation(in: period) == ["K2"])
            let totals = try await archive.movieTotals(in: period)
            #expect(totals.first { $0.movieCode == "K1" }?.nationality == .korean)
            #expect(totals.first { $0.movieCode == "2023C109" }?.representativeNation == "영국")
            #expect(totals.first { $0.movieCode == "K2" }?.nationality == .unknown)
            #expect(
                try await database.archiveRepository(origin: "someone-else").movieCodesWithoutNation(in: period).isEmpty
            )
        }
    }

    @Test(
        "nations in bulk: 250 films in one call (three upserts), earlier values replaced, other origins untouched",
        arguments: Backend.enabled)
    func nationsInBulk(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await Self.fill(database)
            let archive = database.archiveRepository(origin: "kobis-test")
            let period = DateRange(start: Self.days[0], end: Self.days[11])
            try await archive.saveRepresentativeNation("일본", movieCode: "K1")
            var nations = Dictionary(uniqueKeysWithValues: (0..<247).map { ("L\($0)", $0 % 2 == 0 ? "한국" : "") })
            nations["K1"] = "한국"
            nations["K2"] = "프랑스"
            nations["2023C109"] = "미국"
            try await archive.saveRepresentativeNations(nations)
            #expect(try await archive.movieCodesWithoutNation(in: period).isEmpty)
            let totals = try await archive.movieTotals(in: period)
            #expect(totals.first { $0.movieCode == "K1" }?.representativeNation == "한국")
            #expect(totals.first { $0.movieCode == "K2" }?.representativeNation == "프랑스")
            #expect(totals.first { $0.movieCode == "2023C109" }?.representativeNation == "미국")
            #expect(try await database.rowCount(of: "movie_nations") == 250)
            try await archive.saveRepresentativeNations([:])
            #expect(try await database.rowCount(of: "movie_nations") == 250)
            // The same films under another origin still have no nation.
            try await Self.fill(database, origin: "kobis-other")
            let other = database.archiveRepository(origin: "kobis-other")
            #expect(try await other.movieCodesWithoutNation(in: period) == ["2023C109", "K1", "K2"])
        }
    }

    @Test("trend points are the film's rows in the stored daily charts, oldest first", arguments: Backend.enabled)
    func trend(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await Self.fill(database)
            let points = try await database.archiveRepository(origin: "kobis-test").trendPoints(movieCode: "2023C109")
            #expect(points.map(\.date) == Self.days.filter { $0.day % 2 == 0 })
            for point in points {
                let row = try #require(Self.chart(point.date).entries.first { $0.movieCode == "2023C109" })
                #expect(point.rank == row.rank)
                #expect(point.audience == row.audience)
                #expect(point.audienceTotal == row.audienceTotal)
                #expect(point.sales == row.sales)
                #expect(point.screens == row.screens)
                #expect(point.shows == row.shows)
                #expect(point.title == "Foreign")
            }
            #expect(try await database.archiveRepository(origin: "kobis-test").trendPoints(movieCode: "nope").isEmpty)
        }
    }

    @Test(
        "the fingerprint changes when a day is stored or replaced, or a nation is stored or changed",
        arguments: Backend.enabled)
    func fingerprint(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let archive = database.archiveRepository(origin: "kobis-test")
            let charts = database.chartRepository(origin: "kobis-test")
            let period = DateRange(start: Self.days[0], end: Self.days[11])
            let empty = try await archive.fingerprint(of: period)
            #expect(empty == ArchiveFingerprint(chartCount: 0, latestFetch: nil, nationCount: 0, latestNation: nil))
            try await Self.fill(database)
            let filled = try await archive.fingerprint(of: period)
            #expect(filled.chartCount == 12)
            #expect(try await archive.fingerprint(of: period) == filled, "stable while nothing changes")
            // Outside the range: no change.
            try await charts.save(Self.chart(CalendarDate(year: 2024, month: 4, day: 1)!))
            #expect(try await archive.fingerprint(of: period) == filled)
            // A day refetched later.
            try await charts.save(Self.chart(Self.days[3], fetchedAt: Fixtures.fetchedAt.addingTimeInterval(86_400)))
            let refetched = try await archive.fingerprint(of: period)
            #expect(refetched != filled)
            #expect(refetched.chartCount == 12)
            try await archive.saveRepresentativeNation("한국", movieCode: "K1")
            let withNation = try await archive.fingerprint(of: period)
            #expect(withNation.nationCount == 1)
            // The store stamps a nation with the wall clock: the change must come at a later stamp (5 ms on, well
            // beyond any backend's precision), however soon this line runs.
            let stamped = try #require(withNation.latestNation)
            try #require(
                await Wait.until("the wall clock to move 5 ms past \(stamped)", every: .milliseconds(1)) {
                    Date() > stamped.addingTimeInterval(0.005)
                })
            try await archive.saveRepresentativeNation("일본", movieCode: "K1")
            let changed = try await archive.fingerprint(of: period)
            #expect(changed.nationCount == 1)
            #expect(changed != withNation)
        }
    }

    @Test("the archive migration is reversible and idempotent", arguments: Backend.enabled)
    func migration(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            try await database.migrate()
            #expect(try await database.rowCount(of: "movie_nations") == 0)
            try await database.archiveRepository(origin: "o").saveRepresentativeNation("한국", movieCode: "1")
            #expect(try await database.rowCount(of: "movie_nations") == 1)
            try await database.revertAll()
            try await database.migrate()
            #expect(try await database.rowCount(of: "movie_nations") == 0)
        }
    }
}
