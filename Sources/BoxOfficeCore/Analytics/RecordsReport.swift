/// One film in a records list: its place and the figures every list shows (the JSON of `/api/v1/records/…`).
public struct RecordEntry: Codable, Sendable, Hashable {
    /// Its place: 1 for the first film of the list; films with the list's figure in common share one (1, 1, 3).
    public var rank: Int
    public var movieCode: String
    public var title: String
    public var openDate: CalendarDate?
    public var nation: MovieNationality
    /// What the archive lets the film's record say (as ``FilmRun/reach``).
    public var reach: FilmRun.Reach
    /// The crossing of the list's milestone (`milestones` only).
    public var milestone: MilestoneCrossing?
    /// The day of the final admissions.
    public var finalDate: CalendarDate?
    /// Floors: the largest totals its rows show.
    public var finalAudience: Figure
    public var finalSales: Figure
    public var openingWeekend: Figure?
    public var openingWeekendPartial: Bool
    public var secondWeekendDrop: Figure?
    /// Final ÷ opening weekend: a floor.
    public var legs: Figure?
    public var daysAtNumberOne: Int
    public var longestStreak: FilmRun.Streak?
    public var daysInTop10: Int

    /// Whether ``daysInTop10`` and ``daysAtNumberOne`` are floors, as a run's are.
    public var dayCountsAreFloors: Bool { reach.dayCountsAreFloors }

    public init(rank: Int, film: RecordFilm, threshold: Int64?) {
        let record = film.record
        self.rank = rank
        movieCode = record.movieCode
        title = record.title
        openDate = record.openDate
        nation = film.nation
        reach = record.reach
        milestone = threshold.flatMap { record.milestone($0) }
        finalDate = record.finalDate
        finalAudience = .floor(Double(record.finalAudience))
        finalSales = .floor(Double(record.finalSales))
        openingWeekend = record.openingWeekend.map { .exact(Double($0)) }
        openingWeekendPartial = record.openingWeekendPartial
        secondWeekendDrop = record.secondWeekendDrop.map { .exact($0) }
        legs = record.legs.map { .floor($0) }
        daysAtNumberOne = record.daysAtNumberOne
        longestStreak = record.longestStreak
        daysInTop10 = record.daysInTop10
    }
}

/// One ordered list of a records answer.
public struct RecordList: Codable, Sendable, Hashable {
    public var order: RecordOrder
    public var entries: [RecordEntry]

    public init(order: RecordOrder, entries: [RecordEntry]) {
        self.order = order
        self.entries = entries
    }
}

/// A records answer: the list (or, for streaks and legs, the two lists) the query asks for, and the query read.
public struct RecordsReport: Codable, Sendable, Hashable {
    public var kind: RecordKind
    public var source: ChartSource
    public var threshold: Int64?
    public var by: RecordMeasure?
    public var year: Int?
    public var nation: MovieNationality?
    public var since: Int?
    public var limit: Int
    public var lists: [RecordList]
    /// The English titles of the films it names (``NamesFilms``), once ``ArchiveService/withEnglishTitles(_:)``
    /// filled them.
    public var englishTitles: [String: String]?

    public init(query: RecordsQuery, source: ChartSource, lists: [RecordList]) {
        kind = query.kind
        self.source = source
        threshold = query.threshold
        by = query.measure
        year = query.year
        nation = query.nation
        since = query.since
        limit = query.limit
        self.lists = lists
    }
}

extension RecordsReport: NamesFilms {
    public var movieCodes: [String] { Self.firstMentions(lists.flatMap { $0.entries.map(\.movieCode) }) }
}
