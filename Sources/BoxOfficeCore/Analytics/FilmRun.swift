/// A film's run as the archive tells it: opening, weekends, drop, legs, #1 days and streaks, milestones and the
/// pace of its first run. Every figure says how sure it is. The JSON of `/api/v1/movies/{code}/run`.
public struct FilmRun: Codable, Sendable, Hashable {
    /// What the archive lets the run say.
    public enum Reach: String, Codable, Sendable, Hashable {
        /// Every measure.
        case full
        /// The archive holds no day of the film.
        case noArchivedDay
        /// KOBIS gave no open date: no day-of-run measure.
        case noOpenDate
        /// It opened before the archive's first day: exact milestones only, no opening measures.
        case openedBeforeArchive
        /// Its first archived day is more than 60 days after it opened: no run measures.
        case archivedLate
        /// The archive holds rows of it, but none of a first run: every row lies more than 60 days before its open
        /// date. Totals and #1 days count; no run measures.
        case noFirstRun

        /// Whether counts of archived days (in the top 10, at #1) are floors: a film that opened before the archive
        /// began has days before it that are not counted.
        public var dayCountsAreFloors: Bool { self == .openedBeforeArchive }
    }

    /// Admissions (and sales, when known) of one Friday-to-Sunday weekend.
    public struct Weekend: Codable, Sendable, Hashable {
        public var start: CalendarDate
        public var end: CalendarDate
        public var audience: Figure
        public var sales: Figure
        /// The film opened on its Saturday or Sunday, so the weekend is not a whole one.
        public var partial: Bool
    }

    /// The largest figures any archived row shows: floors of the final totals.
    public struct Final: Codable, Sendable, Hashable {
        public var date: CalendarDate
        public var audience: Figure
        public var sales: Figure
    }

    /// Consecutive archived days at #1.
    public struct Streak: Codable, Sendable, Hashable {
        public var start: CalendarDate
        public var end: CalendarDate
        public var days: Int
    }

    /// The best archived day.
    public struct Peak: Codable, Sendable, Hashable {
        public var date: CalendarDate
        public var audience: Figure
    }

    /// One known cumulative admissions figure of the first run.
    public struct PacePoint: Codable, Sendable, Hashable {
        /// The day of run (1 = opening day).
        public var day: Int
        public var date: CalendarDate
        public var audience: Int64

        public init(day: Int, date: CalendarDate, audience: Int64) {
            self.day = day
            self.date = date
            self.audience = audience
        }
    }

    public var movieCode: String
    /// The title on its latest archived day; when no chart lists the film, the one its stored details give.
    public var title: String?
    public var openDate: CalendarDate?
    public var reach: Reach
    /// The first run's first and last archived days.
    public var firstDay: CalendarDate?
    public var lastDay: CalendarDate?
    /// Admissions on the opening day.
    public var openingDay: Figure?
    public var openingWeekend: Weekend?
    public var secondWeekend: Weekend?
    /// 1 − second weekend ÷ opening weekend.
    public var secondWeekendDrop: Figure?
    /// Admissions up to the first Sunday on or after the opening day.
    public var firstWeek: Figure?
    public var peakDay: Peak?
    /// Archived days in the daily top 10, at #1, and the longest unbroken #1 run, over every run.
    public var daysInTop10: Int
    public var daysAtNumberOne: Int
    public var longestStreak: Streak?
    /// Whether the day counts above are floors: a film that opened before the archive began has days before it that
    /// are not counted.
    public var dayCountsAreFloors: Bool { reach.dayCountsAreFloors }
    public var final: Final?
    /// Final admissions ÷ opening weekend (a floor, as the final is).
    public var legs: Figure?
    /// The milestones its first run reached, smallest first.
    public var milestones: [MilestoneCrossing]
    /// Cumulative admissions by day of run, oldest first.
    public var pace: [PacePoint]
    /// Later runs (rows after a gap of more than 60 days): re-releases.
    public var reReleases: Int
    /// KOBIS data before 2011, when KOBIS counted only part of the screens.
    public var partialEra: Bool

    /// The run of `history`, computed by ``FilmRunAnalysis``.
    public init(history: FilmHistory) {
        self = FilmRunAnalysis(history: history).run
    }

    init(movieCode: String) {
        self.movieCode = movieCode
        reach = .noArchivedDay
        daysInTop10 = 0
        daysAtNumberOne = 0
        milestones = []
        pace = []
        reReleases = 0
        partialEra = false
    }

    /// The crossing of `threshold`, when the first run reached it.
    public func milestone(_ threshold: Int64) -> MilestoneCrossing? {
        milestones.first { $0.threshold == threshold }
    }

    /// The known cumulative admissions on day of run `day`, when the archive shows it.
    public func audience(onDay day: Int) -> Int64? {
        pace.last { $0.day == day }?.audience
    }
}
