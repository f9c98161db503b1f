import Foundation

// What a chart says beyond KOBIS's own fields: the day's market, each row's day of run and audience per show. They are
// part of the chart's JSON (the Contract's `market`, `dayOfRun`, `audiencePerShow`), computed when it is encoded.

extension Chart {
    /// The day's market, for an unfiltered daily chart with at least one row of 1 % or more; else `nil` (a filtered
    /// chart's shares divide by something unverified; a weekly chart's market belongs to the market pages).
    public var market: MarketSales? {
        guard kind == .daily, filters.isEmpty else { return nil }
        return MarketSales(entries: entries)
    }

    /// `entry`'s day of run on the chart's last day (a weekly chart's Sunday or Thursday), or `nil` without an open
    /// date.
    public func dayOfRun(of entry: ChartEntry) -> Int? {
        DayOfRun.number(of: range.end, openDate: entry.openDate)
    }

    enum JSONKey: String, CodingKey {
        case kind, range, filters, yearWeek, source, stale, fetchedAt, entries, market
    }

    /// The Contract's chart JSON: KOBIS's fields, `market` on an unfiltered daily chart, and per row `dayOfRun` and
    /// `audiencePerShow`. A row's Contract fields are always there: `openDate`, `dayOfRun` and `audiencePerShow` are
    /// `null` when unknown (KOBIS gave a blank open date, the film had no shows).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(range, forKey: .range)
        try container.encode(filters, forKey: .filters)
        try container.encodeIfPresent(yearWeek, forKey: .yearWeek)
        try container.encode(source, forKey: .source)
        try container.encode(stale, forKey: .stale)
        try container.encode(fetchedAt, forKey: .fetchedAt)
        try container.encode(entries.map { EntryJSON(entry: $0, dayOfRun: dayOfRun(of: $0)) }, forKey: .entries)
        try container.encodeIfPresent(market.map(MarketJSON.init), forKey: .market)
    }
}

extension ChartEntry {
    /// Admissions per show, to one decimal, or `nil` without shows.
    public var audiencePerShow: Double? {
        guard shows > 0 else { return nil }
        return (Double(audience) / Double(shows) * 10).rounded() / 10
    }
}

/// A row of the chart's JSON: the entry's own fields, then `dayOfRun` and `audiencePerShow`, with `null` for an
/// unknown open date (which the entry's own encoding leaves out).
private struct EntryJSON: Encodable {
    enum Key: String, CodingKey { case openDate, dayOfRun, audiencePerShow }

    var entry: ChartEntry
    var dayOfRun: Int?

    func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        if entry.openDate == nil { try container.encodeNil(forKey: .openDate) }
        try container.encode(dayOfRun, forKey: .dayOfRun)
        try container.encode(entry.audiencePerShow, forKey: .audiencePerShow)
    }
}

/// The chart's `market`: the day's sales, the top 10's share of them, and whether the rows disagreed.
private struct MarketJSON: Encodable {
    var sales: Figure
    var topTenShare: Figure
    var inconsistent: Bool

    init(_ market: MarketSales) {
        sales = market.sales
        topTenShare = market.topTenShare
        inconsistent = market.isInconsistent
    }
}
