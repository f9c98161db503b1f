import BoxOfficeCore
import Foundation
import Testing

/// Charts, movies and checks shared by the tests.
enum Fixtures {
    static let day = CalendarDate(year: 2022, month: 1, day: 5)!
    /// A fetch time with sub-millisecond digits, to check precision.
    static let fetchedAt = Date(timeIntervalSince1970: 1_641_427_200.123_456)
    /// More than 2^32: only survives 64-bit storage.
    static let bigSalesTotal: Int64 = 62_772_471_900

    /// Ten entries with every kind of rank change, a 64-bit total, a missing open date, Korean titles and
    /// a non-numeric movie code. `tag` marks every title, to tell versions of a chart apart.
    static func entries(count: Int = 10, tag: String = "") -> [ChartEntry] {
        let changes: [RankChange] = [.new, .up(3), .down(1), .same, .up(12), .down(4), .new, .same, .up(1), .down(2)]
        return (0..<count).map { index in
            let rank = index + 1
            let big = rank == 1
            let audienceTotal: Int64 = big ? 7_000_000_000 : Int64(69_228 * rank)
            let salesTotal: Int64 = big ? bigSalesTotal : Int64(631_402_330 + rank)
            let salesShare: Double = big ? 34.2 : 0.1 * Double(rank)
            let openDate: CalendarDate? = rank == 7 ? nil : CalendarDate(year: 2021, month: 12, day: rank + 10)
            let movieCode = rank == 4 ? "2023C109" : String(20_190_000 + rank)
            return ChartEntry(
                rank: rank, change: changes[index % changes.count], movieCode: movieCode, title: "영화 \(rank)번\(tag)",
                openDate: openDate, audience: Int64(64_050 - rank * 1_000), audienceTotal: audienceTotal,
                sales: Int64(584_559_330 - rank * 1_000), salesShare: salesShare, salesTotal: salesTotal,
                screens: 1_171 - rank, shows: 4_416 - rank)
        }
    }

    static func dailyChart(
        _ date: CalendarDate = day, filters: ChartFilters = .none, entries: [ChartEntry] = entries(),
        source: ChartSource = .kobis, fetchedAt: Date = fetchedAt
    ) -> Chart {
        Chart(
            kind: .daily, range: DateRange(start: date, end: date), filters: filters, yearWeek: nil, source: source,
            stale: false, fetchedAt: fetchedAt, entries: entries)
    }

    static func weekendChart(containing date: CalendarDate = day) -> Chart {
        Chart(
            kind: .weekend, range: BoxOfficeCalendar.weekRange(.weekend, containing: date), filters: .none,
            yearWeek: BoxOfficeCalendar.isoYearWeek(of: date), source: .sample, stale: false,
            fetchedAt: fetchedAt.addingTimeInterval(86_400), entries: entries(tag: " (주말)"))
    }

    static func movie(code: String = "20124079", title: String = "광해, 왕이 된 남자", fetchedAt: Date = fetchedAt) -> Movie {
        Movie(
            code: code, title: title, titleEnglish: "Masquerade", titleOriginal: "", runtimeMinutes: 131,
            productionYear: 2012, openDate: CalendarDate(year: 2012, month: 9, day: 13), status: "개봉", type: "장편",
            nations: ["한국"], genres: ["사극", "드라마"],
            directors: [MoviePerson(name: "추창민", nameEnglish: "CHOO Chang-min")],
            actors: [
                MovieActor(name: "이병헌", nameEnglish: "LEE Byung-hun", role: "광해/하선", roleEnglish: ""),
                MovieActor(name: "류승룡", role: "허균"),
            ],
            grades: ["15세이상관람가"],
            companies: [MovieCompany(code: "20122497", name: "CJ E&M", part: "배급사")],
            showTypes: [ShowType(group: "2D", name: "디지털")],
            staff: [MovieStaff(name: "황조윤", role: "각본")],
            source: .kobis, stale: false, fetchedAt: fetchedAt)
    }

    /// Checks `stored` equals `expected` (with `stale` false), allowing fetch times to differ by under 1 ms.
    static func expectSame(
        _ stored: Chart?, _ expected: Chart, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let stored else {
            Issue.record("no stored chart for \(expected.kind) \(expected.range.start)", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(stored.fetchedAt.timeIntervalSince(expected.fetchedAt)) < 0.001, sourceLocation: sourceLocation)
        var expected = expected
        expected.stale = false
        expected.fetchedAt = stored.fetchedAt
        #expect(stored == expected, sourceLocation: sourceLocation)
    }
}
