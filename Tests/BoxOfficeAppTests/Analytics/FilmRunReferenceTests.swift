import BoxOfficeCore
import Foundation
import KOBIS
import KOBISSimulator
import Testing

/// The simulator knows every film's figures on every day, not only the top 10's: over two sample years, every run
/// measure computed from the top 10 alone is checked against that truth.
@Suite struct FilmRunReferenceTests {
    static let first = CalendarDate(year: 2023, month: 1, day: 1)!
    static let last = CalendarDate(year: 2024, month: 12, day: 31)!

    struct Archive {
        var histories: [String: (daily: [FilmRow], weekends: [FilmRow])] = [:]
        /// Every film's cumulative admissions on every day it showed.
        var truth: [String: [CalendarDate: Int64]] = [:]
        /// Every film's weekend admissions, by the weekend's Friday.
        var weekendTruth: [String: [CalendarDate: Int64]] = [:]
    }

    static func row(_ entry: ChartEntry, start: CalendarDate, end: CalendarDate) -> FilmRow {
        FilmRow(
            start: start, end: end, rank: entry.rank, title: entry.title, openDate: entry.openDate,
            audience: entry.audience, audienceTotal: entry.audienceTotal, sales: entry.sales,
            salesTotal: entry.salesTotal, screens: entry.screens, shows: entry.shows)
    }

    static func archive() -> Archive {
        let simulator = KOBISSimulator(now: { Date(timeIntervalSince1970: 1_767_225_600) })  // 2026-01-01
        var archive = Archive()
        var day = first
        while day <= last {
            for film in simulator.everyFilm(from: day, through: day) {
                archive.truth[film.movieCode, default: [:]][day] = film.audienceTotal
            }
            for dto in simulator.dailyBoxOffice(day).entries {
                let entry = DomainMapping.entry(dto)
                archive.histories[entry.movieCode, default: ([], [])].daily.append(row(entry, start: day, end: day))
            }
            if day.isoWeekday == 5 {
                let sunday = day.adding(days: 2)
                for film in simulator.everyFilm(from: day, through: sunday) {
                    archive.weekendTruth[film.movieCode, default: [:]][day] = film.audience
                }
                if sunday <= last {
                    for dto in simulator.weeklyBoxOffice(day, range: .weekend).entries {
                        let entry = DomainMapping.entry(dto)
                        archive.histories[entry.movieCode, default: ([], [])].weekends.append(
                            row(entry, start: day, end: sunday))
                    }
                }
            }
            day = day.adding(days: 1)
        }
        return archive
    }

    /// The first day a film's true cumulative reached `threshold`.
    static func trueCrossing(_ threshold: Int64, _ cumulative: [CalendarDate: Int64]) -> CalendarDate? {
        cumulative.filter { $0.value >= threshold }.keys.min()
    }

    @Test func everyExactFigureEqualsTheTruthAndEveryRangeHoldsIt() throws {
        let archive = Self.archive()
        var exact = 0
        var ranged = 0
        var weekends = 0
        var drops = 0
        var floors = 0
        for (code, rows) in archive.histories {
            let run = FilmRun(
                history: FilmHistory(
                    movieCode: code, daily: rows.daily, weekends: rows.weekends, archiveStart: Self.first,
                    source: .sample))
            let cumulative = archive.truth[code] ?? [:]
            for crossing in run.milestones {
                let truth = try #require(Self.trueCrossing(crossing.threshold, cumulative), "\(code)")
                #expect(
                    crossing.earliest <= truth && truth <= crossing.latest,
                    "\(code) \(crossing.threshold) \(crossing) truth \(truth)")
                if crossing.quality == .exact { exact += 1 } else { ranged += 1 }
            }
            // A milestone the truth shows within the first run and the archive's days is never missed.
            if run.reach == .full, let lastDay = run.lastDay {
                for threshold in Milestone.thresholds where run.milestone(threshold) == nil {
                    if let truth = Self.trueCrossing(threshold, cumulative) { #expect(truth > lastDay, "\(code)") }
                }
            }
            for weekend in [run.openingWeekend, run.secondWeekend].compactMap({ $0 }) where weekend.start >= Self.first
            {
                let truth = try #require(archive.weekendTruth[code]?[weekend.start], "\(code) \(weekend)")
                #expect(weekend.audience == .exact(Double(truth)), "\(code) \(weekend.start)")
                weekends += 1
            }
            if let drop = run.secondWeekendDrop, let w1 = run.openingWeekend, let w2 = run.secondWeekend,
                let t1 = archive.weekendTruth[code]?[w1.start], let t2 = archive.weekendTruth[code]?[w2.start]
            {
                #expect(abs(drop.value - (1 - Double(t2) / Double(t1))) < 1e-9, "\(code)")
                drops += 1
            }
            if let final = run.final {
                #expect(final.audience.admits(Double(cumulative.values.max() ?? 0)), "\(code)")
                floors += 1
            }
        }
        print(
            "FilmRunReference: \(archive.histories.count) films, \(exact) exact and \(ranged) ranged crossings,"
                + " \(weekends) weekends, \(drops) drops, \(floors) final floors")
        #expect(exact > 20)
        #expect(weekends > 100)
        #expect(drops > 20)
    }
}
