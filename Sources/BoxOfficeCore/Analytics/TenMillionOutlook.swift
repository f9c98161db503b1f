/// 천만 전망, the outlook for 10 million: where a film in its first run stands against the films that had about as
/// many admissions on the same day of their run, and how far those went.
///
/// At the film's latest archived day N (1…60) with cumulative admissions C, its **comparables** are at most
/// ``maximumComparables`` films nearest to C (ties by code) among those opened in ``since`` or later whose first run is
/// over (no row in the archive's last ``firstRunOverDays`` days) and whose known cumulative on day N lies within
/// 0.8 C…1.25 C. For each milestone above C it counts how many of them reached it (by their final, a floor); it ranks
/// C among every film's known cumulative on day N; and it gives shares only when there are at least
/// ``minimumForPercentages`` comparables. Pure: the store hands it candidates, the tests hand-written ones.
public struct TenMillionOutlook: Codable, Sendable, Hashable {
    /// A film the store offers as a comparable: its known first-run cumulative on day N and what it finally reached.
    public struct Candidate: Sendable, Hashable {
        public var movieCode: String
        public var title: String
        public var openDate: CalendarDate?
        /// Its known cumulative admissions on day N of its first run.
        public var audience: Int64
        /// The largest cumulative any of its rows shows (a floor of its final).
        public var finalAudience: Int64
        /// Its latest archived day.
        public var lastDay: CalendarDate

        public init(
            movieCode: String, title: String, openDate: CalendarDate?, audience: Int64, finalAudience: Int64,
            lastDay: CalendarDate
        ) {
            self.movieCode = movieCode
            self.title = title
            self.openDate = openDate
            self.audience = audience
            self.finalAudience = finalAudience
            self.lastDay = lastDay
        }
    }

    /// How the film's C compares with every film's known cumulative on day N (the film itself left out).
    public struct Standing: Sendable, Hashable {
        /// Other films with more admissions by day N.
        public var above: Int
        /// Other films whose cumulative on day N is known.
        public var films: Int

        public init(above: Int, films: Int) {
            self.above = above
            self.films = films
        }
    }

    /// A comparable film as the outlook lists it.
    public struct Film: Codable, Sendable, Hashable {
        public var movieCode: String
        public var title: String
        public var openDate: CalendarDate?
        /// Its cumulative admissions on day N.
        public var audience: Int64
        /// Its final admissions: a floor (as of its latest archived row).
        public var final: Figure
    }

    /// How many comparables reached one milestone above C.
    public struct MilestoneCount: Codable, Sendable, Hashable {
        public var threshold: Int64
        /// Comparables whose final reached it.
        public var films: Int
        /// `films` ÷ the comparables, only when there are at least ``TenMillionOutlook/minimumForPercentages``.
        public var share: Double?
    }

    /// The most comparables listed.
    public static let maximumComparables = 20
    /// Comparables needed before shares are given.
    public static let minimumForPercentages = 10
    /// The days of run an outlook is given for.
    public static let days = 1...60
    /// A first run is over when the film has no row in this many of the archive's last days.
    public static let firstRunOverDays = 30
    /// On KOBIS data, films opened before this year are not compared (KOBIS counted part of the screens before).
    public static let kobisSince = 2011

    /// The day of run N the outlook stands on.
    public var day: Int
    /// The film's cumulative admissions C on day N.
    public var audience: Int64
    /// Comparables opened in this year or later.
    public var since: Int
    /// The comparables' cumulative on day N lies in `low…high` (0.8 C…1.25 C).
    public var low: Int64
    public var high: Int64
    /// Nearest to C first.
    public var comparables: [Film]
    /// Each milestone above C, smallest first.
    public var milestones: [MilestoneCount]
    /// C's place among every film's known cumulative on day N (1 = the most), and how many films that ranks.
    public var rank: Int
    public var rankedFilms: Int
    /// The lowest and highest cumulative the comparables had on day N, `nil` without comparables.
    public var nearestRange: (low: Int64, high: Int64)? {
        guard let low = comparables.map(\.audience).min(), let high = comparables.map(\.audience).max() else {
            return nil
        }
        return (low, high)
    }

    /// Whether there are enough comparables for shares (and a page may write percentages).
    public var percentages: Bool

    /// The outlook of a film at day of run `day` with `audience` admissions, or `nil` for a day outside ``days``.
    /// `candidates` are filtered again by every rule (so a store may hand over more), `standing` ranks C.
    public init?(
        movieCode: String, day: Int, audience: Int64, since: Int, archiveEnd: CalendarDate, candidates: [Candidate],
        standing: Standing
    ) {
        guard Self.days.contains(day) else { return nil }
        let bounds = Self.bounds(around: audience)
        let over = Self.firstRunOver(archiveEnd: archiveEnd)
        let chosen =
            candidates
            .filter { candidate in
                candidate.movieCode != movieCode && bounds.contains(candidate.audience)
                    && (candidate.openDate?.year).map { $0 >= since } == true && candidate.lastDay <= over
            }
            .sorted { a, b in
                let distanceA = Self.distance(a.audience, audience)
                let distanceB = Self.distance(b.audience, audience)
                return distanceA != distanceB ? distanceA < distanceB : a.movieCode < b.movieCode
            }
        var seen: Set<String> = []
        let unique = chosen.filter { seen.insert($0.movieCode).inserted }.prefix(Self.maximumComparables)
        self.day = day
        self.audience = audience
        self.since = since
        low = bounds.lowerBound
        high = bounds.upperBound
        comparables = unique.map {
            Film(
                movieCode: $0.movieCode, title: $0.title, openDate: $0.openDate, audience: $0.audience,
                final: .floor(Double($0.finalAudience)))
        }
        let count = unique.count
        percentages = count >= Self.minimumForPercentages
        milestones = Milestone.thresholds.filter { $0 > audience }.map { threshold in
            let reached = unique.filter { $0.finalAudience >= threshold }.count
            return MilestoneCount(
                threshold: threshold, films: reached,
                share: count >= Self.minimumForPercentages ? Double(reached) / Double(count) : nil)
        }
        rank = standing.above + 1
        rankedFilms = standing.films + 1
    }

    /// 0.8 C…1.25 C in whole admissions: the least whole number at or above 0.8 C to the greatest at or below 1.25 C.
    public static func bounds(around audience: Int64) -> ClosedRange<Int64> {
        let value = Swift.max(0, audience)
        let low = value - value / 5
        let (high, overflow) = value.addingReportingOverflow(value / 4)
        return low...(overflow ? Int64.max : high)
    }

    /// The latest a film's last archived day may be for its first run to count as over: no row in the archive's
    /// last ``firstRunOverDays`` days (`archiveEnd − 29 … archiveEnd`).
    public static func firstRunOver(archiveEnd: CalendarDate) -> CalendarDate {
        archiveEnd.adding(days: -firstRunOverDays)
    }

    /// The year comparables open in or after by default: 2011 on KOBIS data, the archive's first year on sample data.
    public static func defaultSince(source: ChartSource, archiveStart: CalendarDate?) -> Int {
        switch source {
        case .kobis: kobisSince
        case .sample: archiveStart?.year ?? kobisSince
        }
    }

    /// The day N and cumulative C an outlook of `history`'s film stands on: the last day of its latest archived row
    /// (daily, or weekly when the film left the daily top 10), when that row is of its first run (`run`) and within the archive's last ``firstRunOverDays`` days, and N is in ``days``.
    public static func position(
        of history: FilmHistory, run: FilmRun, archiveEnd: CalendarDate
    ) -> (day: Int, audience: Int64)? {
        guard let latest = history.latest, run.lastDay == latest.end,
            latest.end > firstRunOver(archiveEnd: archiveEnd),
            let day = DayOfRun.number(of: latest.end, openDate: run.openDate), Self.days.contains(day)
        else { return nil }
        return (day, latest.audienceTotal)
    }

    private static func distance(_ a: Int64, _ b: Int64) -> UInt64 {
        a >= b ? UInt64(bitPattern: a &- b) : UInt64(bitPattern: b &- a)
    }
}
