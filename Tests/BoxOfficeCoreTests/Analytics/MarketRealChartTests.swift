import BoxOfficeCore
import Foundation
import Testing

/// The issue's real answer: every real KOBIS chart pins its market to a range at most 0.3 % wide.
@Suite("Market sales of real KOBIS charts")
struct MarketRealChartTests {
    typealias C = MarketCharts

    /// A relative width: (high − low) ÷ value.
    static func width(_ figure: Figure) -> Double {
        ((figure.high ?? .infinity) - (figure.low ?? 0)) / figure.value
    }

    @Test(
        "every real daily and weekly chart gives a non-empty, consistent range at most 0.3 % wide",
        .enabled(if: MarketCharts.samplesArePresent, Comment(rawValue: MarketCharts.samplesAbsent)))
    func realCharts() throws {
        let files = C.realChartFiles()
        #expect(files.count >= 10, "found only \(files)")
        #expect(files.contains { $0.hasPrefix("more/weekly-") }, "no weekly chart among \(files)")
        for file in files {
            let chart = try C.chart(
                body: Data(contentsOf: C.samples.appendingPathComponent(file)), kind: C.kind(ofSample: file))
            let market = try #require(MarketSales(entries: chart.entries), "\(file)")
            #expect(!market.isInconsistent, "\(file)")
            #expect(market.sales.quality == .range, "\(file)")
            let low = try #require(market.sales.low)
            let high = try #require(market.sales.high)
            #expect(low < high, "\(file)")
            #expect(Self.width(market.sales) <= 0.003, "\(file): \(low)…\(high)")
            #expect(Double(market.topTenSales) <= high, "\(file)")
            // The unfiltered daily chart carries the same market; weekly charts carry none.
            #expect(chart.market == (chart.kind == .daily ? market : nil), "\(file)")
        }
    }

    /// A body in KOBIS's shape with its quirks: every value a string, a blank `openDt`, padded title, tiny shares
    /// KOBIS rounded up to 0.1, a film with no shows. The market is 3,456,789,120 won.
    static let fixtureDaily = Data(
        #"""
        {"boxOfficeResult":{"boxofficeType":"daily","showRange":"20240315~20240315","dailyBoxOfficeList":[
        {"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240001","movieNm":"Harbour Lights","openDt":"2024-03-06","salesAmt":"1210345670","salesShare":"35.0","salesInten":"0","salesChange":"0","salesAcc":"9210345670","audiCnt":"121034","audiInten":"0","audiChange":"0","audiAcc":"921034","scrnCnt":"1201","showCnt":"5012"},
        {"rnum":"2","rank":"2","rankInten":"1","rankOldAndNew":"OLD","movieCd":"2024C002","movieNm":" Paper Moon ","openDt":"","salesAmt":"830112300","salesShare":"24.0","salesInten":"0","salesChange":"0","salesAcc":"1830112300","audiCnt":"83011","audiInten":"0","audiChange":"0","audiAcc":"183011","scrnCnt":"988","showCnt":"4011"},
        {"rnum":"3","rank":"3","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20240003","movieNm":"Cold Orchard","openDt":"2024-03-15","salesAmt":"512998000","salesShare":"14.8","salesInten":"512998000","salesChange":"100","salesAcc":"512998000","audiCnt":"51299","audiInten":"51299","audiChange":"100","audiAcc":"51299","scrnCnt":"801","showCnt":"3020"},
        {"rnum":"4","rank":"4","rankInten":"-1","rankOldAndNew":"OLD","movieCd":"20240004","movieNm":"Night Ferry","openDt":"2024-02-28","salesAmt":"300450120","salesShare":"8.7","salesInten":"0","salesChange":"0","salesAcc":"4300450120","audiCnt":"30045","audiInten":"0","audiChange":"0","audiAcc":"430045","scrnCnt":"602","showCnt":"2011"},
        {"rnum":"5","rank":"5","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240005","movieNm":"Salt Road","openDt":"2024-03-20","salesAmt":"150222000","salesShare":"4.3","salesInten":"0","salesChange":"0","salesAcc":"150222000","audiCnt":"15022","audiInten":"0","audiChange":"0","audiAcc":"15022","scrnCnt":"402","showCnt":"802"},
        {"rnum":"6","rank":"6","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240006","movieNm":"Glass Bay","openDt":"2024-01-10","salesAmt":"90870500","salesShare":"2.6","salesInten":"0","salesChange":"0","salesAcc":"5090870500","audiCnt":"9087","audiInten":"0","audiChange":"0","audiAcc":"509087","scrnCnt":"301","showCnt":"640"},
        {"rnum":"7","rank":"7","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240007","movieNm":"Low Tide","openDt":"2024-02-01","salesAmt":"40120000","salesShare":"1.2","salesInten":"0","salesChange":"0","salesAcc":"940120000","audiCnt":"4012","audiInten":"0","audiChange":"0","audiAcc":"94012","scrnCnt":"120","showCnt":"260"},
        {"rnum":"8","rank":"8","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240008","movieNm":"Red Kite","openDt":"2023-12-20","salesAmt":"30000000","salesShare":"0.9","salesInten":"0","salesChange":"0","salesAcc":"830000000","audiCnt":"3000","audiInten":"0","audiChange":"0","audiAcc":"83000","scrnCnt":"90","showCnt":"150"},
        {"rnum":"9","rank":"9","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240009","movieNm":"Old Light","openDt":"2000-10-20","salesAmt":"1500000","salesShare":"0.1","salesInten":"0","salesChange":"0","salesAcc":"41500000","audiCnt":"150","audiInten":"0","audiChange":"0","audiAcc":"4150","scrnCnt":"3","showCnt":"0"},
        {"rnum":"10","rank":"10","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20240010","movieNm":"First Snow","openDt":"2024-03-15","salesAmt":"1300000","salesShare":"0.1","salesInten":"1300000","salesChange":"100","salesAcc":"1300000","audiCnt":"130","audiInten":"130","audiChange":"100","audiAcc":"130","scrnCnt":"2","showCnt":"4"}]}}
        """#.utf8)

    /// A weekly body cut after two rows, as the real weekly samples are: the market still pins.
    static let fixtureWeek = Data(
        #"""
        {"boxOfficeResult":{"boxofficeType":"week","showRange":"20240311~20240317","yearWeekTime":"202411","weeklyBoxOfficeList":[
        {"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240001","movieNm":"Harbour Lights","openDt":"2024-03-06","salesAmt":"8472419690","salesShare":"33.9","salesInten":"0","salesChange":"0","salesAcc":"9210345670","audiCnt":"847241","audiInten":"0","audiChange":"0","audiAcc":"921034","scrnCnt":"1201","showCnt":"35084"},
        {"rnum":"2","rank":"2","rankInten":"0","rankOldAndNew":"OLD","movieCd":"2024C002","movieNm":"Paper Moon","openDt":"","salesAmt":"2924510000","salesShare":"11.7","salesInten":"0","salesChange":"0","salesAcc":"1830112300","audiCnt":"292451","audiInten":"0","audiChange":"0","audiAcc":"183011","scrnCnt":"988","showCnt":"28077"}]}}
        """#.utf8)

    @Test("our own daily fixture, with KOBIS's quirks: the market is pinned around its truth")
    func fixtureDailyChart() throws {
        let chart = try C.chart(body: Self.fixtureDaily, kind: .daily)
        #expect(chart.entries.count == 10)
        let market = try #require(chart.market)
        #expect(!market.isInconsistent)
        #expect(market.pinningRows == 7)
        #expect(market.sales.admits(3_456_789_120))
        #expect(Self.width(market.sales) <= 0.003)
        #expect(market.topTenShare.admits(3_167_918_590 / 3_456_789_120 * 100))
        // Row 2 has no open date, row 9 no shows.
        #expect(chart.dayOfRun(of: chart.entries[0]) == 10)
        #expect(chart.dayOfRun(of: chart.entries[1]) == nil)
        #expect(chart.dayOfRun(of: chart.entries[2]) == 1)
        #expect(chart.dayOfRun(of: chart.entries[4]) == -4, "a preview five days before it opens")
        #expect(chart.entries[8].audiencePerShow == nil)
        #expect(chart.entries[0].audiencePerShow == 24.1)
    }

    @Test("our own weekly fixture, cut after two rows: a range at most 0.3 % wide, no market on the chart's JSON")
    func fixtureWeeklyChart() throws {
        let chart = try C.chart(body: Self.fixtureWeek, kind: .week)
        let market = try #require(MarketSales(entries: chart.entries))
        #expect(!market.isInconsistent)
        #expect(market.sales.admits(24_992_389_000))
        #expect(Self.width(market.sales) <= 0.003)
        #expect(chart.market == nil)
        #expect(chart.dayOfRun(of: chart.entries[0]) == 12, "the week's Sunday")
    }
}
