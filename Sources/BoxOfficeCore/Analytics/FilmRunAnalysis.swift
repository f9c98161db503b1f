/// The definitions of a run, applied to one film's archived rows. Pure, so the pages, the API, the CLI,
/// the kept summaries and the tests all read the same answer.
struct FilmRunAnalysis {
    /// Days without a row that end a run; the next row starts a re-release.
    static let runGap = 60
    /// How long before the open date previews still belong to the first run.
    static let previewWindow = 60
    /// KOBIS counted only part of the screens before this year.
    static let fullCountYear = 2011

    let run: FilmRun

    init(history: FilmHistory) {
        var run = FilmRun(movieCode: history.movieCode)
        guard let latest = history.latest else {
            self.run = run
            return
        }
        let openDate = latest.openDate
        run.title = latest.title
        run.openDate = openDate
        let runs = Self.runs(of: history.rows, openDate: openDate)
        let first = runs.first ?? []
        let firstDays = first.filter(\.isDaily)
        run.reReleases = Swift.max(0, runs.count - 1)
        run.firstDay = first.map(\.start).min()
        run.lastDay = first.map(\.end).max()
        if history.source == .kobis, let day = openDate ?? run.firstDay, day.year < Self.fullCountYear {
            run.partialEra = true
        }
        Self.addTotals(history, to: &run)
        run.reach = Self.reach(openDate: openDate, firstDay: run.firstDay, archiveStart: history.archiveStart)
        let before = Self.largestTotalBeforeRun(openDate: openDate, in: history.rows)
        switch run.reach {
        case .noArchivedDay, .archivedLate, .noFirstRun:
            break
        case .openedBeforeArchive:
            run.milestones = Self.milestones(first, openDate: openDate, before: before).filter { $0.quality == .exact }
            // Each point is a cumulative a row shows: exact, even without the run's start.
            if let openDate { run.pace = Self.pace(first, openDate: openDate) }
        case .noOpenDate:
            run.milestones = Self.milestones(first, openDate: nil, before: before)
            run.peakDay = Self.peak(firstDays)
        case .full:
            guard let openDate else { break }
            run.milestones = Self.milestones(first, openDate: openDate, before: before)
            run.peakDay = Self.peak(firstDays)
            run.pace = Self.pace(first, openDate: openDate)
            Self.addOpening(history, first: firstDays, openDate: openDate, to: &run)
        }
        self.run = run
    }

    static func reach(openDate: CalendarDate?, firstDay: CalendarDate?, archiveStart: CalendarDate?) -> FilmRun.Reach {
        // The caller has rows of the film, so none in the first run means none there, not none at all.
        guard let firstDay else { return .noFirstRun }
        guard let openDate else { return .noOpenDate }
        // Archived first long after it opened, the rows may be a re-release's: no run measure, even for a film that
        // opened before the archive (a classic back in cinemas).
        if openDate.days(to: firstDay) > previewWindow { return .archivedLate }
        if let archiveStart, openDate < archiveStart { return .openedBeforeArchive }
        return .full
    }

    /// The rows, daily and weekly, split into runs: the first from the open date − 60 days, each ending at a gap of
    /// more than 60 days without a row. Rows before the first run's start are left out; each run is ordered by the
    /// day its period ends, a daily row before a weekly one ending the same day.
    static func runs(of rows: [FilmRow], openDate: CalendarDate?) -> [[FilmRow]] {
        let start = openDate.map { $0.adding(days: -previewWindow) }
        var runs: [[FilmRow]] = []
        var current: [FilmRow] = []
        var reached: CalendarDate?
        for row in rows.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) })
        where start.map({ row.start >= $0 }) ?? true {
            if let reached, reached.days(to: row.start) - 1 > runGap {
                runs.append(current)
                current = []
            }
            current.append(row)
            reached = Swift.max(reached ?? row.end, row.end)
        }
        if !current.isEmpty { runs.append(current) }
        return runs.map { run in run.sorted(by: FilmRow.endsEarlier) }
    }

    /// The largest total of the rows left out of every run, which start before `openDate` − 60 days: what the film
    /// had reached before its first run. None without an open date, when no row is left out.
    static func largestTotalBeforeRun(openDate: CalendarDate?, in rows: [FilmRow]) -> Int64? {
        guard let start = openDate?.adding(days: -previewWindow) else { return nil }
        return rows.filter { $0.start < start }.map(\.audienceTotal).max()
    }

    /// The first run's crossing of each milestone, read from its rows in the order their periods end. The first row
    /// whose total reaches the milestone bounds the day from above; the rows below it, from below. Exact when a row
    /// shows the crossing within its own period and the day before that row's last day is known below the
    /// milestone; otherwise the days between the last known total below it and the first known above it, narrowed
    /// by every other total the rows make known. A milestone the film had passed before its first run (`before`, a
    /// total of older rows) is left out, and so is one no known total places after the run's assumed start.
    static func milestones(_ rows: [FilmRow], openDate: CalendarDate?, before: Int64? = nil) -> [MilestoneCrossing] {
        guard let firstRow = rows.min(by: { $0.start < $1.start }) else { return [] }
        let runStart = openDate.map { Swift.min($0.adding(days: -previewWindow), firstRow.start) } ?? firstRow.start
        var crossings: [MilestoneCrossing] = []
        for threshold in Milestone.thresholds {
            if let before, before >= threshold { continue }
            guard let index = rows.firstIndex(where: { $0.audienceTotal >= threshold }) else { continue }
            let row = rows[index]
            // Every earlier row ends no later and shows a total below the milestone.
            let below = rows[..<index].map(\.end).max()
            if Milestone.crossed(threshold, audience: row.audience, audienceTotal: row.audienceTotal) {
                if let below, below >= row.end {
                    // A daily row of the same last day is below it (a revised total): the day, or a later one the
                    // next row above it bounds.
                    guard
                        let next = rows[(index + 1)...].first(where: {
                            $0.end > row.end && $0.audienceTotal >= threshold
                        })
                    else { continue }
                    crossings.append(
                        MilestoneCrossing(threshold: threshold, earliest: row.end, latest: next.end, openDate: openDate)
                    )
                    continue
                }
                // Reached within the row's own period, after the last day known below it.
                let earliest = below.map { Swift.max(row.start, $0.adding(days: 1)) } ?? row.start
                crossings.append(
                    narrowed(
                        MilestoneCrossing(
                            threshold: threshold, earliest: earliest, latest: row.end, openDate: openDate),
                        by: rows, openDate: openDate))
            } else if let below, below >= row.start.adding(days: -1) {
                // A row ending the day before this one's period (or within it) is below the milestone, yet this row's
                // own total before its period is above it: KOBIS revised the totals, and the crossing lies on the
                // day before the period or within it.
                crossings.append(
                    MilestoneCrossing(
                        threshold: threshold, earliest: row.start.adding(days: -1), latest: row.end,
                        openDate: openDate))
            } else {
                let earliest = below.map { $0.adding(days: 1) } ?? runStart
                let latest = row.start.adding(days: -1)
                // Reached before the run's first day the archive can place: no day to give, not one to invent. A
                // single day only the run's assumed start bounds is not known either.
                guard earliest < latest || (earliest == latest && below != nil) else { continue }
                crossings.append(
                    narrowed(
                        MilestoneCrossing(threshold: threshold, earliest: earliest, latest: latest, openDate: openDate),
                        by: rows, openDate: openDate))
            }
        }
        return crossings
    }

    /// `crossing` narrowed by every total `rows` make known inside its days: a day known at or above the milestone
    /// ends it, one known below it starts it after. Unchanged when the totals disagree (a revision).
    static func narrowed(
        _ crossing: MilestoneCrossing, by rows: [FilmRow], openDate: CalendarDate?
    ) -> MilestoneCrossing {
        guard crossing.earliest < crossing.latest else { return crossing }
        let known = rows.flatMap { [($0.end, $0.audienceTotal), ($0.start.adding(days: -1), $0.audienceBefore)] }
        var earliest = crossing.earliest
        var latest = crossing.latest
        for (day, total) in known where total >= crossing.threshold && day >= earliest && day < latest {
            latest = day
        }
        for (day, total) in known where total < crossing.threshold && day >= earliest && day < latest {
            earliest = day.adding(days: 1)
        }
        guard earliest <= latest else { return crossing }
        return MilestoneCrossing(threshold: crossing.threshold, earliest: earliest, latest: latest, openDate: openDate)
    }

    static func peak(_ rows: [FilmRow]) -> FilmRun.Peak? {
        guard let best = rows.max(by: { $0.audience < $1.audience }) else { return nil }
        return FilmRun.Peak(date: best.start, audience: .floor(Double(best.audience)))
    }

    /// Every cumulative the first run's rows make known: the total of each row's last day and of the day before its
    /// period. A row's own total stands over a total worked out from another row, and a daily row's over a weekly one's.
    static func pace(_ rows: [FilmRow], openDate: CalendarDate) -> [FilmRun.PacePoint] {
        var known: [CalendarDate: Int64] = [:]
        let daily = rows.filter(\.isDaily)
        let weekly = rows.filter { !$0.isDaily }
        for row in daily + weekly {
            let before = row.start.adding(days: -1)
            if known[before] == nil { known[before] = row.audienceBefore }
        }
        for row in weekly + daily { known[row.end] = row.audienceTotal }
        return known.keys.sorted().compactMap { date in
            guard let audience = known[date], let day = DayOfRun.number(of: date, openDate: openDate) else {
                return nil
            }
            return FilmRun.PacePoint(day: day, date: date, audience: audience)
        }
    }

    /// Days in the top 10 and at #1, the longest #1 streak and the final totals, over every run.
    static func addTotals(_ history: FilmHistory, to run: inout FilmRun) {
        run.daysInTop10 = history.daily.filter { $0.rank <= 10 }.count
        let firsts = history.daily.filter { $0.rank == 1 }
        run.daysAtNumberOne = firsts.count
        var best: FilmRun.Streak?
        var current: FilmRun.Streak?
        for row in firsts {
            if let streak = current, streak.end.adding(days: 1) == row.start {
                current = FilmRun.Streak(start: streak.start, end: row.start, days: streak.days + 1)
            } else {
                current = FilmRun.Streak(start: row.start, end: row.start, days: 1)
            }
            if let streak = current, streak.days > (best?.days ?? 0) { best = streak }
        }
        run.longestStreak = best
        let rows = history.rows
        if let audience = rows.max(by: { $0.audienceTotal < $1.audienceTotal }),
            let sales = rows.map(\.salesTotal).max()
        {
            run.final = FilmRun.Final(
                date: audience.end, audience: .floor(Double(audience.audienceTotal)), sales: .floor(Double(sales)))
        }
    }

    /// Opening day, the first two weekends, their drop, the first week and the legs.
    static func addOpening(_ history: FilmHistory, first: [FilmRow], openDate: CalendarDate, to run: inout FilmRun) {
        let days = Dictionary(first.map { ($0.start, $0) }, uniquingKeysWith: { _, last in last })
        if let row = days[openDate] { run.openingDay = .exact(Double(row.audience)) }
        let weekday = openDate.isoWeekday
        // The Friday of the weekend holding the open date, or of the next one when it opens Monday to Thursday.
        let friday = openDate.adding(days: 5 - weekday)
        let partial = weekday == 6 || weekday == 7
        run.openingWeekend = weekend(from: friday, history: history, days: days, partial: partial)
        run.secondWeekend = weekend(from: friday.adding(days: 7), history: history, days: days, partial: false)
        if let w1 = run.openingWeekend?.audience.value, let w2 = run.secondWeekend?.audience.value, w1 > 0 {
            run.secondWeekendDrop = .exact(1 - w2 / w1)
        }
        let sunday = friday.adding(days: 2)
        // A daily row's own total first, as the pace takes it, then a weekly one's.
        if let row = days[sunday] {
            run.firstWeek = .exact(Double(row.audienceTotal))
        } else if let weekRow = history.weekends.first(where: { $0.start == friday })
            ?? history.weeks.first(where: { $0.end == sunday })
        {
            run.firstWeek = .exact(Double(weekRow.audienceTotal))
        } else if let row = days[sunday.adding(days: 1)] {
            run.firstWeek = .exact(Double(row.audienceBefore))
        }
        if let w1 = run.openingWeekend?.audience.value, w1 > 0, let final = run.final?.audience.value {
            run.legs = .floor(final / w1)
        }
    }

    /// The weekend starting on `friday`: the weekend chart's row, else the sum of its three daily rows.
    static func weekend(
        from friday: CalendarDate, history: FilmHistory, days: [CalendarDate: FilmRow], partial: Bool
    ) -> FilmRun.Weekend? {
        let sunday = friday.adding(days: 2)
        if let row = history.weekends.first(where: { $0.start == friday }) {
            return FilmRun.Weekend(
                start: friday, end: sunday, audience: .exact(Double(row.audience)), sales: .exact(Double(row.sales)),
                partial: partial)
        }
        let rows = (0..<3).compactMap { days[friday.adding(days: $0)] }
        guard rows.count == 3 else { return nil }
        return FilmRun.Weekend(
            start: friday, end: sunday, audience: .exact(sum(rows.map(\.audience))),
            sales: .exact(sum(rows.map(\.sales))), partial: partial)
    }

    /// A sum of KOBIS figures in floating point, so no figure a response carries can overflow it.
    static func sum(_ values: [Int64]) -> Double {
        values.reduce(0) { $0 + Double($1) }
    }
}
