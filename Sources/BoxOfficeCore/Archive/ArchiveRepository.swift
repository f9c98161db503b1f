public import Foundation
import KOBIS

/// What the store knows about one stored chart, without reading its rows: enough to plan a sync.
public struct StoredChartStatus: Sendable, Hashable {
    public var kind: ChartKind
    public var range: DateRange
    public var fetchedAt: Date

    public init(kind: ChartKind, range: DateRange, fetchedAt: Date) {
        self.kind = kind
        self.range = range
        self.fetchedAt = fetchedAt
    }
}

/// Whether a film counts as Korean or foreign in the box office (KOBIS's `repNationCd` K or F).
public enum MovieNationality: String, Codable, Sendable, Hashable, CaseIterable {
    case korean
    case foreign
    /// The archive holds no movie details for the film yet.
    case unknown

    /// The Korean name KOBIS gives Korea in movie details.
    public static let koreaName = KOBISWireVocabulary.koreaNationName

    /// Classifies a film by its representative nation: the first of the nations KOBIS lists in movie
    /// details (the movie list's `repNationNm` is the first entry of `nationAlt`). `nil` or empty: unknown.
    public init(representativeNation: String?) {
        guard let nation = representativeNation?.trimmingCharacters(in: .whitespaces), !nation.isEmpty else {
            self = .unknown
            return
        }
        self = nation == Self.koreaName ? .korean : .foreign
    }
}

/// One film's figures summed over the archived daily charts (top 10s) of a period.
public struct ArchivedMovieTotal: Sendable, Hashable {
    public var movieCode: String
    /// The film's title as the period's charts give it.
    public var title: String
    public var openDate: CalendarDate?
    /// Audience summed over the days the film was in the daily top 10.
    public var audience: Int64
    /// Sales (KRW) summed the same way.
    public var sales: Int64
    /// Days in the period on which the film was in the archived top 10.
    public var days: Int
    /// Its best daily rank in the period.
    public var bestRank: Int
    public var firstDay: CalendarDate
    public var lastDay: CalendarDate
    /// The representative nation from stored movie details (`한국`, `미국`, …), `nil` when not known yet.
    public var representativeNation: String?

    public init(
        movieCode: String, title: String, openDate: CalendarDate?, audience: Int64, sales: Int64, days: Int,
        bestRank: Int, firstDay: CalendarDate, lastDay: CalendarDate, representativeNation: String?
    ) {
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.audience = audience
        self.sales = sales
        self.days = days
        self.bestRank = bestRank
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.representativeNation = representativeNation
    }

    /// Korean, foreign or unknown.
    public var nationality: MovieNationality { MovieNationality(representativeNation: representativeNation) }
}

/// One day of a film's run as the archive holds it: its row in that day's daily chart.
public struct TrendPoint: Codable, Sendable, Hashable {
    public var date: CalendarDate
    public var rank: Int
    public var title: String
    public var audience: Int64
    public var audienceTotal: Int64
    public var sales: Int64
    public var screens: Int
    public var shows: Int

    public init(
        date: CalendarDate, rank: Int, title: String, audience: Int64, audienceTotal: Int64, sales: Int64, screens: Int,
        shows: Int
    ) {
        self.date = date
        self.rank = rank
        self.title = title
        self.audience = audience
        self.audienceTotal = audienceTotal
        self.sales = sales
        self.screens = screens
        self.shows = shows
    }
}

/// Changes whenever what a period chart of some range is built from changes: a daily chart stored or replaced
/// (replacing always brings a later fetch time), or a film's nation stored.
public struct ArchiveFingerprint: Sendable, Hashable {
    public var chartCount: Int
    public var latestFetch: Date?
    public var nationCount: Int
    /// When a nation was last stored (or changed).
    public var latestNation: Date?

    public init(chartCount: Int, latestFetch: Date?, nationCount: Int, latestNation: Date?) {
        self.chartCount = chartCount
        self.latestFetch = latestFetch
        self.nationCount = nationCount
        self.latestNation = latestNation
    }
}

/// Queries over the archive of stored charts, scoped (like ``ChartRepository``) to one upstream origin.
/// Every method reads only unfiltered charts (no nation, multi-movie or region filter).
public protocol ArchiveRepository: Sendable {
    /// The stored unfiltered charts of `kind` whose first day lies in `range`, oldest first, without their rows.
    func chartStatuses(kind: ChartKind, startingIn range: DateRange) async throws -> [StoredChartStatus]
    /// A cheap summary of the daily charts of `range` and of the stored nations, to tell whether a period chart
    /// built earlier is still right.
    func fingerprint(of range: DateRange) async throws -> ArchiveFingerprint
    /// Per film, the archived daily top-10 figures of `range` summed (one element per film, in no order).
    func movieTotals(in range: DateRange) async throws -> [ArchivedMovieTotal]
    /// The film's rows in every archived daily chart, oldest first.
    func trendPoints(movieCode: String) async throws -> [TrendPoint]
    /// Films in the archived daily charts of `range` whose representative nation is not stored yet.
    func movieCodesWithoutNation(in range: DateRange) async throws -> [String]
    /// Stores films' representative nations (movie code → nation, `""` when KOBIS lists none), replacing earlier
    /// values: all of them or, when it throws, none.
    func saveRepresentativeNations(_ nations: [String: String]) async throws
}

extension ArchiveRepository {
    /// Stores a film's representative nation (`""` when KOBIS lists none), replacing any earlier value.
    public func saveRepresentativeNation(_ nation: String, movieCode: String) async throws {
        try await saveRepresentativeNations([movieCode: nation])
    }
}
