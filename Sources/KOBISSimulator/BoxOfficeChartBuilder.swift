import KOBIS
import Foundation

/// Which films a chart counts: all three KOBIS filters at once.
struct ChartFilters: Sendable, Hashable {
    var nation: NationFilter?
    var multiMovie: MultiMovieFilter?
    /// Index into ``CommonCodes/wideAreas``; `nil` for the whole country.
    var regionIndex: Int?

    func matches(_ film: FilmSpec) -> Bool {
        if let nation, (nation == .korean) != film.isKorean { return false }
        if let multiMovie, (multiMovie == .diversity) != film.isDiversity { return false }
        return true
    }
}

/// Builds daily and weekly box-office results from the audience model, exactly as KOBIS words them.
struct BoxOfficeChartBuilder: Sendable {
    /// The first day the simulator has charts for.
    static let earliestDate = CalendarDate(year: 2004, month: 1, day: 1)!
    /// The most rows a chart returns (KOBIS's `itemPerPage` maximum).
    static let maximumRows = 10

    /// Today in Asia/Seoul: charts for today or later are not aggregated yet (empty).
    let today: CalendarDate

    // MARK: Daily

    func daily(_ date: CalendarDate, filters: ChartFilters?, limit: Int) -> BoxOfficeResultDTO {
        let day = date.daysSinceEpoch
        var entries: [BoxOfficeEntryDTO] = []
        if let filters, date >= Self.earliestDate, date < today {
            entries = chart(days: day...day, previousDays: (day - 1)...(day - 1), filters: filters, limit: limit)
        }
        return BoxOfficeResultDTO(
            boxOfficeType: KOBISWireVocabulary.dailyChartType, showRange: "\(date.compactString)~\(date.compactString)",
            entries: entries)
    }

    // MARK: Weekly

    /// The days `range` covers in the ISO week (Monday to Sunday) that holds `date`.
    static func days(of range: WeeklyRange, containing date: CalendarDate) -> ClosedRange<Int> {
        let monday = date.daysSinceEpoch - (date.isoWeekday - 1)
        switch range {
        case .week: return monday...(monday + 6)
        case .weekend: return (monday + 4)...(monday + 6)
        case .weekdays: return monday...(monday + 3)
        }
    }

    /// ISO year and week (`YYYYWW`) of the week starting on `monday` (days since epoch).
    static func yearWeekTime(monday: Int) -> String {
        let thursday = CalendarDate(daysSinceEpoch: monday + 3)
        let januaryFirst = CalendarDate(year: thursday.year, month: 1, day: 1)!
        let week = januaryFirst.days(to: thursday) / 7 + 1
        return String(format: "%04d%02d", thursday.year, week)
    }

    static func typeName(_ range: WeeklyRange) -> String {
        switch range {
        case .week: return KOBISWireVocabulary.weekChartType
        case .weekend: return KOBISWireVocabulary.weekendChartType
        case .weekdays: return KOBISWireVocabulary.weekdaysChartType
        }
    }

    func weekly(_ date: CalendarDate, range: WeeklyRange, filters: ChartFilters?, limit: Int) -> BoxOfficeResultDTO {
        let days = Self.days(of: range, containing: date)
        let first = CalendarDate(daysSinceEpoch: days.lowerBound)
        let last = CalendarDate(daysSinceEpoch: days.upperBound)
        let monday = date.daysSinceEpoch - (date.isoWeekday - 1)
        var entries: [BoxOfficeEntryDTO] = []
        if let filters, last >= Self.earliestDate, last < today {
            entries = chart(
                days: days, previousDays: (days.lowerBound - 7)...(days.upperBound - 7), filters: filters, limit: limit)
        }
        return BoxOfficeResultDTO(
            boxOfficeType: Self.typeName(range), showRange: "\(first.compactString)~\(last.compactString)",
            yearWeekTime: Self.yearWeekTime(monday: monday), entries: entries)
    }

    // MARK: Shared

    /// One film's totals over a period.
    struct FilmPeriod {
        let film: FilmSpec
        let figures: DailyFigures
        let regionShare: Double?
    }

    /// Every film that played during `days`, the filtered ones ranked, and the period's total sales
    /// across all films (the denominator of `salesShare`).
    struct Period {
        var all: [String: FilmPeriod] = [:]
        var ranked: [FilmPeriod] = []
        var totalSales: Int64 = 0
    }

    static func period(days: ClosedRange<Int>, filters: ChartFilters) -> Period {
        var period = Period()
        for film in FilmSchedule.films(scheduledIn: days) {
            let share = filters.regionIndex.map { AudienceModel.regionShare(film, regionIndex: $0) }
            var total = DailyFigures.zero
            var played = false
            for day in days {
                if let figures = AudienceModel.figures(film, on: day, regionShare: share) {
                    total.accumulate(figures)
                    played = true
                }
            }
            guard played else { continue }
            let entry = FilmPeriod(film: film, figures: total, regionShare: share)
            period.all[film.code] = entry
            period.totalSales += total.sales
            if filters.matches(film) { period.ranked.append(entry) }
        }
        period.ranked.sort { lhs, rhs in
            if lhs.figures.audience != rhs.figures.audience { return lhs.figures.audience > rhs.figures.audience }
            if lhs.figures.sales != rhs.figures.sales { return lhs.figures.sales > rhs.figures.sales }
            return lhs.film.code < rhs.film.code
        }
        return period
    }

    private func chart(
        days: ClosedRange<Int>, previousDays: ClosedRange<Int>, filters: ChartFilters, limit: Int
    ) -> [BoxOfficeEntryDTO] {
        let current = Self.period(days: days, filters: filters)
        let previous = Self.period(days: previousDays, filters: filters)
        // Rank changes compare with the previous chart as served: none before the first day.
        let previousWasServed = previousDays.upperBound >= Self.earliestDate.daysSinceEpoch
        var previousRanks: [String: Int] = [:]
        for (index, entry) in previous.ranked.prefix(previousWasServed ? Self.maximumRows : 0).enumerated() {
            previousRanks[entry.film.code] = index + 1
        }
        let rows = max(1, min(limit, Self.maximumRows))
        return current.ranked.prefix(rows).enumerated().map { index, entry in
            let rank = index + 1
            let before = previous.all[entry.film.code]?.figures ?? .zero
            let totals = AudienceModel.cumulative(entry.film, through: days.upperBound, regionShare: entry.regionShare)
            let previousRank = previousRanks[entry.film.code]
            return BoxOfficeEntryDTO(
                rowNumber: rank, rank: rank, rankDelta: previousRank.map { $0 - rank } ?? 0,
                status: previousRank == nil ? .new : .old, movieCode: entry.film.code,
                movieName: FilmTitle.title(for: entry.film).korean,
                openDate: entry.film.isReRelease ? nil : entry.film.openDate,
                salesAmount: entry.figures.sales,
                salesShare: Self.share(entry.figures.sales, of: current.totalSales),
                salesDelta: entry.figures.sales - before.sales,
                salesChange: Self.percentChange(from: before.sales, to: entry.figures.sales),
                salesTotal: totals.sales, audience: entry.figures.audience,
                audienceDelta: entry.figures.audience - before.audience,
                audienceChange: Self.percentChange(from: before.audience, to: entry.figures.audience),
                audienceTotal: totals.audience, screens: entry.figures.screens, shows: entry.figures.shows)
        }
    }

    /// `part` as a percentage of `total` with one decimal, at least 0.1 for any positive part.
    static func share(_ part: Int64, of total: Int64) -> Decimal {
        guard total > 0, part > 0 else { return 0 }
        return tenths(max(1, Int((Double(part) / Double(total) * 1_000).rounded())))
    }

    /// Percentage change with one decimal; 100 when there was nothing before, as KOBIS reports.
    static func percentChange(from previous: Int64, to current: Int64) -> Decimal {
        guard previous != 0 else { return 100 }
        return tenths(Int((Double(current - previous) / Double(previous) * 1_000).rounded()))
    }

    static func tenths(_ value: Int) -> Decimal {
        Decimal(sign: value < 0 ? .minus : .plus, exponent: -1, significand: Decimal(value.magnitude))
    }
}
