import BoxOfficeCore

// The document's records made from the core's, member for member (sorted keys, absent members left out, so the
// bytes equal the core's JSON that `boxoffice records --format json` prints).

extension Components.Schemas.RecordsReport {
    init(_ report: RecordsReport) {
        self.init(
            englishTitles: report.englishTitles.map { .init(additionalProperties: $0) },
            kind: .init(rawValue: report.kind.rawValue) ?? .milestones,
            source: .init(report.source),
            threshold: report.threshold, by: report.by.flatMap { .init(rawValue: $0.rawValue) }, year: report.year,
            nation: report.nation.flatMap { .init(rawValue: $0.rawValue) }, since: report.since, limit: report.limit,
            lists: report.lists.map(Components.Schemas.RecordList.init))
    }
}

extension Components.Schemas.RecordList {
    init(_ list: RecordList) {
        self.init(
            order: .init(rawValue: list.order.rawValue) ?? .fastest,
            entries: list.entries.map(Components.Schemas.RecordEntry.init))
    }
}

extension Components.Schemas.RecordEntry {
    init(_ entry: RecordEntry) {
        self.init(
            rank: entry.rank, movieCode: entry.movieCode, title: entry.title, openDate: entry.openDate?.isoString,
            nation: .init(rawValue: entry.nation.rawValue) ?? .unknown,
            reach: .init(entry.reach),
            milestone: entry.milestone.map(Components.Schemas.RecordMilestone.init),
            finalDate: entry.finalDate?.isoString, finalAudience: .init(entry.finalAudience),
            finalSales: .init(entry.finalSales),
            openingWeekend: entry.openingWeekend.map(Components.Schemas.Figure.init),
            openingWeekendPartial: entry.openingWeekendPartial,
            secondWeekendDrop: entry.secondWeekendDrop.map(Components.Schemas.Figure.init),
            legs: entry.legs.map(Components.Schemas.Figure.init), daysAtNumberOne: entry.daysAtNumberOne,
            longestStreak: entry.longestStreak.map(Components.Schemas.RecordStreak.init),
            daysInTop10: entry.daysInTop10)
    }
}

extension Components.Schemas.RecordMilestone {
    init(_ crossing: MilestoneCrossing) {
        self.init(
            threshold: crossing.threshold, earliest: crossing.earliest.isoString, latest: crossing.latest.isoString,
            dayOfRun: crossing.dayOfRun.map(Components.Schemas.Figure.init),
            quality: crossing.quality == .exact ? .exact : .range)
    }
}

extension Components.Schemas.RecordStreak {
    init(_ streak: FilmRun.Streak) {
        self.init(start: streak.start.isoString, end: streak.end.isoString, days: streak.days)
    }
}
