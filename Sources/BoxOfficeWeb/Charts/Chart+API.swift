import BoxOfficeCore

// The document's chart types made from the domain's: the fields the API has always written, encoded once by the
// generated code (``APIBodyBytesTests`` holds them to the domain's own JSON byte for byte), with the day's market and
// each row's day of run and audience per show, as the domain's `Chart.encode(to:)` writes them.

extension Components.Schemas.Chart {
    /// The chart; `notice` is the stale chart's words in the messages' language (nil for a fresh chart).
    init(_ chart: Chart, notice: String? = nil) {
        self.init(
            kind: .init(chart.kind), range: .init(chart.range), filters: .init(chart.filters), yearWeek: chart.yearWeek,
            source: .init(chart.source), stale: chart.stale, notice: notice,
            fetchedAt: chart.fetchedAt,
            entries: chart.entries.map { Components.Schemas.ChartEntry($0, dayOfRun: chart.dayOfRun(of: $0)) },
            market: chart.market.map(Components.Schemas.ChartMarket.init))
    }
}

extension Components.Schemas.ChartMarket {
    init(_ market: MarketSales) {
        self.init(
            sales: .init(market.sales), topTenShare: .init(market.topTenShare), inconsistent: market.isInconsistent)
    }
}

extension Components.Schemas.Chart.KindPayload {
    init(_ kind: ChartKind) {
        switch kind {
        case .daily: self = .daily
        case .week: self = .week
        case .weekend: self = .weekend
        case .weekdays: self = .weekdays
        }
    }
}

extension Components.Schemas.ChartEntry {
    init(_ entry: ChartEntry, dayOfRun: Int?) {
        self.init(
            rank: entry.rank, change: .init(entry.change), movieCode: entry.movieCode, title: entry.title,
            titleEnglish: entry.titleEnglish,
            openDate: entry.openDate?.isoString, audience: entry.audience,
            audienceTotal: entry.audienceTotal, sales: entry.sales, salesShare: entry.salesShare,
            salesTotal: entry.salesTotal, screens: entry.screens, shows: entry.shows, dayOfRun: dayOfRun,
            audiencePerShow: entry.audiencePerShow)
    }
}

extension Components.Schemas.ChartEntry {
    /// Every Contract field, an unknown open date, day of run or audience per show as `null` (as the domain's JSON
    /// writes them), field by field as a kept chart's rows are many; `titleEnglish` only when the archive keeps one.
    func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(rank, forKey: .rank)
        try fields.encode(change, forKey: .change)
        try fields.encode(movieCode, forKey: .movieCode)
        try fields.encode(title, forKey: .title)
        try fields.encodeIfPresent(titleEnglish, forKey: .titleEnglish)
        try fields.encode(openDate, forKey: .openDate)
        try fields.encode(audience, forKey: .audience)
        try fields.encode(audienceTotal, forKey: .audienceTotal)
        try fields.encode(sales, forKey: .sales)
        try fields.encode(salesShare, forKey: .salesShare)
        try fields.encode(salesTotal, forKey: .salesTotal)
        try fields.encode(screens, forKey: .screens)
        try fields.encode(shows, forKey: .shows)
        try fields.encode(dayOfRun, forKey: .dayOfRun)
        try fields.encode(audiencePerShow, forKey: .audiencePerShow)
    }
}

extension Components.Schemas.RankChange {
    init(_ change: RankChange) {
        let kind: KindPayload =
            switch change {
            case .new: .new
            case .up: .up
            case .down: .down
            case .same: .same
            }
        self.init(kind: kind, amount: change.amount)
    }
}

extension Components.Schemas.ChartFilters {
    init(_ filters: ChartFilters) {
        let nation: NationPayload? =
            switch filters.nation {
            case .korean: .k
            case .foreign: .f
            case nil: nil
            }
        let multi: MultiPayload? =
            switch filters.multiMovie {
            case .diversity: .y
            case .commercial: .n
            case nil: nil
            }
        self.init(nation: nation, multi: multi, area: filters.areaCode)
    }
}

extension Components.Schemas.DateRange {
    init(_ range: DateRange) {
        self.init(start: range.start.isoString, end: range.end.isoString)
    }
}

extension Components.Schemas.Source {
    init(_ source: ChartSource) {
        switch source {
        case .kobis: self = .kobis
        case .sample: self = .sample
        }
    }
}
