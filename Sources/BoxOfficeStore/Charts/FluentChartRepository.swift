import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Charts in `charts` and `chart_entries`, scoped to one origin.
///
/// A chart and its entries are read in one statement and replaced in one transaction, so readers see
/// either the old chart or the new one, never a mix.
struct FluentChartRepository: ChartRepository {
    let database: any Database
    let origin: String

    func storedChart(for query: ChartQuery) async throws -> Chart? {
        try await StorageFailure.run("read a stored chart", logger: database.logger) {
            let rows = try await chartsWithEntries()
                .filter(\.$kind == query.kind.rawValue)
                .filter(\.$rangeStart == query.range.start.isoString)
                .filter(\.$filterKey == query.filters.key)
                .all()
            return try Self.assemble(rows).first
        }
    }

    func save(_ chart: Chart) async throws {
        try await save(chart, recordsLater: false)
    }

    func saveDeferringUpkeep(_ chart: Chart) async throws {
        try await save(chart, recordsLater: true)
    }

    func catchUpUpkeep() async throws {
        try await StorageFailure.run("keep the films' records", logger: database.logger) {
            try await FilmRecordRows.catchUpIfBehind(origin: origin, on: database)
        }
    }

    private func save(_ chart: Chart, recordsLater: Bool) async throws {
        // Left for later, the chart's row itself says so (`upkeep_pending`): no statement of its own per chart. (On
        // PostgreSQL a statement costs the server about 0.5 ms of CPU beyond its work: 4 s of a 22.9-year fill.)
        let later = recordsLater && FilmRecordRows.concerns(chart)
        try await StorageFailure.run("store a chart", logger: database.logger) {
            // A chart nothing is kept beside now (left for the catch-up, or not one the records read) is, on
            // PostgreSQL, inserted with its rows in one statement when it is new: most of a fill's charts.
            if later || !FilmRecordRows.concerns(chart), let sql = database as? any SQLDatabase,
                sql.dialect.name == "postgresql",
                try await PostgresChartRows.insertNew(
                    chart, origin: origin, mark: later ? FilmRecordRows.newMark() : 0, on: sql)
            {
                return
            }
            try await database.transaction { transaction in
                // The upsert comes first: it locks the chart's row, so concurrent saves of one chart queue here
                // instead of interleaving their deletes and inserts. Left for later, its row carries a mark of its own
                // (``FilmRecordRows/newMark()``): a catch-up running meanwhile leaves it for the next.
                let (chartID, isNew) = try await upsertChart(chart, upkeepPending: later, on: transaction)
                // The films it listed before: a refresh may drop one, whose record changes too.
                let previous =
                    isNew || !FilmRecordRows.concerns(chart)
                    ? [] : try await FilmRecordRows.movieCodes(ofChart: chartID, on: transaction)
                try await replaceEntries(of: chartID, with: chart.entries, isNew: isNew, on: transaction)
                if later {
                    // The market and the records wait for the catch-up; only films the chart no longer lists are noted.
                    try await FilmRecordRows.noteDropped(previous, from: chart, origin: origin, on: transaction)
                    return
                }
                // The records of the films it lists and listed (unfiltered daily and weekly charts) are kept beside
                // it, in the same transaction, first (they take the origin's lock before any kept row is written);
                // so is an unfiltered daily chart's market, last (it holds the diaries' nation lock shared until the
                // end).
                try await FilmRecordRows.save(chart, previous: previous, origin: origin, on: transaction)
                try await MarketDayRows.save(chart, chartID: chartID, origin: origin, on: transaction)
            }
        }
    }

    func dailyCharts(in range: DateRange) async throws -> [Chart] {
        try await StorageFailure.run("read stored daily charts", logger: database.logger) {
            let rows = try await chartsWithEntries()
                .filter(\.$kind == ChartKind.daily.rawValue)
                .filter(\.$filterKey == ChartFilters.none.key)
                .filter(\.$rangeStart >= range.start.isoString)
                .filter(\.$rangeStart <= range.end.isoString)
                .all()
            return try Self.assemble(rows)
        }
    }

    // MARK: - Private

    /// This origin's charts, each joined with its entries (one row per entry, or one row with no entry for
    /// an empty chart), ordered by first day, then rank.
    private func chartsWithEntries() -> QueryBuilder<ChartModel> {
        ChartModel.query(on: database)
            .join(ChartEntryModel.self, on: \ChartModel.$id == \ChartEntryModel.$chart.$id, method: .left)
            .filter(\.$origin == origin)
            .sort(\.$rangeStart)
            .sort(\.$id)
            .sort(ChartEntryModel.self, \.$rank)
            .sort(ChartEntryModel.self, \.$movieCode)
    }

    /// Replaces the chart's rows with `entries`: one DELETE (none for a chart just inserted) and one INSERT in SQL
    /// (building Fluent models for them cost a sync about 15% of its CPU in property-wrapper reflection); on
    /// PostgreSQL the rows go as arrays (``PostgresChartRows``).
    private func replaceEntries(
        of chartID: UUID, with entries: [ChartEntry], isNew: Bool, on database: any Database
    ) async throws {
        let sql = try database.requireSQL()
        if !isNew {
            try await sql.delete(from: ChartEntryModel.schema).where("chart_id", .equal, SQLBind(chartID)).run()
        }
        guard !entries.isEmpty else { return }
        if sql.dialect.name == "postgresql" {
            try await PostgresChartRows.insert(entries, chartID: chartID, on: sql)
            return
        }
        var rows: [[any SQLExpression]] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            var row: [any SQLExpression] = [SQLBind(UUID()), SQLBind(chartID), SQLBind(entry.rank)]
            row.append(SQLBind(entry.change.kindName))
            row.append(SQLBind(entry.change.amount))
            row.append(SQLBind(entry.movieCode))
            row.append(SQLBind(entry.title))
            row.append((entry.openDate?.isoString).sqlBindOrNull)
            row.append(SQLBind(entry.audience))
            row.append(SQLBind(entry.audienceTotal))
            row.append(SQLBind(entry.sales))
            row.append(SQLBind(entry.salesShare))
            row.append(SQLBind(entry.salesTotal))
            row.append(SQLBind(entry.screens))
            row.append(SQLBind(entry.shows))
            rows.append(row)
        }
        try await sql.insert(into: ChartEntryModel.schema)
            .columns(
                "id", "chart_id", "rank", "change_kind", "change_amount", "movie_code", "title", "open_date",
                "audience", "audience_total", "sales", "sales_share", "sales_total", "screens", "shows"
            )
            .rows(rows)
            .run()
    }

    /// Inserts the chart's row, or updates the existing one for the same key; returns its id, and whether
    /// the row is new (the id it was given came back), so has no entries yet.
    private func upsertChart(
        _ chart: Chart, upkeepPending: Bool, on database: any Database
    ) async throws -> (id: UUID, isNew: Bool) {
        let newID = UUID()
        let sql = try database.requireSQL()
        let row =
            try await sql
            .insert(into: ChartModel.schema)
            .columns(Self.chartColumns)
            .values(
                Self.chartValues(
                    chart, id: newID, origin: origin, mark: upkeepPending ? FilmRecordRows.newMark() : 0)
            )
            .onConflict(with: ["origin", "kind", "range_start", "filter_key"]) {
                $0.set(excludedValueOf: "range_end")
                    .set(excludedValueOf: "nation")
                    .set(excludedValueOf: "multi_movie")
                    .set(excludedValueOf: "area_code")
                    .set(excludedValueOf: "year_week")
                    .set(excludedValueOf: "source")
                    .set(excludedValueOf: "fetched_at")
                    .set(excludedValueOf: "upkeep_pending")
            }
            .returning("id")
            .first()
        guard let row else { throw BoxOfficeError.storage("Could not store a chart: the database returned no row.") }
        let id = try row.decode(column: "id", as: UUID.self)
        return (id, id == newID)
    }

    /// The columns of `charts` a save writes, in the order of ``chartValues(_:id:origin:mark:)``.
    static let chartColumns = [
        "id", "origin", "kind", "range_start", "range_end", "filter_key", "nation", "multi_movie", "area_code",
        "year_week", "source", "fetched_at", "upkeep_pending",
    ]

    /// The values of `chart`'s row under `id`, with `mark` for `upkeep_pending` (0: nothing waits).
    static func chartValues(_ chart: Chart, id: UUID, origin: String, mark: Int) -> [any SQLExpression] {
        [
            SQLBind(id), SQLBind(origin), SQLBind(chart.kind.rawValue), SQLBind(chart.range.start.isoString),
            SQLBind(chart.range.end.isoString), SQLBind(chart.filters.key),
            (chart.filters.nation?.rawValue).sqlBindOrNull, (chart.filters.multiMovie?.rawValue).sqlBindOrNull,
            chart.filters.areaCode.sqlBindOrNull, chart.yearWeek.sqlBindOrNull, SQLBind(chart.source.rawValue),
            SQLBind(chart.fetchedAt), SQLBind(mark),
        ]
    }

    /// Groups joined rows into charts, keeping their order.
    private static func assemble(_ rows: [ChartModel]) throws -> [Chart] {
        var order: [UUID] = []
        var groups: [UUID: (chart: ChartModel, entries: [Result<ChartEntryModel, any Error>])] = [:]
        for row in rows {
            guard let id = row.id else { continue }
            if groups[id] == nil {
                order.append(id)
                groups[id] = (row, [])
            }
            groups[id]?.entries.append(Result { try row.joined(ChartEntryModel.self) })
        }
        return try order.compactMap { id in
            guard let group = groups[id] else { return nil }
            let entries: [ChartEntryModel]
            if group.entries.count == 1, case .failure = group.entries[0] {
                // The left join's one row of NULLs: a chart without entries.
                entries = []
            } else {
                entries = try group.entries.map { try $0.get() }
            }
            return try chart(from: group.chart, entries: entries)
        }
    }

    private static func chart(from model: ChartModel, entries: [ChartEntryModel]) throws -> Chart {
        guard let kind = ChartKind(rawValue: model.kind) else { throw corrupt("chart kind \"\(model.kind)\"") }
        guard let start = CalendarDate(model.rangeStart), let end = CalendarDate(model.rangeEnd) else {
            throw corrupt("chart range \"\(model.rangeStart)\"–\"\(model.rangeEnd)\"")
        }
        guard let source = ChartSource(rawValue: model.source) else {
            throw corrupt("chart source \"\(model.source)\"")
        }
        let filters = ChartFilters(
            nation: try model.nation.map { try parse($0, as: NationFilter.self, "nation filter") },
            multiMovie: try model.multiMovie.map { try parse($0, as: MultiMovieFilter.self, "multi-movie filter") },
            areaCode: model.areaCode)
        return Chart(
            kind: kind, range: DateRange(start: start, end: end), filters: filters, yearWeek: model.yearWeek,
            source: source, stale: false, fetchedAt: model.fetchedAt, entries: try entries.map(entry))
    }

    private static func entry(from model: ChartEntryModel) throws -> ChartEntry {
        let change: RankChange
        switch model.changeKind {
        case "new": change = .new
        case "up": change = .up(model.changeAmount)
        case "down": change = .down(model.changeAmount)
        case "same": change = .same
        default: throw corrupt("rank change \"\(model.changeKind)\"")
        }
        var openDate: CalendarDate?
        if let text = model.openDate {
            guard let date = CalendarDate(text) else { throw corrupt("open date \"\(text)\"") }
            openDate = date
        }
        return ChartEntry(
            rank: model.rank, change: change, movieCode: model.movieCode, title: model.title, openDate: openDate,
            audience: model.audience, audienceTotal: model.audienceTotal, sales: model.sales,
            salesShare: model.salesShare, salesTotal: model.salesTotal, screens: model.screens, shows: model.shows)
    }

    private static func parse<Value: RawRepresentable<String>>(
        _ text: String, as type: Value.Type, _ what: String
    ) throws -> Value {
        guard let value = Value(rawValue: text) else { throw corrupt("\(what) \"\(text)\"") }
        return value
    }

    private static func corrupt(_ what: String) -> BoxOfficeError {
        .storage("A stored chart is corrupt: unknown \(what).")
    }
}
