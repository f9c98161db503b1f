import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Writes `film_runs` and `film_run_milestones`: each film's ``FilmRecord``, kept per origin beside the charts, so
/// that the records lists read a film's summary through an index instead of the archive's rows (and, through
/// ``FilmRunPaceRows``, `film_run_paces`: its first-run cumulatives for 천만 전망).
///
/// Whenever an unfiltered daily or weekly chart is saved, the films it lists now or listed before are recomputed by
/// ``FilmRun/init(history:)`` from their rows (one statement for all of them) in the chart's transaction. When the
/// saved day is the archive's new first day, films kept as opened before the archive that now open inside it are
/// recomputed too. A run that stores many charts (a sync, the keeper's fill) leaves the films in `film_run_pending`
/// instead and recomputes each once in ``catchUp(origin:on:)``: a film on 40 days of a fill is worked out once, not
/// 40 times. Plain SQL only: no database-specific function.
enum FilmRecordRows {
    static let schema = "film_runs"
    static let milestoneSchema = "film_run_milestones"
    static let pendingSchema = "film_run_pending"

    static let columns = [
        "origin", "movie_code", "title", "open_date", "open_year", "reach", "final_date", "final_audience",
        "final_sales", "opening_weekend", "opening_partial", "second_drop", "legs", "legs_listed", "drop_listed",
        "days_at_one", "streak_days", "streak_start", "streak_end", "days_in_top10",
    ]
    static let milestoneColumns = [
        "origin", "movie_code", "threshold", "earliest", "latest", "day_low", "day_high", "open_year",
    ]

    static let unfiltered = ChartFilters.none.key
    static let daily = ChartKind.daily.rawValue
    static let weekend = ChartKind.weekend.rawValue
    static let week = ChartKind.week.rawValue
    static let weekdays = ChartKind.weekdays.rawValue
    /// The kinds of chart a film's record reads: each row's totals say what the film had reached by its last day.
    static let kinds = [daily, weekend, week, weekdays]

    /// Whether saving `chart` changes films' records.
    static func concerns(_ chart: Chart) -> Bool {
        kinds.contains(chart.kind.rawValue) && chart.filters.isEmpty
    }

    /// The films of the chart stored under `chartID` (before it is replaced).
    static func movieCodes(ofChart chartID: UUID, on database: any Database) async throws -> [String] {
        try await database.requireSQL()
            .raw("SELECT movie_code FROM chart_entries WHERE chart_id = \(bind: chartID)")
            .all()
            .map { try $0.decode(column: "movie_code", as: String.self) }
    }

    /// Recomputes the records of the films `chart` lists and of `previous` (the films it listed before it was
    /// replaced), after `chart` was saved under `origin`. It takes the origin's lock first, before the transaction
    /// writes any other kept row (the day's market comes after it): a save that wrote a kept row and then waited for
    /// a catch-up writing the same row would deadlock with it.
    static func save(_ chart: Chart, previous: [String], origin: String, on database: any Database) async throws {
        guard concerns(chart) else { return }
        try await lock(origin: origin, on: database.requireSQL())
        var codes = Set(previous).union(chart.entries.map(\.movieCode))
        let archiveStart = try await self.archiveStart(origin: origin, on: database)
        if chart.kind == .daily, let archiveStart, chart.range.start == archiveStart {
            codes.formUnion(try await openedInside(archiveStart, origin: origin, on: database))
        }
        try await refresh(
            movieCodes: codes.sorted(), origin: origin, source: chart.source, archiveStart: archiveStart,
            locked: true, on: database)
    }

    /// The mark of a chart saved for the catch-up: a number of its own (1…2³¹ − 1), so a catch-up clears only the
    /// marks it read and a chart saved again while it runs keeps the new one (``catchUp(origin:on:)``).
    static func newMark() -> Int { Int(Int32.random(in: 1...Int32.max)) }

    /// Notes in `film_run_pending` the films of `previous` that `chart` (saved for the catch-up) no longer lists: the
    /// catch-up finds the others through the chart itself. On PostgreSQL it takes the origin's lock shared first, so a
    /// note never comes between a catch-up's read of the notes and its clearing them (rare: a chart saved again that
    /// dropped a film).
    static func noteDropped(
        _ previous: [String], from chart: Chart, origin: String, on database: any Database
    ) async throws {
        let listed = Set(chart.entries.map(\.movieCode))
        let dropped = Set(previous).subtracting(listed).sorted()
        guard !dropped.isEmpty else { return }
        let sql = try database.requireSQL()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT pg_advisory_xact_lock_shared(hashtext(\(bind: lockKey(origin))))").run()
        }
        try await sql.insert(into: pendingSchema).columns("origin", "movie_code")
            .rows(dropped.map { [SQLBind(origin), SQLBind($0)] })
            .ignoringConflicts(with: ["origin", "movie_code"])
            .run()
    }

    /// Every film of the stored unfiltered daily and weekly charts, by origin (sorted), with the origin's source: what
    /// the migrations that fill kept tables from the charts walk.
    static func chartedFilms(
        on sql: any SQLDatabase
    ) async throws -> [(origin: String, source: ChartSource, codes: [String])] {
        let rows = try await sql.raw(
            """
            SELECT DISTINCT c.origin AS origin, c.source AS source, e.movie_code AS movie_code
            FROM chart_entries e JOIN charts c ON c.id = e.chart_id
            WHERE c.kind IN (\(binds: kinds)) AND c.filter_key = \(bind: unfiltered)
            """
        ).all()
        var byOrigin: [String: (source: ChartSource, codes: Set<String>)] = [:]
        for row in rows {
            let origin = try row.decode(column: "origin", as: String.self)
            let source = ChartSource(rawValue: try row.decode(column: "source", as: String.self)) ?? .kobis
            byOrigin[origin, default: (source, [])].codes.insert(try row.decode(column: "movie_code", as: String.self))
        }
        return byOrigin.sorted { $0.key < $1.key }.map { ($0.key, $0.value.source, $0.value.codes.sorted()) }
    }

    /// The archive's first day under `origin`.
    static func archiveStart(origin: String, on database: any Database) async throws -> CalendarDate? {
        let row = try await database.requireSQL().raw(
            """
            SELECT MIN(range_start) AS first_day FROM charts
            WHERE origin = \(bind: origin) AND kind = \(bind: daily) AND filter_key = \(bind: unfiltered)
            """
        ).first()
        return try row?.decode(column: "first_day", as: String?.self).flatMap { CalendarDate($0) }
    }

    /// Films kept as opened before the archive whose open date is now inside it.
    private static func openedInside(
        _ archiveStart: CalendarDate, origin: String, on database: any Database
    ) async throws -> [String] {
        try await database.requireSQL().raw(
            """
            SELECT movie_code FROM film_runs
            WHERE origin = \(bind: origin) AND reach = \(bind: FilmRun.Reach.openedBeforeArchive.rawValue)
              AND open_date >= \(bind: archiveStart.isoString)
            """
        ).all().map { try $0.decode(column: "movie_code", as: String.self) }
    }

    /// Catches `origin` up in a transaction of its own when charts or films wait, then has PostgreSQL plan `charts`
    /// again if it grew (``PlannerStatistics``); one indexed look when none wait.
    static func catchUpIfBehind(origin: String, on database: any Database) async throws {
        let waiting = try await database.requireSQL().raw(
            """
            SELECT 1 AS waiting FROM charts WHERE origin = \(bind: origin) AND upkeep_pending <> 0
            UNION ALL SELECT 1 AS waiting FROM film_run_pending WHERE origin = \(bind: origin)
            LIMIT 1
            """
        ).first()
        guard waiting != nil else { return }
        try await database.transaction { try await catchUp(origin: origin, on: $0) }
        await PlannerStatistics.analyzeChartsIfGrown(on: database)
    }

    /// Keeps what the charts saved for later under `origin` need: the market of each (``MarketDayRows``), and the
    /// records of every film they list, of the films noted in `film_run_pending` and of those kept as opened before
    /// the archive that now open inside it; then clears the marks it read. Charts saved while it runs keep theirs
    /// (a new chart, or one saved again, has a mark this catch-up did not read), so saves need not wait for it. Call it
    /// inside a transaction.
    static func catchUp(origin: String, on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await lock(origin: origin, on: sql)
        let marked = try await sql.raw(
            """
            SELECT id, upkeep_pending, kind, filter_key, range_start FROM charts
            WHERE origin = \(bind: origin) AND upkeep_pending <> 0
            """
        ).all().map { row in
            (
                id: try row.decode(column: "id", as: UUID.self),
                mark: try row.decode(column: "upkeep_pending", as: Int.self),
                kind: try row.decode(column: "kind", as: String.self),
                filterKey: try row.decode(column: "filter_key", as: String.self),
                start: try row.decode(column: "range_start", as: String.self)
            )
        }
        // The films the marked charts list, and their days, whose markets are kept below.
        var listed: Set<String> = []
        for start in stride(from: 0, to: marked.count, by: 500) {
            let ids = marked[start..<min(marked.count, start + 500)].map(\.id)
            try await sql.raw(
                "SELECT DISTINCT movie_code FROM chart_entries WHERE chart_id IN (\(binds: ids))"
            ).all().forEach { listed.insert(try $0.decode(column: "movie_code", as: String.self)) }
        }
        let days = marked.compactMap { chart -> (id: UUID, day: CalendarDate)? in
            guard chart.kind == daily, chart.filterKey == unfiltered, let day = CalendarDate(chart.start) else {
                return nil
            }
            return (chart.id, day)
        }
        let noted = try await sql.raw("SELECT movie_code FROM film_run_pending WHERE origin = \(bind: origin)")
            .all().map { try $0.decode(column: "movie_code", as: String.self) }
        var codes = listed.union(noted)
        let archiveStart = try await self.archiveStart(origin: origin, on: database)
        if let archiveStart { codes.formUnion(try await openedInside(archiveStart, origin: origin, on: database)) }
        let source =
            try await sql.raw(
                """
                SELECT source FROM charts
                WHERE origin = \(bind: origin) AND kind = \(bind: daily) AND filter_key = \(bind: unfiltered) LIMIT 1
                """
            ).first().flatMap { ChartSource(rawValue: try $0.decode(column: "source", as: String.self)) } ?? .kobis
        try await refresh(
            movieCodes: codes.sorted(), origin: origin, source: source, archiveStart: archiveStart, locked: true,
            on: database)
        // The markets last: they hold the diaries' nation lock shared until the end, so nation stores wait less.
        try await MarketDayRows.fill(days, origin: origin, on: database)
        try await clearMarks(marked.map { ($0.id, $0.mark) }, on: sql)
        // Notes are written under the lock this holds, so none came since they were read.
        try await sql.delete(from: pendingSchema).where("origin", .equal, SQLBind(origin)).run()
    }

    /// Clears the marks a catch-up read, each only while the chart still carries it. On PostgreSQL a chart being saved
    /// again at that moment is skipped, not waited for: its save writes a mark of its own (or, not left for later,
    /// keeps its rows itself), and waiting could deadlock with a save that waits for this catch-up's lock. The pairs go
    /// to PostgreSQL as two arrays joined through the charts' key (a list of row values it matched by walking the
    /// charts: 12 ms a statement); SQLite, one writer, takes them as row values.
    private static func clearMarks(_ marks: [(id: UUID, mark: Int)], on sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: marks.count, by: 500) {
            let batch = marks[start..<min(marks.count, start + 500)]
            if sql.dialect.name == "postgresql" {
                try await sql.raw(
                    """
                    UPDATE charts SET upkeep_pending = 0 WHERE id IN (
                      SELECT c.id FROM charts c
                      JOIN UNNEST(\(bind: batch.map(\.id))::uuid[], \(bind: batch.map { Int64($0.mark) })::bigint[])
                        AS m(id, mark) ON c.id = m.id AND c.upkeep_pending = m.mark
                      FOR UPDATE OF c SKIP LOCKED)
                    """
                ).run()
            } else {
                let pairs = batch.map { SQLGroupExpression([SQLBind($0.id), SQLBind($0.mark)]) as any SQLExpression }
                try await sql.raw(
                    "UPDATE charts SET upkeep_pending = 0 WHERE (id, upkeep_pending) IN (VALUES \(SQLList(pairs)))"
                ).run()
            }
        }
    }

    /// On PostgreSQL charts are saved in parallel (a sync's days, several instances): one refresh of an origin's
    /// records at a time, until its transaction ends, so no two read a film's rows without the other's day or upsert
    /// the same films in another order (a deadlock); a save that notes dropped films takes it shared
    /// (``noteDropped(_:from:origin:on:)``). SQLite has one writer already.
    private static func lock(origin: String, on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: lockKey(origin))))").run()
    }

    /// The text whose hash keys the origin's lock.
    private static func lockKey(_ origin: String) -> String { "film_runs:" + origin }

    /// Recomputes and replaces the records of `movieCodes` from their rows (`locked`: the caller holds the origin's
    /// lock already), and their paces and the 1000만 median line unless `paces` is false (a migration before
    /// `film_run_paces` and `median_paces` exist). The line is made again only when one of the films reached 1000만,
    /// before or now.
    static func refresh(
        movieCodes: [String], origin: String, source: ChartSource, archiveStart: CalendarDate?, locked: Bool = false,
        paces: Bool = true, on database: any Database
    ) async throws {
        guard !movieCodes.isEmpty else { return }
        let sql = try database.requireSQL()
        if !locked { try await lock(origin: origin, on: sql) }
        var line = false
        for start in stride(from: 0, to: movieCodes.count, by: 200) {
            let codes = Array(movieCodes[start..<min(movieCodes.count, start + 200)])
            let histories = try await self.histories(
                of: codes, origin: origin, source: source, archiveStart: archiveStart, on: sql)
            let runs = histories.mapValues { FilmRun(history: $0) }
            let records = codes.compactMap { code in runs[code].flatMap { FilmRecord(run: $0) } }
            if paces, !line {
                line =
                    try await MedianPaceRows.concerns(codes, origin: origin, on: sql)
                    || records.contains(where: MedianPaceRows.concerns)
            }
            try await sql.delete(from: schema).where("origin", .equal, SQLBind(origin))
                .where("movie_code", .in, SQLBind.group(codes)).run()
            try await sql.delete(from: milestoneSchema).where("origin", .equal, SQLBind(origin))
                .where("movie_code", .in, SQLBind.group(codes)).run()
            try await insert(records, origin: origin, on: sql)
            if paces {
                try await FilmRunPaceRows.replace(codes, histories: histories, runs: runs, origin: origin, on: sql)
            }
        }
        if line { try await MedianPaceRows.refresh(origin: origin, on: sql) }
    }

    /// Writes `records`, replacing any stored for the same films. An upsert, not a plain insert: on PostgreSQL two
    /// charts saved at once (a sync's concurrent days, or two instances) may both find a film missing and both write
    /// it, and the second must not fail its chart's transaction on the unique key.
    static func insert(_ records: [FilmRecord], origin: String, on sql: any SQLDatabase) async throws {
        guard !records.isEmpty else { return }
        try await sql.insert(into: schema).columns(columns).rows(records.map { values($0, origin: origin) })
            .onConflict(with: ["origin", "movie_code"]) { update in
                var update = update
                for column in columns where column != "origin" && column != "movie_code" {
                    update = update.set(excludedValueOf: column)
                }
                return update
            }
            .run()
        let milestones = records.flatMap { record in
            record.milestones.map { milestoneValues($0, record: record, origin: origin) }
        }
        guard !milestones.isEmpty else { return }
        try await sql.insert(into: milestoneSchema).columns(milestoneColumns).rows(milestones)
            .onConflict(with: ["origin", "movie_code", "threshold"]) { update in
                var update = update
                for column in milestoneColumns where !["origin", "movie_code", "threshold"].contains(column) {
                    update = update.set(excludedValueOf: column)
                }
                return update
            }
            .run()
    }

    static func values(_ record: FilmRecord, origin: String) -> [any SQLExpression] {
        let listed = record.qualifiesForLegs
        return [
            SQLBind(origin), SQLBind(record.movieCode), SQLBind(record.title),
            (record.openDate?.isoString).sqlBindOrNull,
            (record.openDate?.year).sqlBindOrNull, SQLBind(record.reach.rawValue),
            (record.finalDate?.isoString).sqlBindOrNull, SQLBind(record.finalAudience), SQLBind(record.finalSales),
            record.openingWeekend.sqlBindOrNull, SQLBind(record.openingWeekendPartial),
            record.secondWeekendDrop.sqlBindOrNull, record.legs.sqlBindOrNull,
            (listed ? record.legs : nil).sqlBindOrNull, (listed ? record.secondWeekendDrop : nil).sqlBindOrNull,
            SQLBind(record.daysAtNumberOne), SQLBind(record.longestStreak?.days ?? 0),
            (record.longestStreak?.start.isoString).sqlBindOrNull, (record.longestStreak?.end.isoString).sqlBindOrNull,
            SQLBind(record.daysInTop10),
        ]
    }

    static func milestoneValues(
        _ crossing: MilestoneCrossing, record: FilmRecord, origin: String
    ) -> [any SQLExpression] {
        let low = crossing.dayOfRun.flatMap { RecordsRanking.dayNumber($0.low ?? $0.value) }
        let high = crossing.dayOfRun.flatMap { RecordsRanking.dayNumber($0.high ?? $0.value) }
        return [
            SQLBind(origin), SQLBind(record.movieCode), SQLBind(crossing.threshold),
            SQLBind(crossing.earliest.isoString), SQLBind(crossing.latest.isoString), low.sqlBindOrNull,
            high.sqlBindOrNull, (record.openDate?.year).sqlBindOrNull,
        ]
    }
}
