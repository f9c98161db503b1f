import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Testing

/// The market's kept days, sums, reports and inputs, over hand-written days and an in-memory repository.
@Suite("Market: kept days, sums, years, days, holiday windows, inputs")
struct MarketServiceTests {
    /// Yesterday is 2024-10-10 in Seoul.
    static let now = Date(timeIntervalSince1970: 1_728_604_800)  // 2024-10-11T00:00:00Z
    static let calendar = BoxOfficeCalendar(now: { now })

    static func day(_ text: String) -> CalendarDate {
        guard let date = CalendarDate(text) else { fatalError("not a day: \(text)") }
        return date
    }

    /// A day whose market is `market` won: film A (Korean) sells 40 %, B (foreign) 30 %, C (unknown nation) 20 %, the
    /// rest is outside the top 10; shares rounded as KOBIS rounds them. `shows` are A's, B's and C's shows.
    static func entries(market: Int64, shows: (Int, Int, Int) = (600, 300, 100)) -> [ChartEntry] {
        let parts: [(String, Double, Int)] = [("A", 0.4, shows.0), ("B", 0.3, shows.1), ("C", 0.2, shows.2)]
        return parts.enumerated().map { index, part in
            let sales = Int64((Double(market) * part.1).rounded())
            return ChartEntry(
                rank: index + 1, change: .same, movieCode: part.0, title: "Film \(part.0)", openDate: nil,
                audience: sales / 10_000, audienceTotal: sales, sales: sales,
                salesShare: (Double(sales) / Double(market) * 1_000).rounded() / 10, salesTotal: sales, screens: 10,
                shows: part.2)
        }
    }

    static func nationality(_ code: String) -> MovieNationality {
        switch code {
        case "A": return .korean
        case "B": return .foreign
        default: return .unknown
        }
    }

    static func kept(_ text: String, market: Int64, shows: (Int, Int, Int) = (600, 300, 100)) -> MarketDay {
        MarketDay(day: day(text), entries: entries(market: market, shows: shows), nationality: nationality)
    }

    @Test("a day: the market's range holds the truth, the top 10's and nations' sales, the shows' spread")
    func oneDay() throws {
        let kept = Self.kept("2024-01-05", market: 2_000_000_000)
        let sales = try #require(kept.sales)
        #expect(sales.admits(2_000_000_000))
        #expect(sales.quality == .range)
        #expect(kept.topTenSales == 1_800_000_000)
        #expect(kept.koreanSales == 800_000_000 && kept.unknownSales == 400_000_000)
        #expect(kept.topTenShows == 1_000 && kept.leaderShows == 600 && kept.isMonopoly)
        #expect(kept.first?.movieCode == "A" && kept.firstShowShare == 60)
        #expect(abs((kept.showHerfindahl ?? 0) - (3_600 + 900 + 100)) < 1e-9)
        // Korean share: truly 40 % of the market plus whatever of C and the outside is Korean.
        let korean = try #require(kept.totals.koreanShare)
        #expect(korean.admits(40) && korean.admits(70))
        #expect(!korean.admits(39.8) && !korean.admits(70.5))
        let outside = try #require(kept.totals.outsideShare)
        #expect(outside.admits(10))
        // Half the shows exactly is no monopoly; an empty chart has no market.
        #expect(!Self.kept("2024-01-06", market: 1_000_000_000, shows: (500, 400, 100)).isMonopoly)
        let empty = MarketDay(day: Self.day("2024-01-07"), entries: [], nationality: Self.nationality)
        #expect(empty.sales == nil && empty.first == nil && !empty.isMonopoly && empty.totals.days == 0)
        // Counts read back from a damaged store answer, rather than trap the request.
        let damaged = MarketDay(
            day: Self.day("2024-01-08"), salesLow: nil, salesHigh: nil, isInconsistent: false, topTenSales: 0,
            topTenAudience: 0, koreanSales: 0, unknownSales: 0, topTenShows: 1, leaderShows: .min,
            showHerfindahl: nil, first: nil)
        #expect(!damaged.isMonopoly)
        #expect(
            MarketDay(
                day: damaged.day, salesLow: nil, salesHigh: nil, isInconsistent: false, topTenSales: 0,
                topTenAudience: 0, koreanSales: 0, unknownSales: 0, topTenShows: .max, leaderShows: .max,
                showHerfindahl: nil, first: nil
            ).isMonopoly)
    }

    @Test("periods sum their days' ranges, and the sums hold the summed truths; change on a period")
    func sums() throws {
        let markets: [Int64] = [1_234_567_890, 2_500_000_001, 987_654_321, 3_141_592_653]
        let days = markets.enumerated().map { Self.kept("2024-01-0\($0.offset + 1)", market: $0.element) }
        let totals = MarketTotals(days: days)
        #expect(totals.days == 4)
        #expect(totals.salesLow == days.compactMap(\.salesLow).reduce(0, +))
        let sales = try #require(totals.sales)
        #expect(sales.admits(Double(markets.reduce(0, +))))
        #expect(try #require(totals.koreanShare).admits(40))
        let doubled = MarketTotals(
            days: markets.enumerated().map { Self.kept("2025-01-0\($0.offset + 1)", market: $0.element * 2) })
        let change = try #require(doubled.change(from: totals))
        #expect(change.admits(100) && change.quality == .range)
        #expect((change.high ?? 0) - (change.low ?? 0) < 1.5)
        #expect(totals.change(from: MarketTotals(days: [])) == nil)

        // 9.465…9.885 % → 9.46…9.89 %, whose midpoint prints as short as its bounds (not 9.670000000000002).
        let year = MarketTotals(
            days: 1, salesLow: 1_000_000, salesHigh: 1_000_000, topTenSales: 0, topTenAudience: 0, koreanSales: 0,
            unknownSales: 0)
        let next = MarketTotals(
            days: 1, salesLow: 1_094_650, salesHigh: 1_098_750, topTenSales: 0, topTenAudience: 0, koreanSales: 0,
            unknownSales: 0)
        let short = try #require(next.change(from: year))
        #expect(short.low == 9.46 && short.high == 9.88)
        #expect("\(short.value)" == "9.67")
    }

    @Test("the same day a year before: 29 February has none, so 28 February stands in")
    func yearBefore() {
        #expect(MarketComparison.yearBefore(Self.day("2024-02-29")) == Self.day("2023-02-28"))
        #expect(MarketComparison.yearBefore(Self.day("2024-10-10")) == Self.day("2023-10-10"))
        // A period that starts on 29 February compares from the next day's twin on.
        let fromLeapDay = DateRange(start: Self.day("2024-02-29"), end: Self.day("2025-02-28"))
        #expect(
            MarketComparison.previousRange(of: fromLeapDay)
                == DateRange(start: Self.day("2023-03-01"), end: Self.day("2024-02-28")))
        let leapDayAlone = DateRange(start: Self.day("2024-02-29"), end: Self.day("2024-02-29"))
        let alone = MarketComparison.previousRange(of: leapDayAlone)
        #expect(alone.start <= alone.end)
        let march = DateRange(start: Self.day("2024-03-01"), end: Self.day("2024-03-31"))
        #expect(
            MarketComparison.previousRange(of: march)
                == DateRange(start: Self.day("2023-03-01"), end: Self.day("2023-03-31")))
    }

    @Test("a range of 366 days holding 1 January twice compares each with its own year before")
    func comparisonTwins() throws {
        let range = DateRange(start: Self.day("2022-01-01"), end: Self.day("2023-01-01"))
        let comparison = MarketComparison(
            range: range,
            previousRange: DateRange(start: Self.day("2021-01-01"), end: Self.day("2022-01-01")),
            current: [Self.kept("2022-01-01", market: 1_000_000_000), Self.kept("2023-01-01", market: 2_000_000_000)],
            previous: [Self.kept("2021-01-01", market: 500_000_000), Self.kept("2022-01-01", market: 1_000_000_000)])
        #expect(comparison.days == 2)
        #expect(try #require(comparison.previousSales).admits(1_500_000_000))
        #expect(try #require(comparison.sales).admits(3_000_000_000))
        // 29 February has no twin; 28 February is 28 February's.
        let leap = MarketComparison(
            range: DateRange(start: Self.day("2024-02-28"), end: Self.day("2024-02-29")),
            previousRange: DateRange(start: Self.day("2023-02-28"), end: Self.day("2023-02-28")),
            current: [Self.kept("2024-02-28", market: 1_000_000_000), Self.kept("2024-02-29", market: 1_000_000_000)],
            previous: [Self.kept("2023-02-28", market: 800_000_000)])
        #expect(leap.days == 1 && leap.previousSales?.admits(800_000_000) == true)
    }

    @Test("years: 2004 to yesterday's, the change on the same days, the era note on KOBIS data before 2011")
    func years() async throws {
        let repository = InMemoryMarket(days: [
            Self.kept("2009-03-01", market: 1_000_000_000), Self.kept("2010-03-01", market: 1_500_000_000),
            Self.kept("2010-03-02", market: 1_500_000_000), Self.kept("2024-02-29", market: 900_000_000),
        ])
        let service = MarketService(market: repository, calendar: Self.calendar, source: .kobis)
        let report = try await service.years()
        #expect(report.years.map(\.year) == Array(2004...2024))
        let y2010 = try #require(report.years.first { $0.year == 2010 })
        #expect(y2010.archivedDays == 2 && y2010.days == 365 && y2010.partialScreens)
        #expect(y2010.comparedDays == 1 && y2010.change?.admits(50) == true)
        let y2024 = try #require(report.years.last)
        #expect(y2024.days == Self.day("2024-01-01").days(to: Self.day("2024-10-10")) + 1)
        #expect(!y2024.partialScreens && y2024.change == nil && y2024.monopolyDays == 1)
        #expect(report.years.first?.sales == nil && report.years.first?.archivedDays == 0)
        let sample = try await MarketService(market: repository, calendar: Self.calendar, source: .sample).years()
        #expect(sample.years.allSatisfy { !$0.partialScreens })
    }

    @Test("days: the line, the year before's same days, the ledgers, the months and the gaps")
    func daysReport() async throws {
        var days: [MarketDay] = []
        for offset in 0..<40 {
            let date = Self.day("2024-01-20").adding(days: offset)
            guard offset != 5 && offset != 6 else { continue }
            let shows = offset == 30 ? (900, 50, 50) : (400, 350, 250)
            days.append(
                MarketDay(
                    day: date, entries: Self.entries(market: 1_000_000_000, shows: shows), nationality: Self.nationality
                ))
            days.append(
                MarketDay(
                    day: MarketComparison.yearBefore(date), entries: Self.entries(market: 800_000_000),
                    nationality: Self.nationality))
        }
        // A has 44 % of the top 10's sales and 50 % of its shows; B 33 % and 36 %; C 22 % and 14 %; D too few shows.
        let shares = [
            MarketFilmShare(
                movieCode: "A", title: "Film A", days: 38, shows: 500, sales: 440, topTenShows: 1_000,
                topTenSales: 1_000),
            MarketFilmShare(
                movieCode: "B", title: "Film B", days: 38, shows: 360, sales: 330, topTenShows: 1_000,
                topTenSales: 1_000),
            MarketFilmShare(
                movieCode: "C", title: "Film C", days: 38, shows: 140, sales: 220, topTenShows: 1_000,
                topTenSales: 1_000),
            MarketFilmShare(
                movieCode: "D", title: "Film D", days: 9, shows: 50, sales: 10, topTenShows: 1_000, topTenSales: 1_000),
            MarketFilmShare(
                movieCode: "E", title: "Film E", days: 2, shows: 500, sales: 10, topTenShows: 1_000, topTenSales: 1_000),
        ]
        let repository = InMemoryMarket(days: days, shares: shares)
        let service = MarketService(market: repository, calendar: Self.calendar, source: .kobis)
        let range = DateRange(start: Self.day("2024-01-20"), end: Self.day("2024-02-29"))
        let report = try await service.days(range)
        #expect(report.days == 41 && report.archivedDays == 38)
        #expect(
            report.missing == [
                DateRange(start: Self.day("2024-01-25"), end: Self.day("2024-01-26")),
                DateRange(start: Self.day("2024-02-29"), end: Self.day("2024-02-29")),
            ])
        #expect(report.lines.count == 38 && report.lines.map(\.date) == report.lines.map(\.date).sorted())
        #expect(report.comparison.days == 38 && report.comparison.change?.admits(25) == true)
        #expect(report.topShowDays.first?.date == Self.day("2024-02-19"))
        #expect(report.topShowDays.first?.firstShowShare == 90)
        #expect(report.topShowDays.count == MarketDaysReport.ledgerSize)
        // C had fewer shows than sales, D too few shows, E too few days: not listed.
        #expect(report.overAllocated.map(\.movieCode) == ["A", "B"])
        #expect(report.overAllocated.first?.showShare == 50 && report.overAllocated.first?.overAllocation == 1.14)
        #expect(report.overAllocated.allSatisfy { $0.overAllocation > 1 })
        #expect(report.months.map(\.month) == ["2024-01", "2024-02"])
        #expect(report.months.map(\.days) == [12, 29] && report.months.map(\.archivedDays) == [10, 28])
        #expect(!report.partialScreens)
        await #expect(throws: BoxOfficeError.self) {
            try await service.days(DateRange(start: Self.day("2023-01-01"), end: Self.day("2024-01-02")))
        }
    }

    @Test("holiday windows: each year's days off, the film that sold most, the change on last year's whole window")
    func holidays() async throws {
        var days: [MarketDay] = []
        var films: [MarketFilmDay] = []
        for year in [2022, 2023, 2024] {
            guard let window = KoreanHolidayTable.window(.chuseok, year: year) else { continue }
            for date in window.days.days where !(year == 2022 && date == window.days.start) {
                days.append(
                    MarketDay(
                        day: date, entries: Self.entries(market: Int64(year - 2_000) * 100_000_000),
                        nationality: Self.nationality))
                films.append(MarketFilmDay(day: date, movieCode: "A", title: "Film A", sales: 10))
                films.append(MarketFilmDay(day: date, movieCode: "B", title: "Film B", sales: 20))
            }
        }
        let repository = InMemoryMarket(days: days, films: films)
        let report = try await MarketService(market: repository, calendar: Self.calendar, source: .sample).holidays(
            .chuseok)
        #expect(report.windows.map(\.year) == Array(2004...2024))
        let w2022 = try #require(report.windows.first { $0.year == 2022 })
        let w2023 = try #require(report.windows.first { $0.year == 2023 })
        let w2024 = try #require(report.windows.last)
        #expect(w2022.archivedDays == w2022.days - 1 && w2022.change == nil)
        // 2023's window follows a partly archived one: no change; 2024's follows a whole one.
        #expect(w2023.change == nil && w2023.days == 6)
        #expect(w2024.change != nil && w2024.topMovieCode == "B" && w2024.topSales == 20 * Int64(w2024.days))
        #expect(try #require(w2024.koreanShare).admits(40))
        #expect(report.windows.first?.sales == nil)
        let seollal = try await MarketService(market: repository, calendar: Self.calendar, source: .sample).holidays(
            .seollal)
        #expect(seollal.windows.last?.year == 2024 && seollal.windows.allSatisfy { $0.archivedDays == 0 })
    }

    @Test("the market's period as people type it", arguments: ChartInputCase.marketDays)
    func period(input: ChartInputCase) {
        let given = Dictionary(([(input.name, input.value)] + input.also).map { ($0.0, $0.1) }) { first, _ in first }
        let read = Result { () throws(BoxOfficeError) -> DateRange in
            try MarketPeriod.range(
                from: given["from"], to: given["to"], month: given["month"], year: given["year"],
                calendar: Self.calendar)
        }
        switch read {
        case .success(let range): #expect(input.accepted && range.count <= MarketPeriod.maximumDays)
        case .failure(let error):
            #expect(!input.accepted, "\(error)")
            if case .invalid(let problem) = error { #expect(problem.field != nil || given.count > 1) }
        }
    }

    @Test("none names the year to yesterday; a range over 366 days names the value")
    func periodDefaults() throws {
        let range = try MarketPeriod.range(from: nil, to: nil, month: nil, year: nil, calendar: Self.calendar)
        #expect(range == DateRange(start: Self.day("2024-01-01"), end: Self.day("2024-10-10")))
        #expect(throws: BoxOfficeError.invalid("to", .rangeTooLong(maximumDays: 366), value: "2020-01-02")) {
            try MarketPeriod.range(from: "2019-01-01", to: "2020-01-02", month: nil, year: nil, calendar: Self.calendar)
        }
    }

    @Test("the holiday as people type it", arguments: ChartInputCase.marketHolidays)
    func holidayInput(input: ChartInputCase) {
        #expect(((try? KoreanHoliday(parameter: input.value)) != nil) == input.accepted)
    }
}

/// A market repository over days and rows in memory.
struct InMemoryMarket: MarketRepository {
    var days: [MarketDay]
    var films: [MarketFilmDay] = []
    var shares: [MarketFilmShare] = []

    func yearSums() async throws -> [MarketYearSums] {
        Dictionary(grouping: days, by: \.day.year).map { MarketYearSums(year: $0.key, days: $0.value) }
            .sorted { $0.year < $1.year }
    }

    func sameDaySums() async throws -> [MarketYearComparison] {
        let withMarket = days.filter { $0.salesLow != nil }
        let byDay = Dictionary(withMarket.map { ($0.day, $0) }) { first, _ in first }
        var pairs: [Int: MarketYearComparison] = [:]
        for day in withMarket {
            guard let before = CalendarDate(year: day.day.year - 1, month: day.day.month, day: day.day.day),
                let twin = byDay[before]
            else { continue }
            var pair =
                pairs[day.day.year]
                ?? MarketYearComparison(
                    year: day.day.year, current: MarketTotals(days: []), previous: MarketTotals(days: []))
            pair.current.add(day)
            pair.previous.add(twin)
            pairs[day.day.year] = pair
        }
        return pairs.values.sorted { $0.year < $1.year }
    }

    func marketDays(in range: DateRange) async throws -> [MarketDay] {
        days.filter { range.start <= $0.day && $0.day <= range.end }.sorted { $0.day < $1.day }
    }

    func marketDays(on wanted: [CalendarDate]) async throws -> [MarketDay] {
        let set = Set(wanted)
        return days.filter { set.contains($0.day) }.sorted { $0.day < $1.day }
    }

    func filmShares(in range: DateRange) async throws -> [MarketFilmShare] { shares }

    func filmSales(on wanted: [CalendarDate]) async throws -> [MarketFilmDay] {
        let set = Set(wanted)
        return films.filter { set.contains($0.day) }
    }
}
