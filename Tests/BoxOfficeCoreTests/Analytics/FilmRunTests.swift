import BoxOfficeCore
import Testing

/// The run definitions over hand-written histories.
@Suite struct FilmRunTests {
    // 2019-04-24 is a Wednesday.
    static let open = CalendarDate(year: 2019, month: 4, day: 24)!

    static func row(
        _ offset: Int, rank: Int = 1, audience: Int64, total: Int64, sales: Int64 = 0, open: CalendarDate? = open
    ) -> FilmRow {
        let day = Self.open.adding(days: offset)
        return FilmRow(
            start: day, end: day, rank: rank, title: "Film", openDate: open, audience: audience, audienceTotal: total,
            sales: sales == 0 ? audience * 10_000 : sales, salesTotal: total * 10_000, screens: 100, shows: 500)
    }

    static func weekend(_ friday: CalendarDate, audience: Int64, total: Int64) -> FilmRow {
        FilmRow(
            start: friday, end: friday.adding(days: 2), rank: 1, title: "Film", openDate: open, audience: audience,
            audienceTotal: total, sales: audience * 10_000, salesTotal: total * 10_000, screens: 100, shows: 1_500)
    }

    static func history(
        _ daily: [FilmRow], weekends: [FilmRow] = [], weeks: [FilmRow] = [],
        archiveStart: CalendarDate? = CalendarDate(year: 2004, month: 1, day: 1),
        source: ChartSource = .kobis
    ) -> FilmHistory {
        FilmHistory(
            movieCode: "20190001", daily: daily, weekends: weekends, weeks: weeks, archiveStart: archiveStart,
            source: source)
    }

    /// A row of a weekly chart from `first` to `last` days after the open date.
    static func weekly(_ first: Int, _ last: Int, audience: Int64, total: Int64, open: CalendarDate? = open) -> FilmRow
    {
        FilmRow(
            start: Self.open.adding(days: first), end: Self.open.adding(days: last), rank: 8, title: "Film",
            openDate: open, audience: audience, audienceTotal: total, sales: audience * 10_000,
            salesTotal: total * 10_000, screens: 100, shows: 1_000)
    }

    /// Consecutive days from the opening day with the given daily admissions, previews of `previews` first.
    static func days(_ audiences: [Int64], previews: Int64 = 0, from offset: Int = 0) -> [FilmRow] {
        var total = previews
        return audiences.enumerated().map { index, audience in
            total += audience
            return row(offset + index, audience: audience, total: total)
        }
    }

    @Test func anExactCrossingNamesItsDayOfRun() throws {
        let run = FilmRun(history: Self.history(Self.days([400_000, 500_000, 300_000, 900_000])))
        let million = try #require(run.milestone(1_000_000))
        #expect(million.quality == .exact)
        #expect(million.date == Self.open.adding(days: 2))
        #expect(million.dayOfRun == .exact(3))
        let two = try #require(run.milestone(2_000_000))
        #expect(two.date == Self.open.adding(days: 3))
        #expect(run.milestone(3_000_000) == nil)
        #expect(run.reach == .full)
    }

    @Test func aCrossingOnADayOutsideTheArchiveIsARange() throws {
        // Days 1 and 2 archived, days 3 and 4 missing, day 5 archived with the total already past 1,000,000.
        var rows = Self.days([400_000, 300_000])
        rows.append(Self.row(4, audience: 200_000, total: 1_300_000))
        let million = try #require(FilmRun(history: Self.history(rows)).milestone(1_000_000))
        #expect(million.quality == .range)
        #expect(million.earliest == Self.open.adding(days: 2))
        #expect(million.latest == Self.open.adding(days: 3))
        #expect(million.date == nil)
        #expect(million.dayOfRun == .range(3, 4))
    }

    @Test func previewsCountInTheCumulativeAndComeBeforeDayOne() throws {
        let preview = Self.row(-3, audience: 50_000, total: 50_000)
        let rows = [preview] + Self.days([600_000, 400_000], previews: 50_000)
        let run = FilmRun(history: Self.history(rows))
        #expect(run.pace.first?.day == -3)
        #expect(run.milestone(1_000_000)?.dayOfRun == .exact(2))
        #expect(run.openingDay == .exact(600_000))
    }

    @Test func theOpenDateIsTheLatestRowsAndABlankOneDropsDayOfRunMeasures() throws {
        let moved = Self.open.adding(days: 1)
        var rows = Self.days([400_000, 700_000])
        rows[1].openDate = moved
        let run = FilmRun(history: Self.history(rows))
        #expect(run.openDate == moved)
        #expect(run.milestone(1_000_000)?.dayOfRun == .exact(1))

        var blank = Self.days([400_000, 700_000])
        blank[1].openDate = nil
        let noDate = FilmRun(history: Self.history(blank))
        #expect(noDate.reach == .noOpenDate)
        #expect(noDate.milestone(1_000_000)?.date == Self.open.adding(days: 1))
        #expect(noDate.milestone(1_000_000)?.dayOfRun == nil)
        #expect(noDate.openingWeekend == nil)
        #expect(noDate.pace.isEmpty)
    }

    @Test func aReleaseAfterMoreThanSixtyDaysWithoutARowIsARerelease() throws {
        let first = Self.days([400_000, 300_000])
        // The last first-run row is day 2 (offset 1); 61 days without a row, then a re-release.
        let again = Self.row(63, rank: 5, audience: 900_000, total: 1_600_000)
        let run = FilmRun(history: Self.history(first + [again]))
        #expect(run.reReleases == 1)
        #expect(run.milestone(1_000_000) == nil)
        #expect(run.lastDay == Self.open.adding(days: 1))
        #expect(run.final?.audience == .floor(1_600_000))
        #expect(run.daysInTop10 == 3)

        // Sixty days without a row keeps it in the first run.
        let within = Self.row(62, rank: 5, audience: 100_000, total: 1_600_000)
        let kept = FilmRun(history: Self.history(first + [within]))
        #expect(kept.reReleases == 0)
        #expect(kept.milestone(1_000_000)?.quality == .range)
    }

    @Test func aRevisedCumulativeNeverMakesAnEmptyRange() throws {
        // KOBIS revised day 2's total down after day 3 was fetched: the cumulative is not monotone.
        let rows = [
            Self.row(0, audience: 500_000, total: 500_000),
            Self.row(1, audience: 600_000, total: 1_100_000),
            Self.row(2, audience: 100_000, total: 1_050_000),
        ]
        let million = try #require(FilmRun(history: Self.history(rows)).milestone(1_000_000))
        #expect(million.quality == .exact)
        #expect(million.date == Self.open.adding(days: 1))
        #expect(million.earliest <= million.latest)
    }

    @Test func aMilestonePassedBeforeTheFirstDayARunCanPlaceIsLeftOut() throws {
        // A blank open date, and the first row counts 3,000,000 with 100,000 of its own day: it crossed 3,000,000
        // that day, and 1,000,000 and 2,000,000 somewhere before it, on no day the archive can name.
        let rows = [
            Self.row(10, audience: 100_000, total: 3_000_000, open: nil),
            Self.row(11, audience: 100_000, total: 3_100_000, open: nil),
        ]
        let run = FilmRun(history: Self.history(rows))
        #expect(run.reach == .noOpenDate)
        #expect(run.milestones.map(\.threshold) == [3_000_000])
        #expect(run.milestone(3_000_000)?.date == Self.open.adding(days: 10))
    }

    @Test func aRevisedDayBeforeMakesTheCrossingARangeOfTwoDays() throws {
        // Day 2's row says 990,000; day 3's row says the total before it was 1,020,000: one of them was revised.
        let rows = [
            Self.row(0, audience: 500_000, total: 500_000),
            Self.row(1, audience: 490_000, total: 990_000),
            Self.row(2, audience: 80_000, total: 1_100_000),
        ]
        let million = try #require(FilmRun(history: Self.history(rows)).milestone(1_000_000))
        #expect(million.quality == .range)
        #expect(million.earliest == Self.open.adding(days: 1) && million.latest == Self.open.adding(days: 2))
        #expect(million.dayOfRun == .range(2, 3))
    }

    @Test func aWeekdayOpeningTakesTheNextWeekendAndItsDrop() throws {
        // Wednesday opening: the weekend chart of Friday 04-26 and the daily rows of 05-03…05-05.
        let friday = Self.open.adding(days: 2)
        let rows = Self.days(Array(repeating: 100_000, count: 12))
        let weekend = Self.weekend(friday, audience: 600_000, total: 800_000)
        let run = FilmRun(history: Self.history(rows, weekends: [weekend]))
        #expect(run.openingWeekend?.audience == .exact(600_000))
        #expect(run.openingWeekend?.partial == false)
        #expect(run.secondWeekend?.audience == .exact(300_000))
        #expect(run.secondWeekendDrop == .exact(0.5))
        // The first Sunday's total is the daily row's own (500,000 after five days), as the pace takes it, over the
        // weekend row's, which this made-up history has disagree.
        #expect(run.firstWeek == .exact(500_000))
        #expect(run.legs == .floor(1_200_000.0 / 600_000.0))
    }

    @Test func aSaturdayOpeningFlagsItsWeekendPartial() throws {
        let saturday = CalendarDate(year: 2019, month: 4, day: 27)!
        let rows = (0..<3).map { offset -> FilmRow in
            let day = saturday.adding(days: offset - 1)
            let audience: Int64 = offset == 0 ? 10_000 : 200_000
            return FilmRow(
                start: day, end: day, rank: 2, title: "Film", openDate: saturday, audience: audience,
                audienceTotal: 10_000 + 200_000 * Int64(offset), sales: audience, salesTotal: 0, screens: 10, shows: 10)
        }
        let run = FilmRun(history: Self.history(rows))
        let weekend = try #require(run.openingWeekend)
        #expect(weekend.partial)
        #expect(weekend.start == saturday.adding(days: -1))
        #expect(weekend.audience == .exact(410_000))
        #expect(run.pace.first?.day == -1)
    }

    @Test func aMissingDayBreaksAStreak() throws {
        var rows = Self.days([100_000, 100_000, 100_000])
        rows += [Self.row(4, audience: 100_000, total: 400_000), Self.row(5, audience: 100_000, total: 500_000)]
        rows.append(Self.row(6, rank: 2, audience: 50_000, total: 550_000))
        let run = FilmRun(history: Self.history(rows))
        #expect(run.daysAtNumberOne == 5)
        #expect(run.longestStreak?.days == 3)
        #expect(run.longestStreak?.start == Self.open)
        #expect(run.daysInTop10 == 6)
    }

    @Test func anOpeningBeforeTheArchiveKeepsOnlyExactMilestones() throws {
        let rows = [
            Self.row(30, audience: 100_000, total: 1_500_000),
            Self.row(31, audience: 600_000, total: 2_100_000),
        ]
        let run = FilmRun(history: Self.history(rows, archiveStart: Self.open.adding(days: 30)))
        #expect(run.reach == .openedBeforeArchive)
        #expect(run.milestones.map(\.threshold) == [2_000_000])
        #expect(run.milestone(2_000_000)?.quality == .exact)
        #expect(run.openingWeekend == nil)
        // Its days in the top 10 and at #1 before the archive are not counted: the counts are floors.
        #expect(run.dayCountsAreFloors)
        #expect(!FilmRun(history: Self.history(rows)).dayCountsAreFloors)
    }

    @Test func aFirstArchivedDayLongAfterOpeningHasNoRunMeasures() throws {
        let rows = [Self.row(61, audience: 100_000, total: 1_500_000)]
        let run = FilmRun(history: Self.history(rows))
        #expect(run.reach == .archivedLate)
        #expect(run.milestones.isEmpty)
        #expect(run.final?.audience == .floor(1_500_000))
        // Also for a film that opened before the archive: a classic back in cinemas gets no crossing on day 4,000.
        let back = [Self.row(4_000, audience: 600_000, total: 1_500_000)]
        let classic = FilmRun(history: Self.history(back, archiveStart: Self.open.adding(days: 3_000)))
        #expect(classic.reach == .archivedLate && classic.milestones.isEmpty && classic.pace.isEmpty)
    }

    @Test func daysOnlyLongBeforeTheOpenDateHaveNoFirstRunYetCount() throws {
        // Charted at #1 for two days 90 days before the open date KOBIS gives now, never after it.
        let rows = [
            Self.row(-91, audience: 300_000, total: 900_000), Self.row(-90, audience: 200_000, total: 1_100_000),
        ]
        let run = FilmRun(history: Self.history(rows))
        #expect(run.reach == .noFirstRun)
        #expect(run.title == "Film")
        #expect(run.milestones.isEmpty && run.pace.isEmpty && run.firstDay == nil)
        #expect(run.daysAtNumberOne == 2 && run.daysInTop10 == 2)
        #expect(run.longestStreak?.days == 2)
        #expect(run.final?.audience == .floor(1_100_000))
        // Its record is kept, so the totals and #1 lists count it.
        let record = try #require(FilmRecord(run: run))
        #expect(record.reach == .noFirstRun && record.finalAudience == 1_100_000 && record.daysAtNumberOne == 2)
    }

    @Test func aFilmOnlyWeekendChartsListHasItsOpeningWeekend() throws {
        let friday = Self.open.adding(days: 2)
        let run = FilmRun(history: Self.history([], weekends: [Self.weekend(friday, audience: 80_000, total: 95_000)]))
        #expect(run.reach == .full)
        #expect(run.final?.audience == .floor(95_000))
        #expect(run.openingWeekend?.audience == .exact(80_000) && run.openingWeekend?.partial == false)
        #expect(run.firstWeek == .exact(95_000))
        #expect(run.openingDay == nil && run.peakDay == nil && run.daysInTop10 == 0)
        // The weekend's own total and the one before it are the cumulatives it makes known.
        #expect(run.pace.map(\.day) == [2, 5])
        #expect(FilmRecord(run: run)?.finalAudience == 95_000)
        #expect(FilmRun(history: Self.history([])).reach == .noArchivedDay)
    }

    @Test func aWeekdayChartPlacesACrossingTheDailyChartsMissed() throws {
        // Days 1–6 in the daily top 10, then out of it; the Monday–Thursday chart of days 6–9 lists it. 2019-04-29
        // (offset 5) is a Monday.
        let days = Self.days([300_000, 200_000, 150_000, 120_000, 100_000, 90_000])  // 960,000 by day 6
        let weekdays = Self.weekly(5, 8, audience: 240_000, total: 1_110_000)
        let run = FilmRun(history: Self.history(days, weeks: [weekdays]))
        let million = try #require(run.milestone(1_000_000))
        // Day 6's total (960,000) is known below it, day 9's above it: the crossing lies on day 7, 8 or 9.
        #expect(million.quality == .range)
        #expect(million.earliest == Self.open.adding(days: 6) && million.latest == Self.open.adding(days: 8))
        #expect(run.final?.audience == .floor(1_110_000) && run.final?.date == Self.open.adding(days: 8))
        #expect(run.pace.last?.day == 9 && run.pace.last?.audience == 1_110_000)

        // With day 8's row archived too (below it), the weekday chart's Thursday is the day.
        let known = days + [Self.row(7, rank: 10, audience: 20_000, total: 990_000)]
        let exact = try #require(FilmRun(history: Self.history(known, weeks: [weekdays])).milestone(1_000_000))
        #expect(exact.quality == .exact && exact.date == Self.open.adding(days: 8) && exact.dayOfRun == .exact(9))
    }

    @Test func aWeekChartBridgesDailyGapsInTheFirstRun() throws {
        // 70 days without a daily row, but week charts list it all along: still its first run.
        let first = Self.days([400_000, 300_000])
        let weeks = stride(from: 5, through: 75, by: 7).map {
            Self.weekly($0, $0 + 6, audience: 10_000, total: 800_000)
        }
        let later = Self.row(72, rank: 9, audience: 5_000, total: 900_000)
        let run = FilmRun(history: Self.history(first + [later], weeks: weeks))
        #expect(run.reReleases == 0)
        #expect(run.lastDay == Self.open.adding(days: 81))
    }

    @Test func aCrossingOnlyTheRunsAssumedStartBoundsIsLeftOut() throws {
        // A week row that starts before O − 60 (left out of the run) already past 1,000,000, and a daily row on day
        // −58 whose day before was past it too: no known total places the crossing, so no day −59 is invented.
        let week = Self.weekly(-66, -60, audience: 20_000, total: 1_300_000)
        let day = Self.row(-59, audience: 3_000, total: 1_303_000)
        #expect(FilmRun(history: Self.history([day], weeks: [week])).milestone(1_000_000) == nil)
        #expect(FilmRun(history: Self.history([day])).milestone(1_000_000) == nil)
    }

    @Test func everyKnownTotalNarrowsACrossing() throws {
        // Wednesday's row below 1,000,000; the week's and the weekend's rows above it on Sunday; the weekend row's
        // own total before Friday says Thursday was already past it: Thursday, exactly.
        let wednesday = Self.row(0, audience: 950_000, total: 950_000)
        let week = Self.weekly(-2, 4, audience: 1_200_000, total: 1_200_000)
        let weekend = Self.weekly(2, 4, audience: 190_000, total: 1_200_000)
        for weekly in [[week], [weekend], [week, weekend], [weekend, week]] {
            let run = FilmRun(
                history: Self.history(
                    [wednesday], weekends: weekly.filter { $0.start.isoWeekday == 5 },
                    weeks: weekly.filter { $0.start.isoWeekday != 5 }))
            let million = try #require(run.milestone(1_000_000))
            if weekly.contains(weekend) {
                #expect(million.quality == .exact && million.date == Self.open.adding(days: 1), "\(weekly.count)")
            } else {
                #expect(million.earliest == Self.open.adding(days: 1) && million.latest == Self.open.adding(days: 4))
            }
        }
    }

    @Test func aWeekRowAboveASameDayDailyRowBelowIsARange() throws {
        // Saturday and Sunday's daily rows below 1,000,000, the week row ending that Sunday above it: one was
        // revised. Monday's row bounds it; without a later row above it there is no day to give.
        let days = [Self.row(3, audience: 100_000, total: 900_000), Self.row(4, audience: 90_000, total: 990_000)]
        let week = Self.weekly(-2, 4, audience: 1_000_200, total: 1_000_200)
        let monday = Self.row(5, audience: 60_000, total: 1_050_000)
        let million = try #require(FilmRun(history: Self.history(days + [monday], weeks: [week])).milestone(1_000_000))
        #expect(million.quality == .range)
        #expect(million.earliest == Self.open.adding(days: 4) && million.latest == Self.open.adding(days: 5))
        #expect(FilmRun(history: Self.history(days, weeks: [week])).milestone(1_000_000) == nil)
    }

    @Test func aMilestonePassedBeforeTheFirstRunIsLeftOut() throws {
        // Charted 200 days before the open date KOBIS now gives (an earlier release under the same code), already
        // past 1,000,000; the first run's rows start above it.
        let old = [
            Self.row(-200, audience: 100_000, total: 1_400_000), Self.row(-199, audience: 100_000, total: 1_500_000),
        ]
        let rows =
            old + [Self.row(0, audience: 100_000, total: 1_600_000), Self.row(1, audience: 600_000, total: 2_200_000)]
        let run = FilmRun(history: Self.history(rows))
        #expect(run.reach == .full)
        #expect(run.milestone(1_000_000) == nil)
        #expect(run.milestone(2_000_000)?.date == Self.open.adding(days: 1))
        #expect(run.final?.audience == .floor(2_200_000))
    }

    @Test func theOpenDateIsTheLatestRowsEvenAWeekendOne() throws {
        let moved = Self.open.adding(days: 1)
        var weekend = Self.weekend(Self.open.adding(days: 2), audience: 500_000, total: 900_000)
        weekend.openDate = moved
        let run = FilmRun(history: Self.history(Self.days([200_000, 200_000]), weekends: [weekend]))
        #expect(run.openDate == moved)
        // A daily row ending the same day as a weekly one is the latest.
        let sunday = Self.row(4, audience: 100_000, total: 1_000_000)
        let same = FilmRun(history: Self.history(Self.days([200_000, 200_000]) + [sunday], weekends: [weekend]))
        #expect(same.openDate == Self.open)
    }

    @Test func theAlertsAndTheRunShareOneCrossingTest() {
        #expect(Milestone.crossed(1_000_000, audience: 10, audienceTotal: 1_000_000))
        #expect(!Milestone.crossed(1_000_000, audience: 10, audienceTotal: 1_000_011))
        #expect(!Milestone.crossed(1_000_000, audience: Int64.min, audienceTotal: Int64.max))
    }

    @Test func kobisDaysBeforeTwentyElevenCarryTheEraNote() {
        let old = FilmRow(
            start: CalendarDate(year: 2008, month: 1, day: 2)!, end: CalendarDate(year: 2008, month: 1, day: 2)!,
            rank: 1, title: "Old", openDate: CalendarDate(year: 2008, month: 1, day: 1)!, audience: 1, audienceTotal: 2,
            sales: 1, salesTotal: 2, screens: 1, shows: 1)
        #expect(FilmRun(history: Self.history([old])).partialEra)
        #expect(!FilmRun(history: Self.history([old], source: .sample)).partialEra)
        #expect(FilmRun(history: Self.history([])).reach == .noArchivedDay)
    }
}

/// The 1000만 films' median line.
@Suite struct MedianPaceTests {
    static func pace(_ values: [Int64]) -> [FilmRun.PacePoint] {
        let open = CalendarDate(year: 2019, month: 4, day: 24)!
        return values.enumerated().map {
            FilmRun.PacePoint(day: $0.offset + 1, date: open.adding(days: $0.offset), audience: $0.element)
        }
    }

    @Test func eachDayIsTheMedianOfTheFilmsWithTheirLastKnownTotals() {
        let median = MedianPace(
            threshold: 10_000_000,
            paces: [Self.pace([10, 20, 30]), Self.pace([11, 25]), Self.pace([13, 21, 33]), Self.pace([12, 23, 36])])
        #expect(median.films == 4)
        #expect(median.pace.prefix(3).map(\.day) == [1, 2, 3])
        #expect(median.pace.count == MedianPace.maximumDay)
        #expect(median.pace[0].audience == 11)  // 10, 11, 12, 13: the mean of the middle two, rounded down
        #expect(median.pace[1].audience == 22)  // 20, 21, 23, 25
        // Day 3: the second film is out of the charts, at 25 still (it cannot have fallen): 25, 30, 33, 36.
        #expect(median.pace[2].audience == 31 && median.pace[2].films == 4)
        // So the line never falls as films leave the charts, nor as one first known late joins it low.
        #expect(zip(median.pace, median.pace.dropFirst()).allSatisfy { $0.audience <= $1.audience })
        let late = MedianPace(
            threshold: 10_000_000,
            paces: [
                Self.pace([1_000, 1_100, 1_200]), Self.pace([1_200, 1_300, 1_400]), Self.pace([1_500, 1_600, 1_700]),
            ]
                + [[FilmRun.PacePoint(day: 3, date: CalendarDate(year: 2019, month: 4, day: 26)!, audience: 500)]])
        #expect(late.pace.prefix(3).map(\.audience) == [1_200, 1_300, 1_300])
        // A day fewer than three films show has no median; previews are not days of the line.
        let thin = MedianPace(threshold: 10_000_000, paces: [Self.pace([1, 2]), Self.pace([1])])
        #expect(thin.pace.isEmpty)
        let huge = MedianPace(threshold: 1, paces: Array(repeating: Self.pace([Int64.max, Int64.max - 1]), count: 4))
        #expect(huge.pace.first?.audience == Int64.max)
    }
}
