import BoxOfficeCore
import BoxOfficeText

// The document's archive types made from the domain's: a period chart (its nations already in the reader's
// language) and a film's archived run.

extension Components.Schemas.PeriodChart {
    init(_ chart: PeriodChart) {
        let coverage = chart.coverage
        self.init(
            kind: .period, range: .init(chart.range), source: .init(chart.source),
            coverage: .init(
                days: coverage.days, archivedDays: coverage.archivedDays, provisionalDays: coverage.provisionalDays,
                missingDays: coverage.missingDays, missing: coverage.missing.map(Components.Schemas.DateRange.init),
                isComplete: coverage.isComplete, syncCommand: SyncCommandLine.text(for: coverage)),
            audience: chart.audience, sales: chart.sales, movieCount: chart.movieCount,
            nations: chart.nations.map {
                .init(
                    nationality: .init($0.nationality), movies: $0.movies, audience: $0.audience, sales: $0.sales,
                    audienceShare: $0.audienceShare, salesShare: $0.salesShare)
            },
            entries: chart.entries.map {
                .init(
                    rank: $0.rank, movieCode: $0.movieCode, title: $0.title, titleEnglish: $0.titleEnglish,
                    openDate: $0.openDate.map { .init(value1: $0.isoString) }, nationality: .init($0.nationality),
                    nation: $0.nation, audience: $0.audience, sales: $0.sales, audienceShare: $0.audienceShare,
                    days: $0.days, bestRank: $0.bestRank, firstDay: $0.firstDay.isoString, lastDay: $0.lastDay.isoString
                )
            })
    }
}

extension Components.Schemas.MovieNationality {
    init(_ nationality: MovieNationality) {
        switch nationality {
        case .korean: self = .korean
        case .foreign: self = .foreign
        case .unknown: self = .unknown
        }
    }
}

extension Components.Schemas.MovieTrend {
    init(_ trend: MovieTrend) {
        self.init(
            movieCode: trend.movieCode, title: trend.title, source: .init(trend.source),
            points: trend.points.map {
                .init(
                    date: $0.date.isoString, rank: $0.rank, title: $0.title, audience: $0.audience,
                    audienceTotal: $0.audienceTotal, sales: $0.sales, screens: $0.screens, shows: $0.shows)
            })
    }
}
