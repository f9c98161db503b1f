/// What the records sort and show of one film, kept beside the charts (one per origin and film) so that no
/// records list reads the archive's rows: its run (``FilmRun``) reduced to the measures the lists order by.
public struct FilmRecord: Codable, Sendable, Hashable {
    public var movieCode: String
    /// The title on its latest archived day.
    public var title: String
    public var openDate: CalendarDate?
    public var reach: FilmRun.Reach
    /// The first run's milestone crossings, smallest first.
    public var milestones: [MilestoneCrossing]
    /// The day of the largest cumulative admissions any row shows.
    public var finalDate: CalendarDate?
    /// Floors of the final admissions and sales (the largest `audiAcc` and `salesAcc` of its rows).
    public var finalAudience: Int64
    public var finalSales: Int64
    /// Admissions of the opening weekend, when archived.
    public var openingWeekend: Int64?
    /// The film opened on the Saturday or Sunday of its opening weekend.
    public var openingWeekendPartial: Bool
    /// 1 − second weekend ÷ opening weekend.
    public var secondWeekendDrop: Double?
    /// Final admissions ÷ opening weekend (a floor).
    public var legs: Double?
    public var daysAtNumberOne: Int
    public var longestStreak: FilmRun.Streak?
    public var daysInTop10: Int

    public init(
        movieCode: String, title: String, openDate: CalendarDate?, reach: FilmRun.Reach,
        milestones: [MilestoneCrossing], finalDate: CalendarDate?, finalAudience: Int64, finalSales: Int64,
        openingWeekend: Int64?, openingWeekendPartial: Bool, secondWeekendDrop: Double?, legs: Double?,
        daysAtNumberOne: Int, longestStreak: FilmRun.Streak?, daysInTop10: Int
    ) {
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.reach = reach
        self.milestones = milestones
        self.finalDate = finalDate
        self.finalAudience = finalAudience
        self.finalSales = finalSales
        self.openingWeekend = openingWeekend
        self.openingWeekendPartial = openingWeekendPartial
        self.secondWeekendDrop = secondWeekendDrop
        self.legs = legs
        self.daysAtNumberOne = daysAtNumberOne
        self.longestStreak = longestStreak
        self.daysInTop10 = daysInTop10
    }

    /// The record of `run`; `nil` when the archive holds no day of the film.
    public init?(run: FilmRun) {
        guard run.reach != .noArchivedDay, let title = run.title else { return nil }
        self.init(
            movieCode: run.movieCode, title: title, openDate: run.openDate, reach: run.reach,
            milestones: run.milestones, finalDate: run.final?.date,
            finalAudience: Self.whole(run.final?.audience.value), finalSales: Self.whole(run.final?.sales.value),
            openingWeekend: run.openingWeekend.map { Self.whole($0.audience.value) },
            openingWeekendPartial: run.openingWeekend?.partial ?? false,
            secondWeekendDrop: run.secondWeekendDrop?.value, legs: run.legs?.value,
            daysAtNumberOne: run.daysAtNumberOne, longestStreak: run.longestStreak, daysInTop10: run.daysInTop10)
    }

    /// The crossing of `threshold`, when the first run reached it.
    public func milestone(_ threshold: Int64) -> MilestoneCrossing? {
        milestones.first { $0.threshold == threshold }
    }

    /// Legs and drops are only listed for films whose opening weekend had at least this many admissions.
    public static let legsMinimumOpening: Int64 = 100_000

    /// Whether the legs lists take the film: an archived opening weekend of at least ``legsMinimumOpening``.
    public var qualifiesForLegs: Bool {
        (openingWeekend ?? 0) >= Self.legsMinimumOpening
    }

    /// A KOBIS figure held as a `Double` back to a whole number (figures from rows are whole numbers well inside
    /// `Int64`; anything else is clamped).
    static func whole(_ value: Double?) -> Int64 {
        guard let value, value.isFinite else { return 0 }
        return Int64(exactly: value.rounded()) ?? (value > 0 ? Int64.max : 0)
    }
}
