/// The alert rules: which events one day's daily chart means for the people watching its films. A pure function
/// of the chart, the previous day's chart and the watchers, so a day derived twice (or by two instances) gives
/// the same events, and the store's unique constraint keeps each once.
public enum AlertDerivation {
    /// Chart days older than this many days before today (in Seoul) never alert: that is history the keeper
    /// backfills, not news.
    public static let recentDays = 7
    /// Days after its opening date during which a film's chart days count as its opening.
    public static let openingWindow = 7

    /// The events of `chart` (an unfiltered daily chart) for `watchers`.
    ///
    /// - Parameters:
    ///   - previous: the stored daily chart of the day before, for `left`; `nil` when not stored.
    ///   - today: today in Seoul.
    /// - Returns: events in the order of `watchers`, then of ``AlertKind``; none for other charts, for days older
    ///   than ``recentDays``, or for days before a film joined its watcher's list.
    public static func events(
        chart: Chart, previous: Chart?, watchers: [Watcher], today: CalendarDate
    ) -> [AlertEvent] {
        let day = chart.range.start
        guard chart.kind == .daily, chart.filters.isEmpty, day < today, day >= today.adding(days: -recentDays)
        else { return [] }
        let rows = Dictionary(chart.entries.map { ($0.movieCode, $0) }, uniquingKeysWith: { first, _ in first })
        var previousTop10: [String: ChartEntry] = [:]
        if let previous, previous.kind == .daily, previous.filters.isEmpty,
            previous.range.start == day.adding(days: -1)
        {
            for row in previous.entries where row.rank <= 10 { previousTop10[row.movieCode] = row }
        }
        var events: [AlertEvent] = []
        for watcher in watchers where day >= watcher.entry.addedOn {
            let code = watcher.entry.movieCode
            let kinds: [AlertKind]
            let title: String
            if let row = rows[code] {
                kinds = chartedKinds(row, day: day, knownOpenDate: watcher.entry.openDate)
                title = row.title
            } else {
                var absent: [AlertKind] = []
                if watcher.entry.openDate == day { absent.append(.opened) }
                if previousTop10[code] != nil { absent.append(.left) }
                kinds = absent
                title = previousTop10[code]?.title ?? watcher.entry.title
            }
            for kind in kinds {
                events.append(AlertEvent(userID: watcher.userID, kind: kind, movieCode: code, title: title, date: day))
            }
        }
        return events
    }

    /// The events of a film on the day's chart.
    static func chartedKinds(_ row: ChartEntry, day: CalendarDate, knownOpenDate: CalendarDate?) -> [AlertKind] {
        var kinds: [AlertKind] = []
        if let openDate = row.openDate ?? knownOpenDate {
            let age = openDate.days(to: day)
            if age >= 0, age < openingWindow {
                kinds.append(.opened)
            } else if age >= openingWindow, row.change == .new {
                kinds.append(.back)
            }
        }
        if row.rank <= 10 { kinds.append(.top10) }
        if row.rank == 1 { kinds.append(.first) }
        if Milestone.crossed(1_000_000, audience: row.audience, audienceTotal: row.audienceTotal) {
            kinds.append(.million)
        }
        if Milestone.crossed(10_000_000, audience: row.audience, audienceTotal: row.audienceTotal) {
            kinds.append(.tenMillion)
        }
        return kinds
    }
}
