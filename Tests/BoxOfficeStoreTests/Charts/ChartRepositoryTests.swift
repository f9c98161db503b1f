import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

@Suite("Chart repository")
struct ChartRepositoryTests {
    @Test(
        "a daily chart round-trips: every entry, rank order, 64-bit totals, missing open dates",
        arguments: Backend.enabled)
    func dailyRoundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            var chart = Fixtures.dailyChart()
            chart.stale = true  // never stored: a stored chart is fresh by definition
            chart.entries.reverse()  // stored in any order, read back by rank
            try await charts.save(chart)

            let stored = try #require(try await charts.storedChart(for: .daily(Fixtures.day)))
            #expect(stored.stale == false)
            #expect(stored.entries.map(\.rank) == Array(1...10))
            #expect(stored.entries[0].salesTotal == 62_772_471_900)
            #expect(stored.entries[0].audienceTotal == 7_000_000_000)
            #expect(stored.entries[6].openDate == nil)
            #expect(stored.entries.map(\.change.kindName).contains("new"))
            var expected = chart
            expected.entries.reverse()
            Fixtures.expectSame(stored, expected)

            #expect(try await charts.storedChart(for: .daily(Fixtures.day.adding(days: 1))) == nil)
            #expect(try await charts.storedChart(for: ChartQuery(kind: .week, date: Fixtures.day)) == nil)
        }
    }

    @Test(
        "a weekly chart round-trips with its year-week and is found from any day of its week",
        arguments: Backend.enabled)
    func weeklyRoundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let chart = Fixtures.weekendChart()
            #expect(chart.yearWeek == "202201")
            try await charts.save(chart)

            for day in chart.range.days {
                Fixtures.expectSame(try await charts.storedChart(for: ChartQuery(kind: .weekend, date: day)), chart)
            }
            #expect(try await charts.storedChart(for: ChartQuery(kind: .week, date: chart.range.start)) == nil)
            #expect(try await charts.storedChart(for: .daily(chart.range.start)) == nil)
            #expect(try await charts.dailyCharts(in: chart.range).isEmpty)
        }
    }

    @Test("filtered charts are stored apart from the unfiltered one", arguments: Backend.enabled)
    func filters(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let variants: [ChartFilters] = [
                .none,
                ChartFilters(nation: .korean),
                ChartFilters(nation: .foreign, multiMovie: .diversity),
                ChartFilters(areaCode: "0105001"),
                ChartFilters(nation: .korean, multiMovie: .commercial, areaCode: "0105001"),
            ]
            for (index, filters) in variants.enumerated() {
                try await charts.save(
                    Fixtures.dailyChart(
                        filters: filters, entries: Fixtures.entries(count: index + 1, tag: " #\(index)")))
            }
            for (index, filters) in variants.enumerated() {
                let stored = try await charts.storedChart(for: .daily(Fixtures.day, filters: filters))
                Fixtures.expectSame(
                    stored,
                    Fixtures.dailyChart(
                        filters: filters, entries: Fixtures.entries(count: index + 1, tag: " #\(index)")))
            }
            let daily = try await charts.dailyCharts(in: DateRange(start: Fixtures.day, end: Fixtures.day))
            #expect(daily.count == 1)
            #expect(daily.first?.filters == ChartFilters.none)
        }
    }

    @Test("saving a chart again replaces the earlier copy", arguments: Backend.enabled)
    func replacement(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            try await charts.save(Fixtures.dailyChart())
            let newer = Fixtures.dailyChart(
                entries: Fixtures.entries(count: 3, tag: " (개정)"), source: .sample,
                fetchedAt: Fixtures.fetchedAt.addingTimeInterval(3_600.5))
            try await charts.save(newer)

            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day)), newer)
            #expect(try await database.rowCount(of: "charts") == 1)
            #expect(try await database.rowCount(of: "chart_entries") == 3)
        }
    }

    // Left for the catch-up, a new chart is one statement on PostgreSQL and a stored one is replaced in a transaction:
    // both round-trip, missing open dates and an empty chart too.
    @Test("a chart left for the catch-up round-trips, new, replaced and empty", arguments: Backend.enabled)
    func deferredRoundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let chart = Fixtures.dailyChart()
            #expect(chart.entries.contains { $0.openDate == nil })
            try await charts.saveDeferringUpkeep(chart)
            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day)), chart)

            let newer = Fixtures.dailyChart(
                entries: Fixtures.entries(count: 3, tag: " (개정)"), source: .sample,
                fetchedAt: Fixtures.fetchedAt.addingTimeInterval(60))
            try await charts.saveDeferringUpkeep(newer)
            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day)), newer)
            #expect(try await database.rowCount(of: "chart_entries") == 3)

            let nextDay = Fixtures.dailyChart(Fixtures.day.adding(days: 1), entries: [])
            try await charts.saveDeferringUpkeep(nextDay)
            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day.adding(days: 1))), nextDay)
            #expect(try await database.rowCount(of: "charts") == 2)

            try await charts.catchUpUpkeep()
            #expect(try await database.rowCount(of: "market_days") == 2)
        }
    }

    @Test("a chart without entries round-trips", arguments: Backend.enabled)
    func emptyChart(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let empty = Fixtures.dailyChart(entries: [])
            try await charts.save(empty)
            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day)), empty)
            #expect(try await charts.dailyCharts(in: empty.range).map(\.entries.count) == [0])

            let full = Fixtures.dailyChart()
            try await charts.save(full)
            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day)), full)
            try await charts.save(empty)
            Fixtures.expectSame(try await charts.storedChart(for: .daily(Fixtures.day)), empty)
            #expect(try await database.rowCount(of: "chart_entries") == 0)
        }
    }

    @Test("dailyCharts returns unfiltered daily charts in the range, oldest first", arguments: Backend.enabled)
    func dailyChartsInRange(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let days = (0..<7).map { Fixtures.day.adding(days: $0) }
            for (offset, day) in days.enumerated().shuffled() {
                try await charts.save(
                    Fixtures.dailyChart(day, entries: Fixtures.entries(count: offset + 1, tag: " \(day)")))
            }
            try await charts.save(Fixtures.dailyChart(days[2], filters: ChartFilters(nation: .korean)))
            try await charts.save(Fixtures.weekendChart(containing: days[2]))
            try await database.chartRepository(origin: "other").save(Fixtures.dailyChart(days[3]))

            let found = try await charts.dailyCharts(in: DateRange(start: days[1], end: days[4]))
            #expect(found.map(\.range.start) == Array(days[1...4]))
            #expect(found.map(\.entries.count) == [2, 3, 4, 5])
            #expect(found.allSatisfy { $0.kind == .daily && $0.filters.isEmpty && !$0.stale })
            for chart in found {
                #expect(chart.entries.map(\.rank) == Array(1...chart.entries.count))
                #expect(chart.entries.allSatisfy { $0.title.hasSuffix(" \(chart.range.start)") })
            }

            #expect(try await charts.dailyCharts(in: DateRange(start: days[6], end: days[6])).count == 1)
            #expect(
                try await charts.dailyCharts(
                    in: DateRange(start: days[6].adding(days: 1), end: days[6].adding(days: 30))
                ).isEmpty)
            #expect(try await charts.dailyCharts(in: DateRange(start: days[0], end: days[6])).count == 7)
        }
    }

    @Test("charts of one origin are invisible under another", arguments: Backend.enabled)
    func originIsolation(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let sample = database.chartRepository(origin: "sample")
            let kobis = database.chartRepository(origin: "http://www.kobis.or.kr/kobisopenapi/webservice/rest")
            let sampleChart = Fixtures.dailyChart(entries: Fixtures.entries(tag: " (sample)"), source: .sample)
            try await sample.save(sampleChart)

            #expect(try await kobis.storedChart(for: .daily(Fixtures.day)) == nil)
            #expect(try await kobis.dailyCharts(in: sampleChart.range).isEmpty)

            let kobisChart = Fixtures.dailyChart(entries: Fixtures.entries(count: 5, tag: " (kobis)"), source: .kobis)
            try await kobis.save(kobisChart)
            Fixtures.expectSame(try await sample.storedChart(for: .daily(Fixtures.day)), sampleChart)
            Fixtures.expectSame(try await kobis.storedChart(for: .daily(Fixtures.day)), kobisChart)
            #expect(try await database.rowCount(of: "charts") == 2)
        }
    }

    @Test(
        "20 concurrent saves of one chart leave exactly one whole chart; readers never see a mix",
        arguments: Backend.enabled)
    func concurrentSaves(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            func version(_ index: Int) -> Chart {
                Fixtures.dailyChart(
                    entries: Fixtures.entries(tag: " v\(index)"),
                    fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(index)))
            }
            // Readers run alongside the writers; each chart they see must be one whole version.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await charts.save(version(index))
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<15 {
                            if let chart = try await charts.storedChart(for: .daily(Fixtures.day)) {
                                Self.expectWhole(chart)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }

            #expect(try await database.rowCount(of: "charts") == 1)
            #expect(try await database.rowCount(of: "chart_entries") == 10)
            let stored = try #require(try await charts.storedChart(for: .daily(Fixtures.day)))
            Self.expectWhole(stored)
        }
    }

    /// All ten entries and the fetch time come from one saved version.
    private static func expectWhole(_ chart: Chart) {
        #expect(chart.entries.count == 10)
        #expect(chart.entries.map(\.rank) == Array(1...10))
        let index = Int(chart.fetchedAt.timeIntervalSince(Fixtures.fetchedAt).rounded())
        #expect((0..<20).contains(index))
        let tags = Set(chart.entries.map { $0.title.split(separator: " ").last.map(String.init) ?? "" })
        #expect(tags == ["v\(index)"], "entries \(tags) in a chart fetched as version \(index)")
    }
}
