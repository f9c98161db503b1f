import BoxOfficeCore

// The document's run made from the core's, member for member (`APIBodyBytesTests` holds them to the same bytes).

extension Components.Schemas.FilmRunReport {
    init(_ report: FilmRunReport) {
        self.init(
            englishTitles: report.englishTitles.map { .init(additionalProperties: $0) }, run: .init(report.run),
            compared: report.compared.map(Components.Schemas.FilmPace.init),
            source: .init(report.source),
            median: report.median.map {
                .init(
                    threshold: $0.threshold, films: $0.films,
                    pace: $0.pace.map { .init(day: $0.day, audience: $0.audience, films: $0.films) })
            },
            outlook: report.outlook.map(Components.Schemas.TenMillionOutlook.init))
    }
}

extension Components.Schemas.TenMillionOutlook {
    init(_ outlook: BoxOfficeCore.TenMillionOutlook) {
        self.init(
            day: outlook.day, audience: outlook.audience, since: outlook.since, low: outlook.low, high: outlook.high,
            comparables: outlook.comparables.map {
                .init(
                    movieCode: $0.movieCode, title: $0.title, openDate: $0.openDate?.isoString, audience: $0.audience,
                    final: .init($0.final))
            },
            milestones: outlook.milestones.map { .init(threshold: $0.threshold, films: $0.films, share: $0.share) },
            rank: outlook.rank, rankedFilms: outlook.rankedFilms, percentages: outlook.percentages)
    }
}

extension Components.Schemas.FilmPace {
    init(_ pace: FilmRunReport.Pace) {
        self.init(
            movieCode: pace.movieCode, title: pace.title, openDate: pace.openDate?.isoString, reach: .init(pace.reach),
            pace: pace.pace.map(Components.Schemas.PacePoint.init))
    }
}

extension Components.Schemas.PacePoint {
    init(_ point: FilmRun.PacePoint) {
        self.init(day: point.day, date: point.date.isoString, audience: point.audience)
    }
}

extension Components.Schemas.FilmReach {
    init(_ reach: FilmRun.Reach) {
        switch reach {
        case .full: self = .full
        case .noArchivedDay: self = .noArchivedDay
        case .noOpenDate: self = .noOpenDate
        case .openedBeforeArchive: self = .openedBeforeArchive
        case .archivedLate: self = .archivedLate
        case .noFirstRun: self = .noFirstRun
        }
    }
}

extension Components.Schemas.FilmRun {
    init(_ run: FilmRun) {
        self.init(
            movieCode: run.movieCode, title: run.title, openDate: run.openDate?.isoString, reach: .init(run.reach),
            firstDay: run.firstDay?.isoString, lastDay: run.lastDay?.isoString,
            openingDay: run.openingDay.map(Components.Schemas.Figure.init),
            openingWeekend: run.openingWeekend.map(Components.Schemas.FilmRunWeekend.init),
            secondWeekend: run.secondWeekend.map(Components.Schemas.FilmRunWeekend.init),
            secondWeekendDrop: run.secondWeekendDrop.map(Components.Schemas.Figure.init),
            firstWeek: run.firstWeek.map(Components.Schemas.Figure.init),
            peakDay: run.peakDay.map { .init(date: $0.date.isoString, audience: .init($0.audience)) },
            daysInTop10: run.daysInTop10, daysAtNumberOne: run.daysAtNumberOne,
            longestStreak: run.longestStreak.map {
                .init(start: $0.start.isoString, end: $0.end.isoString, days: $0.days)
            },
            final: run.final.map {
                .init(date: $0.date.isoString, audience: .init($0.audience), sales: .init($0.sales))
            },
            legs: run.legs.map(Components.Schemas.Figure.init),
            milestones: run.milestones.map(Components.Schemas.MilestoneCrossing.init),
            pace: run.pace.map(Components.Schemas.PacePoint.init), reReleases: run.reReleases,
            partialEra: run.partialEra)
    }
}

extension Components.Schemas.FilmRunWeekend {
    init(_ weekend: FilmRun.Weekend) {
        self.init(
            start: weekend.start.isoString, end: weekend.end.isoString, audience: .init(weekend.audience),
            sales: .init(weekend.sales), partial: weekend.partial)
    }
}

extension Components.Schemas.MilestoneCrossing {
    init(_ crossing: BoxOfficeCore.MilestoneCrossing) {
        self.init(
            threshold: crossing.threshold, earliest: crossing.earliest.isoString, latest: crossing.latest.isoString,
            dayOfRun: crossing.dayOfRun.map(Components.Schemas.Figure.init),
            quality: crossing.quality == .exact ? .exact : .range)
    }
}
