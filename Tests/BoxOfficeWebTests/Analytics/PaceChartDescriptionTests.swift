import BoxOfficeCore
import BoxOfficeText
import Testing

@testable import BoxOfficeWeb

/// The pace chart's `<desc>` states what the chart shows, also when it has no line to draw.
@Suite struct PaceChartDescriptionTests {
    static let open = CalendarDate(year: 2024, month: 3, day: 15)!

    static func run(_ rows: [(offset: Int, audience: Int64, total: Int64)]) -> FilmRun {
        let daily = rows.map { row in
            let day = open.adding(days: row.offset)
            return FilmRow(
                start: day, end: day, rank: 3, title: "시사회 영화", openDate: open, audience: row.audience,
                audienceTotal: row.total, sales: row.audience * 10_000, salesTotal: row.total * 10_000, screens: 40,
                shows: 60)
        }
        return FilmRun(
            history: FilmHistory(
                movieCode: "20249902", daily: daily, weekends: [],
                archiveStart: CalendarDate(year: 2004, month: 1, day: 1), source: .kobis))
    }

    @Test func aFilmSeenOnlyInPreviewsSaysSoInsteadOfNoArchivedDay() {
        // Paid previews two days and one day before the opening, and nothing archived since.
        let run = Self.run([(-2, 1_200, 1_200), (-1, 3_400, 4_600)])
        #expect(!run.pace.isEmpty && run.pace.allSatisfy { $0.day <= 0 })
        for language in [Language.korean, .english] {
            let chart = PaceChartViewModel(
                run: run, compared: [], strings: RunStrings.table(for: language), language: language)
            #expect(!chart.hasSeries)
            #expect(chart.chartDescription.contains("4,600"), "\(language)")
            #expect(chart.chartDescription.contains(language == .english ? "in previews" : "개봉 전"), "\(language)")
            #expect(chart.chartDescription != RunWords.table(for: language).noArchivedDay, "\(language)")
        }
    }

    @Test func aFilmPastItsOpeningDayIsDescribedAtItsLatestDay() {
        let run = Self.run([(-1, 1_000, 1_000), (0, 50_000, 51_000), (1, 40_000, 91_000)])
        let chart = PaceChartViewModel(
            run: run, compared: [], strings: RunStrings.table(for: .english), language: .english)
        #expect(chart.hasSeries)
        #expect(chart.chartDescription == "시사회 영화 had 91,000 admissions by day 2 of its run.")
    }
}

/// The pace chart's line labels never print over each other and end inside the chart.
@Suite struct PaceChartLabelTests {
    @Test func labelsOfLinesEndingTogetherAreSpreadAndKeptInside() {
        let median = "Median of 47 films to 10 million"
        let ends = [
            (x: 520.0, y: 100.0, label: "Stranger of Funeral 2"), (x: 520.0, y: 104.0, label: "Empire of Echo"),
            (x: 521.0, y: 98.0, label: "Quartz of Hotel 2"), (x: 300.0, y: 228.0, label: median),
            (x: 524.0, y: 230.0, label: "1000만 영화 47편의 중앙값"),
        ]
        let places = PaceChartViewModel.labelPlaces(ends)
        #expect(places.count == ends.count)
        let ys = places.map(\.y).sorted()
        for (upper, lower) in zip(ys, ys.dropFirst()) {
            #expect(lower - upper >= PaceChartViewModel.labelSpacing - 0.001, "\(ys)")
        }
        for (place, end) in zip(places, ends) {
            #expect(place.x + PaceChartViewModel.labelWidth(end.label) <= PaceChartViewModel.width, "\(end.label)")
            #expect(place.x >= PaceChartViewModel.left)
            let bottom = PaceChartViewModel.height - PaceChartViewModel.bottom
            #expect(place.y >= PaceChartViewModel.top && place.y <= bottom)
        }
        // A label with room after its line stays there.
        let alone = PaceChartViewModel.labelPlaces([(x: 200, y: 150, label: "Short")])
        #expect(alone[0].x == 200 && alone[0].y == 150)
    }
}
