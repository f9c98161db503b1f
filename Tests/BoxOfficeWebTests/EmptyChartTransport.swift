import Foundation
import KOBIS
import KOBISSimulator

/// The simulator, except that every daily and weekly chart comes back without rows, as KOBIS answers for a day it
/// has not counted yet: the pages' empty state.
struct EmptyChartTransport: HTTPTransport {
    let simulator: SimulatorTransport

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        let path = url.path
        if path.hasSuffix("searchDailyBoxOfficeList.json") {
            return Self.answer(
                #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"","dailyBoxOfficeList":[]}}"#)
        }
        if path.hasSuffix("searchWeeklyBoxOfficeList.json") {
            return Self.answer(
                #"{"boxOfficeResult":{"boxofficeType":"주말 박스오피스","showRange":"","yearWeekTime":"","weeklyBoxOfficeList":[]}}"#
            )
        }
        return try await simulator.get(url)
    }

    private static func answer(_ json: String) -> HTTPTransportResponse {
        HTTPTransportResponse(statusCode: 200, body: Data(json.utf8))
    }
}
