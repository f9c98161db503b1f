import Foundation
import KOBIS
@testable import KOBISSimulator

/// Shared fixtures: a simulator on a fixed clock, date helpers and wire helpers.
enum Fixture {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    /// 2026-06-01 00:30 in Seoul (still 2026-05-31 in UTC).
    static let now = CalendarDate(year: 2026, month: 6, day: 1)!.startInstant(in: seoul).addingTimeInterval(30 * 60)
    static let today = CalendarDate(year: 2026, month: 6, day: 1)!
    static let simulator = KOBISSimulator(now: { now })

    static func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

    /// `count` consecutive days starting at `start`.
    static func days(from start: String, count: Int) -> [CalendarDate] {
        let first = date(start)
        return (0..<count).map { first.adding(days: $0) }
    }

    /// 60 consecutive days in 2024 plus short runs in 2004, 2012 and 2025.
    static let invariantDays: [CalendarDate] =
        days(from: "2024-02-01", count: 60) + days(from: "2004-01-01", count: 8) + days(from: "2012-07-25", count: 8)
        + days(from: "2025-12-24", count: 8)

    /// Filter combinations the invariants are checked under.
    struct Filters: CustomStringConvertible, Sendable {
        var nation: NationFilter?
        var multiMovie: MultiMovieFilter?
        var area: String?
        var description: String {
            "nation=\(nation?.rawValue ?? "-") multi=\(multiMovie?.rawValue ?? "-") area=\(area ?? "-")"
        }
    }

    static let filterSets: [Filters] = [
        Filters(),
        Filters(nation: .korean),
        Filters(nation: .foreign),
        Filters(multiMovie: .diversity),
        Filters(multiMovie: .commercial),
        Filters(area: "0105001"),
        Filters(nation: .korean, area: "0105010"),
        Filters(multiMovie: .diversity, area: "0105011"),
    ]

    static func daily(_ day: CalendarDate, _ filters: Filters, simulator: KOBISSimulator = simulator)
        -> BoxOfficeResultDTO
    {
        simulator.dailyBoxOffice(
            day, nation: filters.nation, multiMovie: filters.multiMovie, wideAreaCode: filters.area)
    }

    static func weekly(
        _ day: CalendarDate, _ range: WeeklyRange, _ filters: Filters, simulator: KOBISSimulator = simulator
    ) -> BoxOfficeResultDTO {
        simulator.weeklyBoxOffice(
            day, range: range, nation: filters.nation, multiMovie: filters.multiMovie, wideAreaCode: filters.area)
    }

    /// The percentage change KOBIS reports, with one decimal; 100 from nothing.
    static func expectedChange(from previous: Int64, to current: Int64) -> Decimal {
        guard previous != 0 else { return 100 }
        let tenths = Int((Double(current - previous) / Double(previous) * 1_000).rounded())
        return Decimal(tenths) / 10
    }

    static let restPath = "/kobisopenapi/webservice/rest/"

    static func get(_ service: String, _ query: [String: String], simulator: KOBISSimulator = simulator)
        -> SimulatorResponse
    {
        simulator.respond(path: restPath + service + ".json", query: query)
    }

    static func json(_ response: SimulatorResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: response.body)
    }
}
