import BoxOfficeCore
import Foundation
import KOBIS
import KOBISSimulator
import Testing

/// The simulator knows every film's figures on every day, not only the top 10's: over two sample years (or the days
/// ``ReferenceRange`` reads from the environment: every sample year in `Benchmarks/reference.sh`), every run measure
/// computed from the top 10 alone is checked against that truth.
@Suite struct FilmRunReferenceTests {
    /// One film's true admissions on one day, and its cumulative through that day.
    struct TrueDay {
        var audience: Int64
        var total: Int64
    }

    struct Archive {
        var histories: [String: (daily: [FilmRow], weekends: [FilmRow], weeks: [FilmRow])] = [:]
        /// Every film's admissions and cumulative on every day it showed.
        var truth: [String: [CalendarDate: TrueDay]] = [:]
        /// Every film's weekend admissions, by the weekend's Friday.
        var weekendTruth: [String: [CalendarDate: Int64]] = [:]
    }

    /// What was checked, and how many checks failed.
    struct Counts {
        var films = 0
        var exact = 0
        var ranged = 0
        var weekends = 0
        var drops = 0
        var openingDays = 0
        var firstWeeks = 0
        var pacePoints = 0
        var finals = 0
        var peaks = 0
        var legs = 0
        var failures = FailureTally()

        /// The one line the test prints (`Benchmarks/reference.sh` reads it).
        func line(_ range: ReferenceRange) -> String {
            "FilmRunReference \(range) (\(range.years) years): \(films) films, \(exact) exact and \(ranged) ranged"
                + " crossings, \(weekends) weekends, \(drops) drops, \(openingDays) opening days,"
                + " \(firstWeeks) first weeks, \(pacePoints) pace points, \(finals) final floors, \(peaks) peak floors,"
                + " \(legs) legs floors, \(failures.count) failures"
        }
    }

    static func row(_ entry: ChartEntry, start: CalendarDate, end: CalendarDate) -> FilmRow {
        FilmRow(
            start: start, end: end, rank: entry.rank, title: entry.title, openDate: entry.openDate,
            audience: entry.audience, audienceTotal: entry.audienceTotal, sales: entry.sales,
            salesTotal: entry.salesTotal, screens: entry.screens, shows: entry.shows)
    }

    static func archive(_ range: ReferenceRange) -> Archive {
        let simulator = range.simulator
        var archive = Archive()
        var day = range.first
        while day <= range.last {
            for film in simulator.everyFilm(from: day, through: day) {
                archive.truth[film.movieCode, default: [:]][day] = TrueDay(
                    audience: film.audience, total: film.audienceTotal)
            }
            for dto in simulator.dailyBoxOffice(day).entries {
                let entry = DomainMapping.entry(dto)
                archive.histories[entry.movieCode, default: ([], [], [])].daily.append(
                    row(entry, start: day, end: day))
            }
            // A Monday: the whole week's and the weekdays' charts, which list films the daily charts may not.
            if day.isoWeekday == 1 {
                for (weekly, last) in [(WeeklyRange.week, day.adding(days: 6)), (.weekdays, day.adding(days: 3))]
                where last <= range.last {
                    for dto in simulator.weeklyBoxOffice(day, range: weekly).entries {
                        let entry = DomainMapping.entry(dto)
                        archive.histories[entry.movieCode, default: ([], [], [])].weeks.append(
                            row(entry, start: day, end: last))
                    }
                }
            }
            if day.isoWeekday == 5 {
                let sunday = day.adding(days: 2)
                for film in simulator.everyFilm(from: day, through: sunday) {
                    archive.weekendTruth[film.movieCode, default: [:]][day] = film.audience
                }
                if sunday <= range.last {
                    for dto in simulator.weeklyBoxOffice(day, range: .weekend).entries {
                        let entry = DomainMapping.entry(dto)
                        archive.histories[entry.movieCode, default: ([], [], [])].weekends.append(
                            row(entry, start: day, end: sunday))
                    }
                }
            }
            day = day.adding(days: 1)
        }
        return archive
    }

    /// The first day a film's true cumulative reached `threshold`.
    static func trueCrossing(_ threshold: Int64, _ truth: [CalendarDate: TrueDay]) -> CalendarDate? {
        truth.filter { $0.value.total >= threshold }.keys.min()
    }

    /// A film's true cumulative through `date`, or `nil` before the range: its cumulative on its last day shown in the
    /// range on or before `date`, or, before its first such day, that day's cumulative less its admissions. `days` are
    /// the film's days in the range, oldest first.
    static func trueCumulative(
        through date: CalendarDate, days: [CalendarDate], truth: [CalendarDate: TrueDay], range: ReferenceRange
    ) -> Int64? {
        guard date >= range.first else { return nil }
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] <= date { low = middle + 1 } else { high = middle }
        }
        if low > 0 { return truth[days[low - 1]]?.total }
        return days.first.flatMap { truth[$0] }.map { $0.total - $0.audience } ?? 0
    }

    @Test func everyExactFigureEqualsTheTruthAndEveryRangeHoldsIt() throws {
        let range = try ReferenceRange.current()
        let archive = Self.archive(range)
        var counts = Counts()
        counts.films = archive.histories.count
        for (code, rows) in archive.histories {
            let run = FilmRun(
                history: FilmHistory(
                    movieCode: code, daily: rows.daily, weekends: rows.weekends, weeks: rows.weeks,
                    archiveStart: range.first, source: .sample))
            let truth = archive.truth[code] ?? [:]
            let days = truth.keys.sorted()
            for crossing in run.milestones {
                guard let trueDay = Self.trueCrossing(crossing.threshold, truth) else {
                    counts.failures.expect(false, "\(code) \(crossing.threshold) \(crossing): the truth never crosses")
                    continue
                }
                counts.failures.expect(
                    crossing.earliest <= trueDay && trueDay <= crossing.latest,
                    "\(code) \(crossing.threshold) \(crossing) truth \(trueDay)")
                if crossing.quality == .exact {
                    counts.failures.expect(
                        crossing.date == trueDay, "\(code) \(crossing.threshold) exact \(crossing) truth \(trueDay)")
                    counts.exact += 1
                } else {
                    counts.ranged += 1
                }
            }
            // A milestone the truth shows within the first run and the archive's days is never missed.
            if run.reach == .full, let lastDay = run.lastDay {
                for threshold in Milestone.thresholds where run.milestone(threshold) == nil {
                    if let trueDay = Self.trueCrossing(threshold, truth) {
                        counts.failures.expect(
                            trueDay > lastDay, "\(code) \(threshold) missed: truth \(trueDay), first run to \(lastDay)")
                    }
                }
            }
            for weekend in [run.openingWeekend, run.secondWeekend].compactMap({ $0 }) where weekend.start >= range.first
            {
                guard let trueWeekend = archive.weekendTruth[code]?[weekend.start] else {
                    counts.failures.expect(false, "\(code) \(weekend): no true weekend")
                    continue
                }
                counts.failures.expect(
                    weekend.audience == .exact(Double(trueWeekend)),
                    "\(code) weekend \(weekend.start) \(weekend.audience) truth \(trueWeekend)")
                counts.weekends += 1
            }
            if let drop = run.secondWeekendDrop, let w1 = run.openingWeekend, let w2 = run.secondWeekend,
                let t1 = archive.weekendTruth[code]?[w1.start], let t2 = archive.weekendTruth[code]?[w2.start]
            {
                let trueDrop = 1 - Double(t2) / Double(t1)
                counts.failures.expect(
                    abs(drop.value - trueDrop) < 1e-9, "\(code) drop \(drop) truth \(trueDrop) (\(t1) → \(t2))")
                counts.drops += 1
            }
            if let opening = run.openingDay, let openDate = run.openDate, openDate >= range.first {
                let trueOpening = truth[openDate]?.audience
                counts.failures.expect(
                    trueOpening.map { opening == .exact(Double($0)) } == true,
                    "\(code) opening day \(openDate) \(opening) truth \(String(describing: trueOpening))")
                counts.openingDays += 1
            }
            if let firstWeek = run.firstWeek, let openDate = run.openDate {
                let sunday = openDate.adding(days: 7 - openDate.isoWeekday)
                if let trueTotal = Self.trueCumulative(through: sunday, days: days, truth: truth, range: range) {
                    counts.failures.expect(
                        firstWeek == .exact(Double(trueTotal)),
                        "\(code) first week through \(sunday) \(firstWeek) truth \(trueTotal)")
                    counts.firstWeeks += 1
                }
            }
            for point in run.pace {
                guard let trueTotal = Self.trueCumulative(through: point.date, days: days, truth: truth, range: range)
                else { continue }
                counts.failures.expect(
                    point.audience == trueTotal, "\(code) pace \(point.date) \(point.audience) truth \(trueTotal)")
                counts.pacePoints += 1
            }
            let trueFinal = truth.values.map(\.total).max() ?? 0
            if let final = run.final {
                counts.failures.expect(
                    final.audience.admits(Double(trueFinal)), "\(code) final \(final.audience) truth \(trueFinal)")
                counts.finals += 1
            }
            if let peak = run.peakDay {
                let truePeak = truth.values.map(\.audience).max() ?? 0
                counts.failures.expect(
                    peak.audience.admits(Double(truePeak)), "\(code) peak \(peak.audience) truth \(truePeak)")
                counts.peaks += 1
            }
            if let legs = run.legs, let w1 = run.openingWeekend, let t1 = archive.weekendTruth[code]?[w1.start], t1 > 0
            {
                let trueLegs = Double(trueFinal) / Double(t1)
                counts.failures.expect(legs.admits(trueLegs), "\(code) legs \(legs) truth \(trueLegs)")
                counts.legs += 1
            }
        }
        print(counts.line(range))
        #expect(counts.failures.count == 0)
        #expect(counts.exact > 20)
        #expect(counts.weekends > 100)
        #expect(counts.drops > 20)
    }
}
