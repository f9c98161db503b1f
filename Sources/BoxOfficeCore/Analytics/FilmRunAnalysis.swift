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
        guard let latest = history.daily.last ?? history.weekends.last else {
            self.run = run
            return
        }
        let openDate = history.daily.last?.openDate ?? latest.openDate
        run.title = latest.title
        run.openDate = openDate
        let runs = Self.runs(of: history.daily, openDate: openDate)
        let first = runs.first ?? []
        run.reReleases = Swift.max(0, runs.count - 1)
        run.firstDay = first.first?.start
        run.lastDay = first.last?.start
        if history.source == .kobis, let day = openDate ?? first.first?.start, day.year < Self.fullCountYear {
            run.partialEra = true
        }
        Self.addTotals(history, to: &run)
        run.reach = Self.reach(openDate: openDate, first: first, archiveStart: history.archiveStart)
        switch run.reach {
        case .noArchivedDay, .archivedLate, .noFirstRun:
            break
        case .openedBeforeArchive:
            run.milestones = Self.milestones(first, openDate: openDate).filter { $0.quality == .exact }
            // Each point is a cumulative a row shows: exact, even without the run's start.
            if let openDate { run.pace = Self.pace(first, openDate: openDate) }
        case .noOpenDate:
            run.milestones = Self.milestones(first, openDate: nil)
            run.peakDay = Self.peak(first)
        case .full:
            guard let openDate else { break }
            run.milestones = Self.milestones(first, openDate: openDate)
            run.peakDay = Self.peak(first)
            run.pace = Self.pace(first, openDate: openDate)
            Self.addOpening(history, first: first, openDate: openDate, to: &run)
        }
        self.run = run
    }

    static func reach(openDate: CalendarDate?, first: [FilmRow], archiveStart: CalendarDate?) -> FilmRun.Reach {
        // The caller has rows of the film, so none in the first run means none there, not none at all.
        guard let firstDay = first.first?.start else { return .noFirstRun }
        guard let openDate else { return .noOpenDate }
        if let archiveStart, openDate < archiveStart { return .openedBeforeArchive }
        if openDate.days(to: firstDay) > previewWindow { return .archivedLate }
        return .full
    }

    /// The daily rows split into runs: the first from the open date − 60 days, each ending at a gap of more than
    /// 60 days without a row. Rows before the first run's start are left out.
    static func runs(of daily: [FilmRow], openDate: CalendarDate?) -> [[FilmRow]] {
        let start = openDate.map { $0.adding(days: -previewWindow) }
        var runs: [[FilmRow]] = []
        var current: [FilmRow] = []
        for row in daily where start.map({ row.start >= $0 }) ?? true {
            if let previous = current.last, previous.start.days(to: row.start) - 1 > runGap {
                runs.append(current)
                current = []
            }
            current.append(row)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The first run's crossing of each milestone: exact when a row shows it on its day, otherwise the days
    /// between the last known total below it and the first row above it.
    static func milestones(_ rows: [FilmRow], openDate: CalendarDate?) -> [MilestoneCrossing] {
        guard let firstRow = rows.first else { return [] }
        let runStart = openDate.map { Swift.min($0.adding(days: -previewWindow), firstRow.start) } ?? firstRow.start
        var crossings: [MilestoneCrossing] = []
        for threshold in Milestone.thresholds {
            guard let index = rows.firstIndex(where: { $0.audienceTotal >= threshold }) else { continue }
            let row = rows[index]
            if Milestone.crossed(threshold, audience: row.audience, audienceTotal: row.audienceTotal) {
                crossings.append(
                    MilestoneCrossing(threshold: threshold, earliest: row.start, latest: row.start, openDate: openDate))
            } else if index > 0, rows[index - 1].start.adding(days: 1) == row.start {
                // The day before has a row below the milestone, yet this row's own day-before total is above it:
                // KOBIS revised the totals, and the crossing lies on one of the two days.
                crossings.append(
                    MilestoneCrossing(
                        threshold: threshold, earliest: rows[index - 1].start, latest: row.start, openDate: openDate))
            } else {
                let earliest = index > 0 ? rows[index - 1].start.adding(days: 1) : runStart
                let latest = row.start.adding(days: -1)
                // Reached before the run's first day the archive can place: no day to give, not one to invent.
                guard earliest <= latest else { continue }
                crossings.append(
                    MilestoneCrossing(threshold: threshold, earliest: earliest, latest: latest, openDate: openDate))
            }
        }
        return crossings
    }

    static func peak(_ rows: [FilmRow]) -> FilmRun.Peak? {
        guard let best = rows.max(by: { $0.audience < $1.audience }) else { return nil }
        return FilmRun.Peak(date: best.start, audience: .floor(Double(best.audience)))
    }

    /// Every cumulative the first run's rows make known: the day's total and the day before's.
    static func pace(_ rows: [FilmRow], openDate: CalendarDate) -> [FilmRun.PacePoint] {
        var known: [CalendarDate: Int64] = [:]
        for row in rows {
            let before = row.start.adding(days: -1)
            if known[before] == nil { known[before] = row.audienceBefore }
            known[row.start] = row.audienceTotal
        }
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
        let rows = history.daily + history.weekends
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
        if let weekendRow = history.weekends.first(where: { $0.start == friday }) {
            run.firstWeek = .exact(Double(weekendRow.audienceTotal))
        } else if let row = days[sunday] {
            run.firstWeek = .exact(Double(row.audienceTotal))
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
