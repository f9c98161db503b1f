import BoxOfficeCore
import Testing

/// 천만 전망's rules over hand-written candidates and histories.
@Suite struct TenMillionOutlookTests {
    static let end = CalendarDate(year: 2024, month: 6, day: 30)!
    /// A last archived day long before the archive's end: a first run that is over.
    static let over = CalendarDate(year: 2023, month: 12, day: 31)!

    static func candidate(
        _ number: Int, audience: Int64, final: Int64 = 1_000_000, opened year: Int = 2020,
        lastDay: CalendarDate = over
    ) -> TenMillionOutlook.Candidate {
        TenMillionOutlook.Candidate(
            movieCode: "2020\(String(number + 1000))", title: "Film \(number)",
            openDate: CalendarDate(year: year, month: 5, day: 1), audience: audience, finalAudience: final,
            lastDay: lastDay)
    }

    static func outlook(
        day: Int = 10, audience: Int64 = 1_000_000, since: Int = 2011, _ candidates: [TenMillionOutlook.Candidate],
        standing: TenMillionOutlook.Standing = .init(above: 0, films: 0)
    ) -> TenMillionOutlook? {
        TenMillionOutlook(
            movieCode: "20249999", day: day, audience: audience, since: since, archiveEnd: end,
            candidates: candidates, standing: standing)
    }

    @Test func theTwentyNearestAreComparedTiesByCode() throws {
        // 30 films from 850,000 to 1,140,000 by 10,000; two more at exactly the same distance as the 20th.
        var candidates = (0..<30).map { Self.candidate($0, audience: 850_000 + Int64($0) * 10_000) }
        candidates.append(Self.candidate(99, audience: 900_000))
        let outlook = try #require(Self.outlook(candidates.shuffled()))
        #expect(outlook.comparables.count == TenMillionOutlook.maximumComparables)
        #expect(outlook.comparables.first?.audience == 1_000_000)
        let distances = outlook.comparables.map { abs($0.audience - 1_000_000) }
        #expect(distances == distances.sorted())
        #expect(distances.max() == 100_000)
        // 900,000 and 1,100,000 are both 100,000 away: the codes decide which make the cut.
        let cut = outlook.comparables.filter { abs($0.audience - 1_000_000) == 100_000 }.map(\.movieCode)
        #expect(cut == ["20201005"])
        #expect(!outlook.comparables.contains { $0.audience == 1_140_000 })
    }

    @Test func onlyFilmsWithin80To125PercentAreCompared() throws {
        let inside = [Self.candidate(1, audience: 800_000), Self.candidate(2, audience: 1_250_000)]
        let outside = [Self.candidate(3, audience: 799_999), Self.candidate(4, audience: 1_250_001)]
        let outlook = try #require(Self.outlook(inside + outside))
        #expect(Set(outlook.comparables.map(\.audience)) == [800_000, 1_250_000])
        #expect(outlook.low == 800_000)
        #expect(outlook.high == 1_250_000)
        #expect(TenMillionOutlook.bounds(around: 999) == 800...1_248)
        #expect(TenMillionOutlook.bounds(around: .max).upperBound == .max)
    }

    @Test func filmsOpenedBeforeSinceOrStillShowingAreLeftOut() throws {
        let before = Self.candidate(1, audience: 1_000_000, opened: 2010)
        let sinceYear = Self.candidate(2, audience: 1_000_000, opened: 2011)
        // Its latest row is in the archive's last 30 days (end − 29): not over.
        let showing = Self.candidate(3, audience: 1_000_000, lastDay: Self.end.adding(days: -29))
        let justOver = Self.candidate(4, audience: 1_000_000, lastDay: Self.end.adding(days: -30))
        let outlook = try #require(Self.outlook([before, sinceYear, showing, justOver]))
        #expect(outlook.comparables.map(\.movieCode).sorted() == [sinceYear.movieCode, justOver.movieCode])
        #expect(outlook.since == 2011)
        let later = try #require(Self.outlook(since: 2021, [before, sinceYear, justOver]))
        #expect(later.comparables.isEmpty)
        #expect(later.milestones.allSatisfy { $0.films == 0 })
    }

    @Test func milestonesAboveTheFilmAreCountedAndSharesNeedTenFilms() throws {
        let finals: [Int64] = [1_500_000, 2_500_000, 3_100_000, 12_000_000, 9_000_000, 1_900_000, 2_000_000, 900_000]
        let few = finals.enumerated().map { Self.candidate($0.offset, audience: 1_000_000, final: $0.element) }
        let outlook = try #require(
            Self.outlook(audience: 1_200_000, few, standing: .init(above: 3, films: 41)))
        #expect(outlook.milestones.map(\.threshold) == [2_000_000, 3_000_000, 5_000_000, 7_000_000, 10_000_000])
        #expect(outlook.milestones.map(\.films) == [5, 3, 2, 2, 1])
        #expect(!outlook.percentages)
        #expect(outlook.milestones.allSatisfy { $0.share == nil })
        #expect(outlook.rank == 4)
        #expect(outlook.rankedFilms == 42)
        #expect(outlook.comparables.allSatisfy { $0.final.quality == .floor })

        let ten = (0..<10).map { Self.candidate($0, audience: 1_000_000, final: $0 < 3 ? 10_000_000 : 2_000_000) }
        let enough = try #require(Self.outlook(audience: 1_000_000, ten))
        #expect(enough.percentages)
        #expect(enough.milestones.first?.threshold == 2_000_000)
        #expect(enough.milestones.last?.share == 0.3)
        #expect(enough.milestones.first?.share == 1)
        // The film itself is never its own comparable.
        let selfIncluded = TenMillionOutlook.Candidate(
            movieCode: "20249999", title: "Itself", openDate: CalendarDate(year: 2024, month: 5, day: 1),
            audience: 1_000_000, finalAudience: 1_000_000, lastDay: Self.over)
        #expect(Self.outlook([selfIncluded])?.comparables.isEmpty == true)
    }

    @Test func noOutlookOutsideDays1To60() {
        #expect(Self.outlook(day: 0, []) == nil)
        #expect(Self.outlook(day: 61, []) == nil)
        #expect(Self.outlook(day: 1, []) != nil)
        #expect(Self.outlook(day: 60, []) != nil)
    }

    @Test func thePositionIsTheLatestRowWhileTheFirstRunGoesOn() throws {
        let open = CalendarDate(year: 2024, month: 6, day: 10)!
        func row(_ offset: Int, total: Int64) -> FilmRow {
            let day = open.adding(days: offset)
            return FilmRow(
                start: day, end: day, rank: 1, title: "Film", openDate: open, audience: 100_000, audienceTotal: total,
                sales: 0, salesTotal: 0, screens: 1, shows: 1)
        }
        func history(_ rows: [FilmRow]) -> FilmHistory {
            FilmHistory(
                movieCode: "20249999", daily: rows, weekends: [],
                archiveStart: CalendarDate(year: 2004, month: 1, day: 1),
                source: .kobis)
        }
        let showing = history([row(0, total: 300_000), row(1, total: 500_000), row(4, total: 900_000)])
        let position = try #require(
            TenMillionOutlook.position(of: showing, run: FilmRun(history: showing), archiveEnd: Self.end))
        #expect(position.day == 5)
        #expect(position.audience == 900_000)
        // Its latest row is 30 days before the archive's end: the run is over (29 days before: it goes on).
        #expect(
            TenMillionOutlook.position(of: showing, run: FilmRun(history: showing), archiveEnd: open.adding(days: 33))
                != nil)
        let later = open.adding(days: 4 + 30)
        #expect(TenMillionOutlook.position(of: showing, run: FilmRun(history: showing), archiveEnd: later) == nil)
        // Day 61: past the outlook's days.
        let long = history((0...60).map { row($0, total: Int64($0 + 1) * 100_000) })
        let longEnd = open.adding(days: 60)
        #expect(TenMillionOutlook.position(of: long, run: FilmRun(history: long), archiveEnd: longEnd) == nil)
        // Previews only (day 0): none.
        let previews = history([row(-1, total: 100_000)])
        #expect(
            TenMillionOutlook.position(of: previews, run: FilmRun(history: previews), archiveEnd: open) == nil)
        // A re-release after more than 60 days without a row: the latest row is not of the first run.
        let back = history([row(0, total: 300_000), row(70, total: 400_000)])
        #expect(
            TenMillionOutlook.position(of: back, run: FilmRun(history: back), archiveEnd: open.adding(days: 70)) == nil)
    }

    @Test func theDefaultSinceIs2011OnKOBISAndTheArchivesFirstYearOnSampleData() {
        let start = CalendarDate(year: 2023, month: 3, day: 1)
        #expect(TenMillionOutlook.defaultSince(source: .kobis, archiveStart: start) == 2011)
        #expect(TenMillionOutlook.defaultSince(source: .sample, archiveStart: start) == 2023)
    }
}
