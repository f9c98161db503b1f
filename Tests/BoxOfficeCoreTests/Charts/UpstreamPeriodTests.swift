import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// KOBIS answers a weekly chart for the week that holds the day asked about; an answer for another period (a whole
/// week for a weekend, the day before) would be kept and shown as the chart asked for.
@Suite("The period KOBIS answered for")
struct UpstreamPeriodTests {
    /// Answers every chart with `showRange`, whatever was asked.
    struct FixedRangeTransport: HTTPTransport {
        let showRange: String

        func get(_ url: URL) async throws -> HTTPTransportResponse {
            let row = """
                {"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20210001","movieNm":"가상",\
                "openDt":"2020-12-23","salesAmt":"100","salesShare":"50.0","salesInten":"0","salesChange":"0",\
                "salesAcc":"1000","audiCnt":"10","audiInten":"0","audiChange":"0","audiAcc":"100","scrnCnt":"1","showCnt":"1"}
                """
            let list =
                url.path.hasSuffix("searchWeeklyBoxOfficeList.json") ? "weeklyBoxOfficeList" : "dailyBoxOfficeList"
            let body = """
                {"boxOfficeResult":{"boxofficeType":"x","showRange":"\(showRange)","yearWeekTime":"202101",\
                "\(list)":[\(row)]}}
                """
            return HTTPTransportResponse(statusCode: 200, body: Data(body.utf8))
        }
    }

    func fetch(_ query: ChartQuery, answeredFor showRange: String) async throws -> Chart {
        let client = KOBISClient(
            apiKey: "k", baseURL: URL(string: "http://127.0.0.1:9/kobis")!,
            transport: FixedRangeTransport(showRange: showRange))
        return try await KOBISUpstream(client: client, source: .kobis).fetchChart(query)
    }

    @Test(
        "an answer for another period is a broken answer, even one that overlaps the period asked for",
        arguments: [
            (ChartKind.weekend, "20210104~20210110"), (.weekend, "20210109~20210110"), (.week, "20210108~20210110"),
            (.daily, "20210107~20210107"), (.daily, "20210108~20210109"),
        ])
    func anotherPeriod(kind: ChartKind, showRange: String) async throws {
        let query = ChartQuery(kind: kind, date: try #require(CalendarDate("2021-01-08")))
        let error = await #expect(throws: BoxOfficeError.self) { _ = try await fetch(query, answeredFor: showRange) }
        guard case .upstream(.malformedResponse(let reason)) = error else {
            Issue.record("expected a broken answer, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("showRange is not the period asked for"), "\(reason)")
    }

    @Test(
        "the period asked for is kept under it",
        arguments: [
            (ChartKind.weekend, "20210108~20210110"), (.week, "20210104~20210110"), (.weekdays, "20210104~20210107"),
            (.daily, "20210108~20210108"), (.daily, ""),
        ])
    func samePeriod(kind: ChartKind, showRange: String) async throws {
        let query = ChartQuery(kind: kind, date: try #require(CalendarDate("2021-01-08")))
        let chart = try await fetch(query, answeredFor: showRange)
        #expect(chart.range == query.range)
        #expect(chart.entries.count == 1)
    }
}
