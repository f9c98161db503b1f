import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `/stats` (all time) and `/stats/{year}` (one year, with a year in review): summary figures, then notes per
/// month, Korean against foreign, per genre, per nation, top directors and ratings, each as an SVG bar chart
/// with its table.
struct StatsViewModel: Sendable {
    struct Fact: Sendable {
        var label: String
        var value: String
    }

    struct YearLink: Sendable {
        var label: String
        var url: String
        var isActive: Bool
    }

    struct NoteLink: Sendable {
        var label: String
        var url: String
    }

    struct Review: Sendable {
        var heading: String
        var facts: [Fact]
        var topRated: [NoteLink]
        var hasTopRated: Bool
        var rewatched: [Fact]
        var hasRewatched: Bool
        /// "…and N more", when the year had more rewatched movies than the review names.
        var moreRewatched: String?
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var heading: String
    var isEmpty: Bool
    var emptyText: String
    var newNoteURL: String
    var years: [YearLink]
    var hasYears: Bool
    var facts: [Fact]
    var charts: [BarChartViewModel]
    var share: NationShareViewModel?
    var review: Review?

    init(environment: DiaryPageEnvironment, session: DiarySession, statistics: DiaryStatistics, allYears: [Int]) {
        let s = environment.strings
        self.s = s
        heading = statistics.year.map(s.yearInReviewTitle) ?? s.statsTitle
        layout = environment.layout(title: heading)
        nav = environment.navigation(session, active: .stats)
        isEmpty = statistics.noteCount == 0
        emptyText = statistics.year == nil ? s.statsEmpty : s.statsEmptyYear
        newNoteURL = environment.link("/notes/new")
        years =
            [YearLink(label: s.allTime, url: environment.link("/stats"), isActive: statistics.year == nil)]
            + allYears.sorted(by: >).map { year in
                YearLink(
                    label: String(year), url: environment.link("/stats/\(year)"), isActive: statistics.year == year)
            }
        hasYears = !allYears.isEmpty
        facts = [
            Fact(label: s.notesHeader, value: NumberFormatting.thousands(statistics.noteCount)),
            Fact(label: s.moviesFact, value: NumberFormatting.thousands(statistics.movieCount)),
            Fact(label: s.averageRatingFact, value: statistics.averageRating.map { String(format: "%.2f", $0) } ?? "–"),
            Fact(label: s.placeCinema, value: NumberFormatting.thousands(statistics.places.cinema)),
            Fact(label: s.placeHome, value: NumberFormatting.thousands(statistics.places.home)),
        ]

        var charts: [BarChartViewModel] = []
        if !isEmpty {
            let months = statistics.perMonth.map { (label: $0.month, count: $0.count) }
            charts.append(
                BarChartViewModel(
                    id: "chart-months", title: s.perMonthTitle, labelHeader: s.monthHeader, valueHeader: s.notesHeader,
                    items: months, orientation: .vertical, summary: s.perMonthSummary(Self.busiest(months)),
                    shortLabel: { month in
                        // "24.03" under the bars.
                        month.count == 7 ? String(month.dropFirst(2).map { $0 == "-" ? "." : $0 }) : month
                    }))
            func ranked(_ id: String, _ title: String, _ header: String, _ counts: [DiaryNamedCount], limit: Int = 12)
                -> BarChartViewModel?
            {
                guard !counts.isEmpty else { return nil }
                let items = counts.prefix(limit).map { (label: $0.name, count: $0.count) }
                return BarChartViewModel(
                    id: id, title: title, labelHeader: header, valueHeader: s.notesHeader, items: Array(items),
                    orientation: .horizontal, summary: s.rankedSummary(title, top: Self.busiest(Array(items))))
            }
            let vocabulary = KOBISVocabulary.table(for: environment.language)
            charts += [
                ranked(
                    "chart-genres", s.perGenreTitle, s.genreHeader, vocabulary.namedCounts(statistics.perGenre, .genre)),
                ranked(
                    "chart-nations", s.perNationTitle, s.nationHeader,
                    vocabulary.namedCounts(statistics.perNation, .nation)),
                ranked("chart-directors", s.topDirectorsTitle, s.directorHeader, statistics.topDirectors),
            ].compactMap { $0 }
            let ratings = statistics.ratings.reversed().map {
                (label: "\($0.rating.description) \(DiaryFormatting.stars($0.rating))", count: $0.count)
            }
            if ratings.contains(where: { $0.count > 0 }) {
                charts.append(
                    BarChartViewModel(
                        id: "chart-ratings", title: s.ratingsTitle, labelHeader: s.ratingHeader,
                        valueHeader: s.notesHeader,
                        items: ratings, orientation: .horizontal,
                        summary: s.rankedSummary(s.ratingsTitle, top: Self.busiest(ratings))))
            }
        }
        // Each chart's scrolling box and its table are both regions: the box says it holds the chart.
        self.charts = charts.map { chart in
            var chart = chart
            chart.boxLabel = s.chartBox(chart.title)
            return chart
        }
        share = NationShareViewModel(share: statistics.korean, strings: s)

        if let review = statistics.review, !isEmpty {
            func link(_ note: DiaryNote) -> NoteLink {
                var label = "\(note.title) · \(note.watchedOn.isoString)"
                if let rating = note.rating { label += " · \(DiaryFormatting.stars(rating))" }
                return NoteLink(label: label, url: environment.link("/notes/\(note.id.uuidString)"))
            }
            var facts = [
                Fact(label: s.moviesFact, value: NumberFormatting.thousands(review.movieCount)),
                Fact(label: s.daysAtTheMoviesFact, value: NumberFormatting.thousands(review.daysAtTheMovies)),
            ]
            if let busiest = review.busiestMonth {
                facts.append(Fact(label: s.busiestMonthFact, value: s.monthWithCount(busiest.month, busiest.count)))
            }
            if let first = review.first {
                facts.append(Fact(label: s.firstOfYearFact, value: "\(first.title) · \(first.watchedOn.isoString)"))
            }
            if let last = review.last {
                facts.append(Fact(label: s.lastOfYearFact, value: "\(last.title) · \(last.watchedOn.isoString)"))
            }
            self.review = Review(
                heading: s.yearInReviewTitle(review.year), facts: facts, topRated: review.topRated.map(link),
                hasTopRated: !review.topRated.isEmpty,
                rewatched: review.rewatched.map { Fact(label: $0.name, value: s.timesWatched($0.count)) },
                hasRewatched: !review.rewatched.isEmpty,
                moreRewatched: review.rewatchedMovies > review.rewatched.count
                    ? s.moreRewatched(review.rewatchedMovies - review.rewatched.count) : nil)
        } else {
            review = nil
        }
    }

    /// The label with the most notes, for the chart's spoken summary.
    static func busiest(_ items: [(label: String, count: Int)]) -> (label: String, count: Int)? {
        items.filter { $0.count > 0 }.max { $0.count < $1.count }
    }
}
