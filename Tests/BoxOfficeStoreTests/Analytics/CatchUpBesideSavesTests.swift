import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// On PostgreSQL a catch-up runs beside saves (the keeper keeps one chunk's markets and records while it fetches the
/// next): a chart saved for later while a catch-up holds the origin's lock is stored at once and keeps its own mark,
/// and a save that must wait for the catch-up (it notes a dropped film) neither deadlocks with it nor loses its note.
/// Each test stops a catch-up inside its refresh (another connection holds a film's record row), saves, and lets it
/// go on: rendezvous on the server's lock waits, never on time.
@Suite("Catch-up beside saves (PostgreSQL)", .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage))
struct CatchUpBesideSavesTests {
    typealias Records = FilmRecordStoreTests

    @Test("a chart saved again while a catch-up runs is stored at once and keeps its new mark for the next")
    func savedDuringCatchUp() async throws {
        try await TestStore.with(.postgres) { database, store in
            var random = SplitMix64(seed: 2_810)
            let (charts, day, stored) = try await Self.settledDays(database, using: &random)
            let film = try #require(stored.entries.first?.movieCode)
            // Marked before the catch-up reads the marks.
            try await charts.saveDeferringUpkeep(Self.revised(stored, by: 1_000, minutes: 1))

            try await Self.catchUp(stoppedAt: film, database: database, store: store) {
                // The same films with other figures: nothing to note, so nothing to wait for.
                try await charts.saveDeferringUpkeep(Self.revised(stored, by: 2_000, minutes: 2))
            }
            // The catch-up read the first mark; the chart carries the second.
            #expect(try await Records.markedCharts(database) == 1)
            let kept = try await charts.storedChart(for: ChartQuery(kind: .daily, date: day))
            #expect(kept?.entries.first?.audience == (stored.entries.first?.audience ?? 0) + 2_000)
            try await Records.expectKeptEqualsRecomputed(database, "after the next catch-up")
            #expect(try await Records.markedCharts(database) == 0)
        }
    }

    @Test("a save that drops a film while a catch-up runs waits for it, then notes the film for the next")
    func droppedDuringCatchUp() async throws {
        try await TestStore.with(.postgres) { database, store in
            var random = SplitMix64(seed: 2_811)
            let (charts, _, stored) = try await Self.settledDays(database, using: &random)
            let film = try #require(stored.entries.first?.movieCode)
            try await charts.saveDeferringUpkeep(Self.revised(stored, by: 1_000, minutes: 1))
            var revised = Self.revised(stored, by: 2_000, minutes: 2)
            let dropped = try #require(revised.entries.popLast()?.movieCode)
            let dropping = revised

            var saving: Task<Void, any Error>?
            try await Self.catchUp(stoppedAt: film, database: database, store: store) {
                // Its chart's row locked, it waits for the catch-up's lock: two waits on the server.
                saving = Task { try await charts.saveDeferringUpkeep(dropping) }
                try await Self.waitForLockWaits(2, on: database)
            }
            try await saving?.value
            #expect(try await Records.markedCharts(database) == 1)
            let noted = try await database.database.requireSQL()
                .raw("SELECT movie_code FROM film_run_pending").all()
                .map { try $0.decode(column: "movie_code", as: String.self) }
            #expect(noted == [dropped])
            try await Records.expectKeptEqualsRecomputed(database, "after the next catch-up")
            #expect(try await Records.markedCharts(database) == 0)
        }
    }

    @Test("a nation stored while a catch-up writes a new day waits for it, and the day counts the nation")
    func nationDuringCatchUp() async throws {
        try await TestStore.with(.postgres) { database, store in
            var random = SplitMix64(seed: 2_812)
            let (charts, _, stored) = try await Self.settledDays(database, using: &random)
            // A film dropped on a day saved again: its note is the last row the catch-up deletes, where it stops.
            var revised = Self.revised(stored, by: 1_000, minutes: 1)
            let film = try #require(revised.entries.popLast()?.movieCode)
            try await charts.saveDeferringUpkeep(revised)
            // A day never kept before, listing the film: the catch-up inserts its row, which no one else sees yet.
            let day = Records.days[Records.days.count - 1].adding(days: 1)
            var new = stored
            new.range = DateRange(start: day, end: day)
            try await charts.saveDeferringUpkeep(new)

            var storing: Task<Void, any Error>?
            try await Self.catchUp(stoppedAt: film, in: FilmRecordRows.pendingSchema, database: database, store: store)
            {
                // Stopped after it worked out the new day's nation parts, before it commits: the nation store waits
                // (else its own refresh would miss the day, and the day keep the nation it had before).
                let archive = database.archiveRepository(origin: Records.origin)
                storing = Task { try await archive.saveRepresentativeNations([film: MovieNationality.koreaName]) }
                try await Self.waitForLockWaits(2, on: database)
            }
            try await storing?.value
            let nations = try await database.storedNations()
            #expect(nations[film] == MovieNationality.koreaName)
            let kept = try await database.marketRepository(origin: Records.origin).marketDays(on: [day])
            let expected = MarketDay(day: day, entries: new.entries) {
                MovieNationality(representativeNation: nations[$0])
            }
            #expect(kept == [expected])
            #expect(expected.koreanSales > 0)
        }
    }

    /// Every day saved for later and caught up, with the first from the eleventh on that lists three films or more, as
    /// stored.
    static func settledDays(
        _ database: BoxOfficeDatabase, using random: inout SplitMix64
    ) async throws -> (any ChartRepository, CalendarDate, Chart) {
        let cast = Records.cast(using: &random)
        let charts = database.chartRepository(origin: Records.origin)
        for (index, day) in Records.days.enumerated() {
            try await charts.saveDeferringUpkeep(
                Records.chart(
                    .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                    fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(index))))
        }
        try await charts.catchUpUpkeep()
        #expect(try await Records.markedCharts(database) == 0)
        for day in Records.days[10..<60] {
            if let stored = try await charts.storedChart(for: ChartQuery(kind: .daily, date: day)),
                stored.entries.count >= 3
            {
                return (charts, day, stored)
            }
        }
        throw CancellationError()
    }

    /// `chart` fetched `minutes` later, each film's day `extra` admissions higher.
    static func revised(_ chart: Chart, by extra: Int64, minutes: Double) -> Chart {
        var revised = chart
        revised.fetchedAt = chart.fetchedAt.addingTimeInterval(minutes * 60)
        revised.entries = chart.entries.map { entry in
            var entry = entry
            entry.audience += extra
            entry.audienceTotal += extra
            return entry
        }
        return revised
    }

    /// Runs a catch-up that stops where it writes `film`'s row of `table` (another connection holds it: in
    /// `film_runs`, inside its refresh, after it read the marks; in `film_run_pending`, at its last statement), runs
    /// `during` while it waits there, then lets it go on and waits for it.
    static func catchUp(
        stoppedAt film: String, in table: String = FilmRecordRows.schema, database: BoxOfficeDatabase,
        store: TestStore, during: () async throws -> Void
    ) async throws {
        let holder = try store.open()
        let (held, holding) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let origin = Records.origin
        let holderTask = Task {
            try await holder.database.transaction { transaction in
                try await transaction.requireSQL().raw(
                    """
                    SELECT 1 AS held FROM \(ident: table)
                    WHERE origin = \(bind: origin) AND movie_code = \(bind: film) FOR UPDATE
                    """
                ).run()
                holding.yield()
                for await _ in release { break }
            }
        }
        var failure: (any Error)?
        var catchUpTask: Task<Void, any Error>?
        do {
            for await _ in held { break }
            let charts = database.chartRepository(origin: origin)
            catchUpTask = Task { try await charts.catchUpUpkeep() }
            try await waitForLockWaits(1, on: database)
            try await during()
        } catch {
            failure = error
        }
        releasing.finish()
        try await holderTask.value
        try await catchUpTask?.value
        await holder.shutdown()
        if let failure { throw failure }
    }

    /// Waits until `count` sessions of the test's database wait for a lock (a poll with a deadline of 60 s).
    static func waitForLockWaits(_ count: Int, on database: BoxOfficeDatabase) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let row = try await database.database.requireSQL().raw(
                """
                SELECT COUNT(*) AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'
                """
            ).first()
            if try row?.decode(column: "waiting", as: Int.self) ?? 0 >= count { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("fewer than \(count) sessions waited for a lock within 60 s")
        throw CancellationError()
    }
}
