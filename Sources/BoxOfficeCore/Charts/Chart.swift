public import Foundation
public import KOBIS

/// Which chart: one day, or a weekly range.
public enum ChartKind: String, Codable, Sendable, CaseIterable, Hashable {
    case daily, week, weekend, weekdays

    /// The KOBIS weekly range, or `nil` for daily.
    public var weeklyRange: WeeklyRange? {
        switch self {
        case .daily: return nil
        case .week: return .week
        case .weekend: return .weekend
        case .weekdays: return .weekdays
        }
    }

    public init(_ range: WeeklyRange) {
        switch range {
        case .week: self = .week
        case .weekend: self = .weekend
        case .weekdays: self = .weekdays
        }
    }
}

/// An inclusive range of days.
public struct DateRange: Codable, Hashable, Sendable {
    public var start: CalendarDate
    public var end: CalendarDate
    public init(start: CalendarDate, end: CalendarDate) {
        self.start = start
        self.end = end
    }
    /// Every day from start to end.
    public var days: [CalendarDate] { (0...max(0, start.days(to: end))).map { start.adding(days: $0) } }
    /// The number of days.
    public var count: Int { start.days(to: end) + 1 }
}

/// Chart filters: Korean/foreign, commercial/diversity, region.
public struct ChartFilters: Codable, Hashable, Sendable {
    public var nation: NationFilter?
    public var multiMovie: MultiMovieFilter?
    /// A wide-area code such as `0105001` (서울).
    public var areaCode: String?

    public init(nation: NationFilter? = nil, multiMovie: MultiMovieFilter? = nil, areaCode: String? = nil) {
        self.nation = nation
        self.multiMovie = multiMovie
        self.areaCode = areaCode
    }

    /// No filter at all.
    public static let none = ChartFilters()
    public var isEmpty: Bool { nation == nil && multiMovie == nil && areaCode == nil }

    /// A stable text key such as `nation=K;multi=;area=0105001`.
    public var key: String {
        "nation=\(nation?.rawValue ?? "");multi=\(multiMovie?.rawValue ?? "");area=\(areaCode ?? "")"
    }

    enum CodingKeys: String, CodingKey {
        case nation
        case multiMovie = "multi"
        case areaCode = "area"
    }
}

/// What to show: a chart kind, the day or week, and filters. Weekly queries are normalized to their range.
public struct ChartQuery: Hashable, Sendable, Codable {
    public let kind: ChartKind
    public let range: DateRange
    public let filters: ChartFilters

    /// A query for the chart of `kind` that contains `date`.
    public init(kind: ChartKind, date: CalendarDate, filters: ChartFilters = .none) {
        self.kind = kind
        self.filters = filters
        if let weekly = kind.weeklyRange {
            self.range = BoxOfficeCalendar.weekRange(weekly, containing: date)
        } else {
            self.range = DateRange(start: date, end: date)
        }
    }

    public static func daily(_ date: CalendarDate, filters: ChartFilters = .none) -> ChartQuery {
        ChartQuery(kind: .daily, date: date, filters: filters)
    }
}

/// Where a chart came from.
public enum ChartSource: String, Codable, Sendable, Hashable {
    /// The real KOBIS API (or a server speaking its protocol).
    case kobis
    /// The built-in simulator: fictional sample data.
    case sample
}

/// How a film's rank moved since the previous day or period.
public enum RankChange: Hashable, Sendable {
    /// Newly entered the chart (신작; KOBIS marks a re-entry the same way).
    case new
    case up(Int)
    case down(Int)
    case same

    /// The domain rule: NEW → new; else rankInten > 0 → up, < 0 → down, 0 → same.
    public init(isNew: Bool, rankDelta: Int) {
        if isNew {
            self = .new
        } else if rankDelta > 0 {
            self = .up(rankDelta)
        } else if rankDelta < 0 {
            self = .down(-rankDelta)
        } else {
            self = .same
        }
    }

    /// `new`, `up`, `down` or `same`.
    public var kindName: String {
        switch self {
        case .new: return "new"
        case .up: return "up"
        case .down: return "down"
        case .same: return "same"
        }
    }

    /// How many places it moved (0 for new and same).
    public var amount: Int {
        switch self {
        case .up(let n), .down(let n): return n
        case .new, .same: return 0
        }
    }
}

extension RankChange: Codable {
    enum CodingKeys: String, CodingKey { case kind, amount }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        let amount = try c.decodeIfPresent(Int.self, forKey: .amount) ?? 0
        switch kind {
        case "new": self = .new
        case "up": self = .up(amount)
        case "down": self = .down(amount)
        case "same": self = .same
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown change \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kindName, forKey: .kind)
        try c.encode(amount, forKey: .amount)
    }
}

/// One row of a chart.
public struct ChartEntry: Codable, Hashable, Sendable {
    public var rank: Int
    public var change: RankChange
    public var movieCode: String
    public var title: String
    /// KOBIS's English title (`movieNmEn`) when the archive keeps one with the film's nation: KOBIS's charts carry
    /// none, so ``ArchiveService/withEnglishTitles(_:)`` fills it where a surface shows it (no call of its own).
    public var titleEnglish: String? = nil
    public var openDate: CalendarDate?
    /// Audience on the day (or in the period).
    public var audience: Int64
    /// Cumulative audience up to the chart's last day.
    public var audienceTotal: Int64
    public var sales: Int64
    /// Percent of all sales on the day (period).
    public var salesShare: Double
    public var salesTotal: Int64
    public var screens: Int
    public var shows: Int

    public init(
        rank: Int, change: RankChange, movieCode: String, title: String, openDate: CalendarDate?, audience: Int64,
        audienceTotal: Int64, sales: Int64, salesShare: Double, salesTotal: Int64, screens: Int, shows: Int
    ) {
        self.rank = rank
        self.change = change
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.audience = audience
        self.audienceTotal = audienceTotal
        self.sales = sales
        self.salesShare = salesShare
        self.salesTotal = salesTotal
        self.screens = screens
        self.shows = shows
    }
}

/// A box-office chart: the JSON of `/api/v1/daily` and `/api/v1/weekly`, and what the CLI prints.
public struct Chart: Codable, Hashable, Sendable {
    public var kind: ChartKind
    public var range: DateRange
    public var filters: ChartFilters
    /// ISO year and week (`YYYYWW`) for weekly charts.
    public var yearWeek: String?
    public var source: ChartSource
    /// True when KOBIS could not be reached and this is the last stored copy.
    public var stale: Bool
    /// What KOBIS (or the way to it) failed with, when ``stale``. Not part of the chart's JSON.
    public var staleReason: KOBISError? = nil
    /// When the figures were fetched from upstream.
    public var fetchedAt: Date
    public var entries: [ChartEntry]

    public init(
        kind: ChartKind, range: DateRange, filters: ChartFilters = .none, yearWeek: String? = nil,
        source: ChartSource, stale: Bool = false, fetchedAt: Date, entries: [ChartEntry]
    ) {
        self.kind = kind
        self.range = range
        self.filters = filters
        self.yearWeek = yearWeek
        self.source = source
        self.stale = stale
        self.fetchedAt = fetchedAt
        self.entries = entries
    }

    /// The query this chart answers.
    public var query: ChartQuery { ChartQuery(kind: kind, date: range.start, filters: filters) }
}
