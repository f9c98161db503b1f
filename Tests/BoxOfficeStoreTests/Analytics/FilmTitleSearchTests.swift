import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Testing

/// The comparison form's search: every charted film, by its Korean or English title.
@Suite("Film title search")
struct FilmTitleSearchTests {
    static let origin = "search-test"
    static let day = CalendarDate(year: 2024, month: 3, day: 4)!

    static func entry(_ code: String, _ title: String, rank: Int) -> ChartEntry {
        ChartEntry(
            rank: rank, change: .same, movieCode: code, title: title, openDate: day.adding(days: -3),
            audience: 1_000, audienceTotal: 5_000, sales: 10_000_000, salesShare: 10, salesTotal: 50_000_000,
            screens: 10, shows: 40)
    }

    static func chart(_ kind: ChartKind, _ range: DateRange, _ entries: [ChartEntry]) -> Chart {
        Chart(
            kind: kind, range: range, filters: .none, yearWeek: nil, source: .kobis, stale: false,
            fetchedAt: Fixtures.fetchedAt, entries: entries)
    }

    @Test(
        "a film only a week's chart lists is found, by its Korean or English title, whatever the case",
        arguments: Backend.enabled)
    func weeklyAndEnglish(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: Self.origin)
            try await charts.save(
                Self.chart(
                    .daily, DateRange(start: Self.day, end: Self.day),
                    [Self.entry("20240001", "파묘", rank: 1), Self.entry("20240000", "웡카", rank: 2)]))
            // Out of every daily top 10, in the week's chart (Monday to Sunday) only; 파묘's total grows there.
            let monday = Self.day
            var exhuma = Self.entry("20240001", "파묘", rank: 1)
            exhuma.audienceTotal = 9_000
            try await charts.save(
                Self.chart(
                    .week, DateRange(start: monday, end: monday.adding(days: 6)),
                    [exhuma, Self.entry("20240003", "작은 영화 100%_!", rank: 2)]))
            try await database.archiveRepository(origin: Self.origin).saveRepresentativeNations(
                ["20240001": "한국", "20240000": "미국"], englishTitles: ["20240001": "Exhuma", "20240000": "Wonka Ⅱ"])

            let runs = database.filmRunRepository(origin: Self.origin)
            #expect(try await runs.films(titled: "작은", limit: 10).map(\.movieCode) == ["20240003"])
            #expect(try await runs.films(titled: "exhUMA", limit: 10).map(\.movieCode) == ["20240001"])
            // A title pasted as stored is found, whatever the database's idea of case beyond ASCII.
            #expect(try await runs.films(titled: "Wonka Ⅱ", limit: 10).map(\.movieCode) == ["20240000"])
            #expect(try await runs.films(titled: "파묘", limit: 10).map(\.title) == ["파묘"])
            // Wildcards are matched as they are written.
            #expect(try await runs.films(titled: "100%_!", limit: 10).map(\.movieCode) == ["20240003"])
            #expect(try await runs.films(titled: "%", limit: 10).map(\.movieCode) == ["20240003"])
            #expect(try await runs.films(titled: "_", limit: 10).map(\.movieCode) == ["20240003"])
            // The film whose total was last known comes first (ties by code), not the smallest code; the limit holds.
            let all = try await runs.films(titled: "", limit: 10).map(\.movieCode)
            #expect(all == ["20240001", "20240003", "20240000"])
            #expect(try await runs.films(titled: "", limit: 2).map(\.movieCode) == ["20240001", "20240003"])
            #expect(try await runs.films(titled: "없는 제목", limit: 10).isEmpty)
        }
    }
}
