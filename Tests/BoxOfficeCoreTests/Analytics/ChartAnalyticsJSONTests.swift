import BoxOfficeCore
import BoxOfficeText
import Foundation
import Testing

@Suite("Chart JSON: market on the unfiltered daily chart, dayOfRun and audiencePerShow on every row")
struct ChartAnalyticsJSONTests {
    typealias C = MarketCharts

    static func object(_ chart: Chart) throws -> [String: Any] {
        let data = try BoxOfficeJSON.encoder().encode(chart)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func chart(kind: ChartKind = .daily, filters: ChartFilters = .none) -> Chart {
        let day = CalendarDate("2024-03-15")!
        var rows = C.rows(market: 3_456_789_120, sales: MarketSalesTests.sales)
        rows[1].openDate = nil
        rows[2].shows = 0
        return Chart(
            kind: kind, range: ChartQuery(kind: kind, date: day).range, filters: filters,
            yearWeek: kind == .daily ? nil : "202411", source: .kobis, fetchedAt: Date(timeIntervalSince1970: 0),
            entries: rows)
    }

    @Test("the unfiltered daily chart says its market as figures, and whether its rows agreed")
    func dailyMarket() throws {
        let chart = Self.chart()
        let json = try Self.object(chart)
        let market = try #require(json["market"] as? [String: Any])
        #expect(Set(market.keys) == ["sales", "topTenShare", "inconsistent"])
        #expect(market["inconsistent"] as? Bool == false)
        let sales = try #require(market["sales"] as? [String: Any])
        #expect(sales["quality"] as? String == "range")
        let expected = try #require(chart.market)
        #expect(sales["low"] as? Double == expected.sales.low)
        #expect(sales["high"] as? Double == expected.sales.high)
        #expect(sales["value"] as? Double == expected.sales.value)
        let share = try #require(market["topTenShare"] as? [String: Any])
        #expect(share["low"] as? Double == expected.topTenShare.low)
    }

    @Test("every row: its day of run on the chart's last day and its audience per show, null when unknown")
    func rows() throws {
        for kind in [ChartKind.daily, .week] {
            let chart = Self.chart(kind: kind)
            let entries = try #require(try Self.object(chart)["entries"] as? [[String: Any]])
            #expect(entries.count == 10)
            #expect(entries[0]["dayOfRun"] as? Int == chart.dayOfRun(of: chart.entries[0]))
            #expect(entries[0]["dayOfRun"] as? Int == (kind == .daily ? 15 : 17))
            #expect(entries[1]["dayOfRun"] is NSNull && entries[1]["openDate"] is NSNull)
            #expect(entries[0]["audiencePerShow"] as? Double == chart.entries[0].audiencePerShow)
            #expect(entries[2]["audiencePerShow"] is NSNull)
            // Every row names the same fields, known or not.
            #expect(Set(entries[1].keys) == Set(entries[0].keys) && Set(entries[2].keys) == Set(entries[0].keys))
            // KOBIS's own fields are all still there.
            #expect(entries[0]["salesShare"] as? Double == chart.entries[0].salesShare)
            #expect(entries[0]["change"] as? [String: Any] != nil)
        }
    }

    @Test("filtered and weekly charts carry no market; the chart still decodes from its JSON")
    func noMarket() throws {
        #expect(try Self.object(Self.chart(filters: ChartFilters(nation: .korean)))["market"] == nil)
        #expect(try Self.object(Self.chart(filters: ChartFilters(areaCode: "0105001")))["market"] == nil)
        #expect(try Self.object(Self.chart(kind: .weekend))["market"] == nil)
        let chart = Self.chart()
        let again = try BoxOfficeJSON.decoder().decode(Chart.self, from: try BoxOfficeJSON.encoder().encode(chart))
        #expect(again == chart)
    }
}
