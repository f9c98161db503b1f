import BoxOfficeCore
import Foundation
import Hummingbird
import Testing

@testable import BoxOfficeWeb

@Suite("Query parameter parsing")
struct ChartRequestParametersTests {
    static func parameters(_ query: String) -> Parameters {
        Parameters(
            query.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? parts[1] : ""
                return (key: parts[0], value: Substring(value.removingPercentEncoding ?? String(value)))
            })
    }

    @Test("valid parameters parse; empty values mean no filter")
    func valid() throws {
        let parsed = try ChartRequestParameters(
            Self.parameters("date=2024-03-15&nation=K&multi=y&area=0105001&range=weekend"))
        #expect(parsed.date == CalendarDate("2024-03-15"))
        #expect(parsed.filters == ChartFilters(nation: .korean, multiMovie: .diversity, areaCode: "0105001"))
        #expect(parsed.weeklyRange == .weekend)
        let empty = try ChartRequestParameters(Self.parameters("date=&nation=&multi=&area="))
        #expect(empty == ChartRequestParameters())
    }

    @Test(
        "bad values are rejected with a message",
        arguments: [
            "date=2024-13-01", "date=2023-02-29", "date=20240315", "date=yesterday", "nation=X", "multi=maybe",
            "area=seoul", "range=month",
        ])
    func invalid(query: String) {
        #expect(throws: BoxOfficeError.self) { try ChartRequestParameters(Self.parameters(query)) }
    }

    @Test("search parameters: year 1900–2100, page ≥ 1")
    func search() throws {
        let parsed = try MovieSearchParameters(Self.parameters("q=%EC%98%81%ED%99%94&year=2020&page=2"))
        #expect(parsed.query == MovieSearchQuery(title: "영화", year: 2020, page: 2))
        for bad in ["year=abc", "year=1899", "year=2101", "page=0", "page=x"] {
            #expect(throws: BoxOfficeError.self) { try MovieSearchParameters(Self.parameters(bad)) }
        }
    }

    @Test("errors map to 4xx/5xx statuses, never 500")
    func errorStatuses() {
        #expect(ErrorPresentation(BoxOfficeError.invalid("date", .dayFormat, value: "x")).status == .badRequest)
        #expect(ErrorPresentation(BoxOfficeError.invalid("nation", .oneOf(["K", "F"]))).status == .badRequest)
        #expect(ErrorPresentation(BoxOfficeError.notFound(.movie(code: "x"))).status == .notFound)
        #expect(ErrorPresentation(BoxOfficeError.storage("x")).status == .serviceUnavailable)
        #expect(ErrorPresentation(BoxOfficeError.upstream(.timeout)).status == .serviceUnavailable)
        #expect(ErrorPresentation(BoxOfficeError.upstream(.connectionFailed("reset"))).status == .serviceUnavailable)
        #expect(ErrorPresentation(BoxOfficeError.upstream(.httpStatus(500))).status == .badGateway)
        #expect(ErrorPresentation(BoxOfficeError.upstream(.malformedResponse("x"))).status == .badGateway)
        #expect(
            ErrorPresentation(BoxOfficeError.upstream(.fault(code: "320010", message: "bad key"))).status == .badGateway
        )
    }
}
