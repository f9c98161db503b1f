public import Foundation
public import KOBIS

/// A deterministic synthetic KOBIS: fictional films with consistent daily and weekly figures for
/// every day from 2004-01-01 on, movie details, and the directory services, all in KOBIS's exact
/// wire format.
///
/// Figures come from a closed-form model (films open on a seeded schedule; each day's audience is
/// a function of the film's popularity, its age, the weekday, the season and hashed noise), so any
/// day is computed on its own, quickly, and two instances always agree byte for byte.
///
/// Every title, person and company is invented from word lists.
public struct KOBISSimulator: Sendable {
    private let now: @Sendable () -> Date
    let catalogCache = FilmCatalogCache()

    /// The first day with box-office data; earlier days answer an empty list.
    public static let firstDate = BoxOfficeChartBuilder.earliestDate
    /// Upcoming films (개봉예정) are listed this many days ahead of their opening.
    public static let upcomingWindowDays = 60

    /// - Parameter now: the clock deciding "today" (Asia/Seoul): charts for today or later are empty
    ///   (not yet aggregated), and films opening later are upcoming.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    private static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3_600)!

    /// Today in Asia/Seoul, by the simulator's clock.
    public var today: CalendarDate { CalendarDate(now(), in: Self.seoul) }

    /// 광역지역 codes (`comCode=0105000000`), the values of `wideAreaCode`.
    public static let wideAreas: [CommonCodeDTO] = CommonCodes.wideAreas.map(\.code)

    // MARK: Box office

    /// 일별 박스오피스 for `date`: the top films by audience among those matching the filters, with
    /// shares of all films' sales that day. Empty for today, future days, days before 2004 and
    /// unknown wide-area codes.
    public func dailyBoxOffice(
        _ date: CalendarDate, nation: NationFilter? = nil, multiMovie: MultiMovieFilter? = nil,
        wideAreaCode: String? = nil, itemsPerPage: Int = 10
    ) -> BoxOfficeResultDTO {
        BoxOfficeChartBuilder(today: today).daily(
            date, filters: filters(nation: nation, multiMovie: multiMovie, wideAreaCode: wideAreaCode),
            limit: itemsPerPage)
    }

    /// 주간/주말/주중 박스오피스 for the ISO week holding `date`: the range's daily figures summed,
    /// ranked by audience, compared with the same range a week earlier. Empty until the range is over.
    public func weeklyBoxOffice(
        _ date: CalendarDate, range: WeeklyRange = .weekend, nation: NationFilter? = nil,
        multiMovie: MultiMovieFilter? = nil, wideAreaCode: String? = nil, itemsPerPage: Int = 10
    ) -> BoxOfficeResultDTO {
        BoxOfficeChartBuilder(today: today).weekly(
            date, range: range, filters: filters(nation: nation, multiMovie: multiMovie, wideAreaCode: wideAreaCode),
            limit: itemsPerPage)
    }

    /// `nil` when `wideAreaCode` names no wide area (the chart is then empty).
    private func filters(nation: NationFilter?, multiMovie: MultiMovieFilter?, wideAreaCode: String?) -> ChartFilters? {
        var filters = ChartFilters(nation: nation, multiMovie: multiMovie, regionIndex: nil)
        if let wideAreaCode, !wideAreaCode.isEmpty {
            guard let index = CommonCodes.wideAreaIndex(of: wideAreaCode) else { return nil }
            filters.regionIndex = index
        }
        return filters
    }

    // MARK: Movies

    /// The last day whose films are known (released, or listed as upcoming).
    var horizon: Int { today.daysSinceEpoch + Self.upcomingWindowDays }

    /// 영화 상세정보 for `code`, or `nil` when no film (released or upcoming) has that code.
    public func movieInfo(code: String) -> MovieInfoDTO? {
        guard let film = FilmSchedule.film(code: code.trimmingCharacters(in: .whitespaces)),
            film.openDay <= horizon
        else { return nil }
        return FilmProfile(film).movieInfo(today: today)
    }

    /// The figures of the film `movieCode` on `date`, nationwide or in `wideAreaCode`; `nil` when
    /// it did not play. Charts show only the top films; this shows any film on any day (for checks).
    func figures(movieCode: String, on date: CalendarDate, wideAreaCode: String? = nil) -> DailyFigures? {
        guard let film = FilmSchedule.film(code: movieCode), let share = regionShare(film, wideAreaCode) else {
            return nil
        }
        return AudienceModel.figures(film, on: date.daysSinceEpoch, regionShare: share)
    }

    /// Cumulative audience and sales of the film `movieCode` through `date` (for checks).
    func totals(movieCode: String, through date: CalendarDate, wideAreaCode: String? = nil) -> (
        audience: Int64, sales: Int64
    )? {
        guard let film = FilmSchedule.film(code: movieCode), let share = regionShare(film, wideAreaCode) else {
            return nil
        }
        return AudienceModel.cumulative(film, through: date.daysSinceEpoch, regionShare: share)
    }

    /// `.some(nil)` for the whole country, `.some(share)` for a wide area, `nil` for an unknown code.
    private func regionShare(_ film: FilmSpec, _ wideAreaCode: String?) -> Double?? {
        guard let wideAreaCode, !wideAreaCode.isEmpty else { return .some(nil) }
        guard let index = CommonCodes.wideAreaIndex(of: wideAreaCode) else { return nil }
        return AudienceModel.regionShare(film, regionIndex: index)
    }
}
