import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeTestSupport
import BoxOfficeText
import Foundation
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// `/market/{years,days,holidays}` and `GET /api/v1/market/{…}` over an archive the sync filled from the simulator
/// (2024-03-01…15, yesterday 2024-03-19): the API's JSON is the core's report, the pages draw and tabulate it in both
/// languages with the sample-data notice, bad input answers 400 in the reader's language, and nothing calls KOBIS.
@Suite("Market pages and API")
struct MarketPageTests {
    static let routes = [
        "/market/years", "/market/days?from=2024-03-01&to=2024-03-15", "/market/days?year=2024",
        "/market/holidays?holiday=seollal", "/market/holidays",
    ]

    @Test("the API answers the core's reports, kept five minutes, with no KOBIS call")
    func api() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let usedBefore = try await services.ledger.usage().used
            let callsBefore = try await FilmRunAPITests.upstreamCalls(client)

            let days = try await client.get("/api/v1/market/days?from=2024-03-01&to=2024-03-15")
            #expect(days.status == .ok)
            #expect(APICacheControl.publicMaxAge(days.headers[.cacheControl]).map { $0 <= 300 } == true)
            let report = try BoxOfficeJSON.decoder().decode(MarketDaysReport.self, from: Data(days.text.utf8))
            // The core's report, with the English titles of the films it names (every sample film has one).
            let core = try await services.market.days(ArchiveWebSupport.archived)
            #expect(report == (await services.archive.withEnglishTitles(core)))
            #expect((report.englishTitles ?? [:]).keys.sorted() == core.movieCodes.sorted())
            #expect(report.archivedDays == 15 && report.lines.count == 15 && report.missing.isEmpty)
            #expect(report.lines.allSatisfy { $0.sales?.quality == .range })
            let line = try #require(days.jsonObject?["lines"] as? [[String: Any]]).first
            #expect((line?["sales"] as? [String: Any])?.keys.sorted() == ["high", "low", "quality", "value"])

            let years = try await client.get("/api/v1/market/years")
            #expect(years.status == .ok)
            let yearsReport = try BoxOfficeJSON.decoder().decode(MarketYearsReport.self, from: Data(years.text.utf8))
            #expect(yearsReport.years.map(\.year) == Array(2004...2024))
            #expect(yearsReport.years.last?.archivedDays == 15 && yearsReport.years.last?.sales == report.sales)
            #expect(yearsReport.source == .sample && yearsReport.years.allSatisfy { !$0.partialScreens })

            let holidays = try await client.get("/api/v1/market/holidays?holiday=seollal")
            #expect(holidays.status == .ok)
            let windows = try BoxOfficeJSON.decoder().decode(
                MarketHolidaysReport.self, from: Data(holidays.text.utf8))
            #expect(windows.holiday == .seollal && windows.windows.map(\.year) == Array(2004...2024))
            #expect(windows.windows.allSatisfy { $0.archivedDays == 0 })
            let chuseok = try await client.get("/api/v1/market/holidays")
            #expect(chuseok.jsonObject?["holiday"] as? String == "chuseok")

            // A second answer is the kept one, byte for byte.
            let again = try await client.get("/api/v1/market/days?from=2024-03-01&to=2024-03-15")
            #expect(again.text == days.text)
            for route in Self.routes { #expect(try await client.get(route).status == .ok, "\(route)") }
            #expect(try await services.ledger.usage().used == usedBefore)
            #expect(try await FilmRunAPITests.upstreamCalls(client) == callsBefore)
        }
    }

    @Test("each body is byte for byte the core's JSON (what --format json writes), kept ones included")
    func bodyBytes() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let cases: [(String, String)] = [
                ("/api/v1/market/years", try APIBodyBytesTests.json(try await services.market.years())),
                (
                    "/api/v1/market/days?from=2024-03-01&to=2024-03-15",
                    try APIBodyBytesTests.json(
                        await services.archive.withEnglishTitles(
                            try await services.market.days(ArchiveWebSupport.archived)))
                ),
                (
                    "/api/v1/market/days?year=2024",
                    try APIBodyBytesTests.json(
                        await services.archive.withEnglishTitles(
                            try await services.market.days(
                                DateRange(start: CalendarDate("2024-01-01")!, end: CalendarDate("2024-03-19")!))))
                ),
                (
                    "/api/v1/market/holidays?holiday=seollal",
                    try APIBodyBytesTests.json(
                        await services.archive.withEnglishTitles(try await services.market.holidays(.seollal)))
                ),
            ]
            for (path, expected) in cases {
                #expect(try await client.get(path).text == expected, "\(path)")
                #expect(try await client.get(path).text == expected, "\(path) kept")
            }
        }
    }

    @Test("the pages: the line drawn with a title that states the finding, the numbers in tables, both languages")
    func pages() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let days = try await client.get("/market/days?from=2024-03-01&to=2024-03-15")
            #expect(days.status == .ok)
            let html = days.text
            #expect(html.contains(#"role="img""#) && html.contains("<title id=\"market-chart-title\">"))
            #expect(html.contains("<desc id=\"market-chart-desc\">기간 매출 ≈ "))
            #expect(html.contains("<polyline class=\"trend-line\""))
            #expect(html.contains("2024-03-15") && html.contains("원"))
            #expect(html.contains("notice-sample"))
            #expect(html.contains(#"href="/market/years" aria-current="page""#) || html.contains("aria-current"))
            #expect(html.contains("≈는 범위의 가운데 값입니다"))
            let english = try await client.get("/market/days?from=2024-03-01&to=2024-03-15&lang=en")
            #expect(english.text.contains("The cinema market by day") && english.text.contains("₩"))
            #expect(english.text.contains("Sales over the period ≈ ₩"))
            // The axis's labels have no zeros ending their fractions (₩5 billion beside ₩7.5 billion, not ₩5.00).
            let axis = #"axis-y"[^>]*>[^<]*\.[0-9]*0 (million|billion)</text>"#
            #expect(english.text.contains("axis-y") && english.text.range(of: axis, options: .regularExpression) == nil)
            #expect(english.text.contains(#"lang="en""#))
            // The #1 film of each day under its English title where the archive keeps one, the Korean one beside.
            let report = try await services.market.days(ArchiveWebSupport.archived)
            let code = try #require(report.lines.last?.firstMovieCode)
            let englishTitle = try #require(try await services.archive.englishTitles(of: [code])[code])
            #expect(english.text.contains(#">\#(englishTitle.htmlEscaped) <span class="name-beside" lang="ko">"#))
            #expect(!html.contains("name-beside"))

            let redirect = try await client.get("/market?lang=en")
            #expect(redirect.status == .seeOther)
            #expect(redirect.headers[.location] == "/market/years?lang=en")
            // The year not over yet says the day it counts to, in the table and in the finding.
            let yearsEnglish = try await client.get("/market/years?lang=en").text
            #expect(yearsEnglish.contains("<br><small>to ") && yearsEnglish.contains("The market in 2024 (to "))
            let years = try await client.get("/market/years")
            #expect(years.status == .ok && years.text.contains("연도별 극장 시장") && years.text.contains("2024"))
            #expect(years.text.contains("notice-sample") && years.text.contains("/market/days?year=2024"))
            #expect(years.text.contains("일까지</small>") && years.text.contains("2024년(3월 "))
            let holidays = try await client.get("/market/holidays?holiday=seollal&lang=en")
            #expect(holidays.status == .ok && holidays.text.contains("Seollal"))
            // Each window compares with the year before's window, whose days and length differ.
            #expect(holidays.text.contains("Change on last year&#39;s holiday"))
            #expect(try await client.get("/market/holidays").text.contains("전년 연휴 대비"))
            // The Korean share's range under its middle, as the legend says; nothing under a cell without a figure.
            let months = try await client.get("/market/days?year=2024").text
            #expect(months.contains("%</small></td>"))
            for page in [holidays.text, months, yearsEnglish] { #expect(!page.contains("<small></small>")) }
            // A window's day count never wraps away from its word on a phone.
            #expect(holidays.text.contains("\u{00A0}days)</a>") && !holidays.text.contains(" days)</a>"))
            // No Seollal window is archived: the page says so once, not again as its summary.
            #expect(holidays.text.components(separatedBy: "The archive holds no daily chart").count - 1 == 1)
            // Every page's header links the market.
            let daily = try await client.get("/daily?date=2024-03-15")
            #expect(daily.text.contains(#"href="/market/years""#) && daily.text.contains(">시장<"))
        }
    }

    @Test("previous and next name a period of the same kind: the month, the year, or as many days, cut at yesterday")
    func neighbours() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            func links(_ path: String) async throws -> (previous: String?, next: String?) {
                let html = try await client.get(path).text
                func href(_ rel: String) -> String? {
                    guard let match = html.range(of: #"rel="\#(rel)" href="[^"]*""#, options: .regularExpression)
                    else { return nil }
                    return String(html[match].dropFirst(#"rel="\#(rel)" href=""#.count).dropLast())
                }
                return (href("prev"), href("next"))
            }
            // Yesterday is 2024-03-19.
            let february = try await links("/market/days?month=2024-02")
            #expect(february.previous == "/market/days?month=2024-01")
            #expect(february.next == "/market/days?month=2024-03")
            #expect(try await links("/market/days?month=2024-03").next == nil)
            let days = try await links("/market/days?from=2024-03-01&to=2024-03-10&lang=en")
            #expect(days.previous == "/market/days?from=2024-02-20&amp;to=2024-02-29&amp;lang=en")
            #expect(days.next == "/market/days?from=2024-03-11&amp;to=2024-03-19&amp;lang=en")
            #expect(try await links("/market/days?from=2024-03-11&to=2024-03-19").next == nil)
            let year = try await links("/market/days?year=2023")
            #expect(year.previous == "/market/days?year=2022" && year.next == "/market/days?year=2024")
            #expect(try await links("/market/days?year=2024").next == nil)
            #expect(try await links("/market/days?month=2004-01").previous == nil)
        }
    }

    @Test("every market table sorts by keyboard as the records tables do: raw values the page script sorts by")
    func sortableTables() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let report = try await services.market.days(ArchiveWebSupport.archived)
            let days = try await client.get("/market/days?from=2024-03-01&to=2024-03-15").text
            // The daily line, the ledger of days, the ledger of films (when it has any) and the months.
            let tables = 3 + (report.overAllocated.isEmpty ? 0 : 1)
            #expect(days.components(separatedBy: "tabindex=\"0\" data-chart-table>").count - 1 == tables)
            // The ledger of films says which films it lists, with the core's cut.
            #expect(days.contains("10위 안 상영 가운데 \(Int(MarketDaysReport.ledgerShowShare))% 이상을"))
            #expect(days.contains(#"<th scope="col" aria-sort="ascending" data-sort-type="text">"#))
            // The ledger comes by the #1 film's show share, which its heading says; each cell keeps its raw figure.
            #expect(days.contains(#"class="num" aria-sort="descending" data-sort-type="number">"#))
            // The daily line's table: a row a day, its #1 film linked.
            #expect(days.components(separatedBy: #"<tr><th scope="row" class="date">"#).count - 1 == report.lines.count)
            if let code = report.lines.last?.firstMovieCode {
                #expect(days.contains(#"<td><a href="/movies/\#(code)">"#))
            }
            let line = try #require(report.topShowDays.first)
            let sales = try #require(line.sales)
            #expect(days.contains(#"<td class="num" data-sort-value="\#(sales.value)">"#))
            #expect(days.contains(#"<th scope="row" class="date" data-sort-value="\#(line.date.isoString)">"#))
            // Newest year first, which the year heading says (2024's Chuseok is still to come).
            for (path, year) in [("/market/years", 2024), ("/market/holidays?lang=en", 2023)] {
                let html = try await client.get(path).text
                #expect(html.contains("data-chart-table>"), "\(path)")
                #expect(html.contains(#"<th scope="col" aria-sort="descending" data-sort-type="number">"#), "\(path)")
                #expect(html.contains(#"<th scope="row" data-sort-value="\#(year)">"#), "\(path)")
            }
            // A year with no archived day has no figure to sort by: its cells sort last.
            let years = try await client.get("/market/years").text
            #expect(years.contains(#"<th scope="row" data-sort-value="2004">"#))
            #expect(years.contains(#"<td class="num" data-sort-value="">"#))
        }
    }

    @Test("the daily table's rows, written in Swift, escape what Mustache escapes")
    func dayRowsEscaped() {
        let row = MarketDayRowViewModel(
            date: "2024-03-01", sales: "≈ 12.3억 원", topTen: "91.0%", korean: "40.1%", first: #"<Fast & "Furious">"#,
            firstURL: "/movies/1?a=1&b='2'", firstShows: "50.0%", holiday: "", salesSort: "1230000000",
            topTenSort: "", koreanSort: "", firstSort: "", firstShowsSort: "")
        var unlinked = row
        unlinked.firstURL = nil
        let html = MarketDaysViewModel.dayRows([row, unlinked])
        #expect(
            html.hasPrefix(
                #"<tr><th scope="row" class="date">2024-03-01</th><td data-sort-value="1230000000">≈ 12.3억 원</td><td>91.0%</td>"#
                    + #"<td>40.1%</td><td><a href="/movies/1?a=1&amp;b=&#39;2&#39;">&lt;Fast &amp; &quot;Furious&quot;&gt;</a></td>"#
            ))
        #expect(html.contains(#"<td data-sort-value="">&lt;Fast &amp; &quot;Furious&quot;&gt;</td><td>50.0%</td>"#))
        #expect(html.components(separatedBy: "<tr>").count - 1 == 2)
        // On English pages the Korean title stands beside the English one, escaped the same way.
        var beside = row
        beside.firstBeside = "<script>'빠른'</script>"
        beside.hasFirstBeside = true
        #expect(
            MarketDaysViewModel.dayRows([beside]).contains(
                #"&gt; <span class="name-beside" lang="ko">&lt;script&gt;&#39;빠른&#39;&lt;/script&gt;</span></a></td>"#))
        #expect("plain 텍스트".htmlEscaped == "plain 텍스트")
    }

    @Test("bad input answers 400 in the reader's language, naming the value")
    func badInput() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            for input in ChartInputCase.marketDays {
                for path in ["/market/days", "/api/v1/market/days"] {
                    let response = try await client.get("\(path)?\(input.query)")
                    #expect(response.status == (input.accepted ? .ok : .badRequest), "\(path) \(input)")
                }
            }
            for input in ChartInputCase.marketHolidays {
                for path in ["/market/holidays", "/api/v1/market/holidays"] {
                    let response = try await client.get("\(path)?\(input.query)")
                    #expect(response.status == (input.accepted ? .ok : .badRequest), "\(path) \(input)")
                }
            }
            let long = try await client.get("/api/v1/market/days?from=2019-01-01&to=2020-01-02&lang=en")
            #expect(long.text.contains("2020-01-02") && long.text.contains("at most 366 days"))
            let early = try await client.get("/market/days?year=2003")
            #expect(early.status == .badRequest && early.text.contains("2003"))
            let holiday = try await client.get("/api/v1/market/holidays?holiday=christmas&lang=ko")
            #expect(holiday.text.contains("christmas") && holiday.text.contains("seollal"))
            let englishHoliday = try await client.get(
                "/market/holidays?holiday=christmas", headers: [.acceptLanguage: "en"])
            #expect(englishHoliday.status == .badRequest && englishHoliday.text.contains("christmas"))
        }
    }
}
