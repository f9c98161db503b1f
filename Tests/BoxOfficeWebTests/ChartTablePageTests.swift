import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// The chart pages' wide table (every column kobis.or.kr shows, each cell with its sort value) and the day's market
/// above an unfiltered daily chart.
@Suite("Chart pages: the wide table and the day's market")
struct ChartTablePageTests {
    /// The `data-sort-value`s of the table's body, row by row.
    static func sortValues(_ html: String) -> [[String]] {
        guard let start = html.range(of: "<tbody>"),
            let end = html.range(of: "</tbody>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "</tr>").dropLast().map { row in
            row.components(separatedBy: #"data-sort-value=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
    }

    @Test("the unfiltered daily page: the market as ≈ 억 원 and the top 10's share, with their ranges and a legend")
    func dailyMarket() async throws {
        try await WebTestSupport.withSampleApp { client in
            let api = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let chart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(api.text.utf8))
            let market = try #require(chart.market)
            let korean = try await client.get("/daily?date=\(WebTestSupport.settledDate)").text
            #expect(korean.contains(#"<section class="market-summary""#))
            #expect(korean.contains("<strong>\(FigureText.won(market.sales, language: .korean))</strong>"))
            #expect(korean.contains("(범위 \(FigureText.wonRange(market.sales, language: .korean)))"))
            #expect(korean.contains("<strong>\(FigureText.percent(market.topTenShare))</strong>"))
            #expect(korean.contains(ChartTableStrings.korean.marketLegend))
            #expect(FigureText.won(market.sales, language: .korean).hasPrefix("≈ "))
            #expect(FigureText.won(market.sales, language: .korean).contains("억"))
            let english = try await client.get("/daily?date=\(WebTestSupport.settledDate)&lang=en").text
            #expect(english.contains("<strong>\(FigureText.won(market.sales, language: .english))</strong>"))
            #expect(FigureText.won(market.sales, language: .english).hasSuffix(" billion"))
            #expect(english.contains("KOBIS gives sales shares to one decimal"))
        }
    }

    @Test("filtered daily charts and weekly charts show no market")
    func noMarket() async throws {
        try await WebTestSupport.withSampleApp { client in
            for path in [
                "/daily?date=\(WebTestSupport.settledDate)&nation=K",
                "/daily?date=\(WebTestSupport.settledDate)&area=0105001",
                "/weekly?date=2024-03-11",
            ] {
                let html = try await client.get(path).text
                #expect(!html.contains("market-summary"), "\(path)")
                #expect(html.contains(#"<table class="chart-table">"#), "\(path)")
            }
        }
    }

    @Test("the table: kobis.or.kr's columns, sorted by rank as served, each figure with its sort value")
    func table() async throws {
        try await WebTestSupport.withSampleApp { client in
            let api = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let chart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(api.text.utf8))
            let html = try await client.get("/daily?date=\(WebTestSupport.settledDate)").text
            let words = ChartTableStrings.korean
            for heading in [
                words.rank, words.change, words.title, words.openDate, words.dayOfRun, words.audience, words.sales,
                words.salesShare, words.audienceTotal, words.salesTotal, words.screens, words.shows, words.perShow,
            ] {
                #expect(html.contains(">\(heading)</th>"), "\(heading)")
            }
            #expect(html.contains(#"aria-sort="ascending" data-sort-type="number">\#(words.rank)</th>"#))
            #expect(html.components(separatedBy: "aria-sort=").count == 2, "only the rank column says it is sorted")
            let rows = Self.sortValues(html)
            #expect(rows.count == chart.entries.count)
            for (values, entry) in zip(rows, chart.entries) {
                #expect(values.count == 13, "\(values)")
                #expect(values[0] == "\(entry.rank)")
                #expect(values[2] == entry.title)
                #expect(values[3] == entry.openDate?.isoString ?? "")
                #expect(values[4] == chart.dayOfRun(of: entry).map(String.init) ?? "")
                #expect(values[5] == "\(entry.audience)")
                #expect(values[6] == "\(entry.sales)")
                #expect(Double(values[7]) == entry.salesShare)
                #expect(values[8] == "\(entry.audienceTotal)")
                #expect(values[9] == "\(entry.salesTotal)")
                #expect(values[10] == "\(entry.screens)" && values[11] == "\(entry.shows)")
                #expect(values[12] == entry.audiencePerShow.map { "\($0)" } ?? "")
                #expect(html.contains(">\(NumberFormatting.thousands(entry.salesTotal))</td>"))
            }
        }
    }

    /// `text` as the templates escape it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test("English pages: KOBIS's English title from the archive, the Korean one beside; Korean pages as before")
    func englishTitles() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            for (path, date, kind) in [
                ("/daily?date=2024-03-10", CalendarDate("2024-03-10")!, ChartKind.daily),
                ("/weekly?date=2024-03-04", CalendarDate("2024-03-04")!, .week),
            ] {
                let chart = try await services.charts.chart(ChartQuery(kind: kind, date: date))
                // The sync kept them from the movie-list pages it read for the films' nations.
                let titles = try await services.archive.englishTitles(of: chart.entries.map(\.movieCode))
                #expect(titles.count == chart.entries.count, "\(path): \(titles)")
                let english = try await client.get(path + "&lang=en").text
                let korean = try await client.get(path).text
                for entry in chart.entries {
                    let title = try #require(titles[entry.movieCode])
                    let shown =
                        #"">\#(Self.escaped(title)) <span class="name-beside" lang="ko">\#(Self.escaped(entry.title))</span></a>"#
                    // In the compact row and in the wide table.
                    #expect(english.components(separatedBy: shown).count == 3, "\(path): \(title)")
                    #expect(english.contains(#"data-sort-value="\#(Self.escaped(title))""#))
                    #expect(korean.contains(#"">\#(Self.escaped(entry.title))</a>"#))
                    #expect(!korean.contains(Self.escaped(title)) || title == entry.title)
                }
                #expect(!korean.contains("name-beside"))
            }
        }
    }

    @Test("the daily chart's compact rows say the day of run after the audience, as kobis.or.kr does; weekly rows not")
    func compactDayOfRun() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let chart = try await services.charts.chart(.daily(CalendarDate("2024-03-10")!))
            let korean = try await client.get("/daily?date=2024-03-10").text
            let english = try await client.get("/daily?date=2024-03-10&lang=en").text
            var shown = 0
            for entry in chart.entries {
                guard let day = chart.dayOfRun(of: entry), day > 0 else { continue }
                let total = NumberFormatting.thousands(entry.audienceTotal)
                let days = NumberFormatting.thousands(day)
                #expect(korean.contains("\(total) · \(days)일째</span>"), "\(entry.title)")
                #expect(english.contains("\(total) · day \(days)</span>"), "\(entry.title)")
                shown += 1
            }
            #expect(shown > 0)
            let weekly = try await client.get("/weekly?date=2024-03-04").text
            #expect(!weekly.contains("일째</span>"))
        }
    }

    @Test("day of run in words: N일째 or a preview, none without an open date")
    func dayOfRunWords() {
        #expect(ChartTableStrings.korean.dayOfRun(12) == "12일째")
        #expect(ChartTableStrings.english.dayOfRun(1_200) == "1,200")
        #expect(ChartTableStrings.korean.dayOfRun(0) == "개봉 전")
        #expect(ChartTableStrings.english.dayOfRun(-3) == "preview")
        #expect(ChartTableStrings.english.dayOfRun(nil) == "none")
    }
}
