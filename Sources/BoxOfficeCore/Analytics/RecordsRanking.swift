/// The one definition of each records list's filter and order, over records in memory. The store answers the same
/// lists through its indexes; tests hold the two to each other.
public enum RecordsRanking {
    /// Whether `film` belongs in a list of `order` filtered by `query`.
    public static func includes(_ film: RecordFilm, order: RecordOrder, query: RecordsQuery) -> Bool {
        let record = film.record
        if let nation = query.nation, film.nation != nation { return false }
        if let year = query.year, record.openDate?.year != year { return false }
        if let since = query.since {
            guard let opened = record.openDate?.year, opened >= since else { return false }
        }
        switch order {
        case .fastest:
            return fastestKey(record, threshold: query.threshold ?? RecordsQuery.defaultThreshold) != nil
        case .audience, .sales:
            return record.finalDate != nil
        case .longestStreak:
            return record.longestStreak != nil
        case .daysAtNumberOne:
            return record.daysAtNumberOne > 0
        case .legs:
            return record.qualifiesForLegs && record.legs != nil
        case .secondWeekendDrop:
            return record.qualifiesForLegs && record.secondWeekendDrop != nil
        }
    }

    /// Whether `a` comes before `b` in `order`: by the list's figure, then (fastest) the crossing's last day or
    /// (streaks) the streak's first day, then the smaller movie code.
    public static func precedes(_ a: FilmRecord, _ b: FilmRecord, order: RecordOrder, threshold: Int64?) -> Bool {
        if let first = byFigure(a, b, order: order, threshold: threshold) { return first }
        let next: Bool?
        switch order {
        case .fastest:
            let limit = threshold ?? RecordsQuery.defaultThreshold
            next = by(fastestKey(a, threshold: limit)?.latest ?? "", fastestKey(b, threshold: limit)?.latest ?? "")
        case .longestStreak:
            next = by(a.longestStreak?.start.isoString ?? "", b.longestStreak?.start.isoString ?? "")
        case .audience, .sales, .daysAtNumberOne, .legs, .secondWeekendDrop:
            next = nil
        }
        return next ?? (a.movieCode < b.movieCode)
    }

    /// Whether `a` and `b` have the figure `order` ranks by in common, so they share a place (1, 1, 3): the same
    /// crossing days, final, streak, days at #1, legs or drop.
    public static func ties(_ a: FilmRecord, _ b: FilmRecord, order: RecordOrder, threshold: Int64?) -> Bool {
        byFigure(a, b, order: order, threshold: threshold) == nil
    }

    /// How `a` and `b` compare by the figure `order` ranks by: `true` when `a` comes first, `false` when `b` does,
    /// `nil` when they have it in common. Films without it (left out of the list) come last.
    private static func byFigure(_ a: FilmRecord, _ b: FilmRecord, order: RecordOrder, threshold: Int64?) -> Bool? {
        switch order {
        case .fastest:
            let limit = threshold ?? RecordsQuery.defaultThreshold
            let x = fastestKey(a, threshold: limit) ?? (Int.max, Int.max, "")
            let y = fastestKey(b, threshold: limit) ?? (Int.max, Int.max, "")
            return by(x.high, y.high) ?? by(x.low, y.low)
        case .audience: return by(a.finalAudience, b.finalAudience, descending: true)
        case .sales: return by(a.finalSales, b.finalSales, descending: true)
        case .longestStreak: return by(a.longestStreak?.days ?? 0, b.longestStreak?.days ?? 0, descending: true)
        case .daysAtNumberOne: return by(a.daysAtNumberOne, b.daysAtNumberOne, descending: true)
        case .legs: return by(a.legs ?? 0, b.legs ?? 0, descending: true)
        case .secondWeekendDrop: return by(a.secondWeekendDrop ?? 0, b.secondWeekendDrop ?? 0, descending: true)
        }
    }

    /// `x` before `y` (ascending, or descending), `nil` when equal.
    private static func by<Value: Comparable>(_ x: Value, _ y: Value, descending: Bool = false) -> Bool? {
        if x == y { return nil }
        return descending ? x > y : x < y
    }

    /// The places of `films`, already in `order`: one more than the films before, or the place of the film before
    /// when they tie.
    public static func places(_ films: [RecordFilm], order: RecordOrder, threshold: Int64?) -> [Int] {
        var places: [Int] = []
        for (index, film) in films.enumerated() {
            if let previous = places.last,
                ties(films[index - 1].record, film.record, order: order, threshold: threshold)
            {
                places.append(previous)
            } else {
                places.append(index + 1)
            }
        }
        return places
    }

    /// The first `query.limit` films of `films` in `order`.
    public static func rank(_ films: [RecordFilm], order: RecordOrder, query: RecordsQuery) -> [RecordFilm] {
        let kept = films.filter { includes($0, order: order, query: query) }
        let sorted = kept.sorted { precedes($0.record, $1.record, order: order, threshold: query.threshold) }
        return Array(sorted.prefix(query.limit))
    }

    /// The day-of-run bounds of a crossing of `threshold` (a range's end first), and its last day; `nil` when the
    /// film did not reach it or has no open date.
    public static func fastestKey(_ record: FilmRecord, threshold: Int64) -> (high: Int, low: Int, latest: String)? {
        guard let crossing = record.milestone(threshold), let day = crossing.dayOfRun,
            let low = dayNumber(day.low ?? day.value), let high = dayNumber(day.high ?? day.value)
        else { return nil }
        return (high, low, crossing.latest.isoString)
    }

    /// A day of run held as a `Double` back to a whole number.
    public static func dayNumber(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded())
    }
}
