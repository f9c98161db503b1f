import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

extension FilmRecordStoreTests {
    /// The kept paces (`film_run_paces`) equal each film's first-run pace points on days 1…120 recomputed from its
    /// stored rows; 천만 전망's reads through them (candidates, standing) equal the definition applied to every film's
    /// recomputed pace, and the median line's read equals ``MedianPace`` over the full runs' recomputed paces.
    static func expectKeptPacesEqualRecomputed(
        _ database: BoxOfficeDatabase, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let runs = database.filmRunRepository(origin: origin)
        var expected: [FilmRunPaceRows.Kept] = []
        var byDay: [Int: [TenMillionOutlook.Candidate]] = [:]
        var fullRuns: [String: [FilmRun.PacePoint]] = [:]
        var reached: [String] = []
        for code in films {
            let history = try await runs.filmHistory(movieCode: code, source: .kobis)
            let run = FilmRun(history: history)
            guard let last = history.latest?.end, let record = FilmRecord(run: run) else { continue }
            let median = run.pace.filter { (1...MedianPace.maximumDay).contains($0.day) }
            if run.reach == .full, !median.isEmpty { fullRuns[code] = median }
            if record.milestones.contains(where: { $0.threshold == MedianPace.milestone }) { reached.append(code) }
            for point in run.pace where (1...120).contains(point.day) {
                expected.append(.init(movieCode: code, day: point.day, audience: point.audience, lastDay: last))
                byDay[point.day, default: []].append(
                    .init(
                        movieCode: code, title: record.title, openDate: run.openDate, audience: point.audience,
                        finalAudience: record.finalAudience, lastDay: last))
            }
        }
        let keptPaces = try await FilmRunPaceRows.all(origin: origin, on: database.database.requireSQL())
        #expect(
            keptPaces == expected.sorted { ($0.movieCode, $0.day) < ($1.movieCode, $1.day) }, "\(step)",
            sourceLocation: sourceLocation)
        #expect(!keptPaces.isEmpty, "\(step)", sourceLocation: sourceLocation)
        // The median line of every film, and of a few, as MedianPace makes it from the recomputed paces.
        let sql = try database.database.requireSQL()
        for codes in [films, Array(films.prefix(5)), Array(films.suffix(4))] {
            let read = try await MedianPaceRows.compute(
                threshold: MedianPace.milestone, movieCodes: codes, origin: origin, on: sql)
            let paces = codes.compactMap { fullRuns[$0] }
            #expect(
                read == MedianPace(threshold: MedianPace.milestone, paces: paces), "\(step) \(codes.count)",
                sourceLocation: sourceLocation)
        }
        // The kept line: that of the films that reached 1000만.
        let kept = try await runs.medianPace()
        let line = MedianPace(threshold: MedianPace.milestone, paces: reached.sorted().compactMap { fullRuns[$0] })
        #expect(kept == line, "\(step)", sourceLocation: sourceLocation)

        let archiveEnd = try #require(try await runs.archiveEnd(), sourceLocation: sourceLocation)
        // Each film's cumulative on a few days, as the film whose outlook is read; at the archive's end and as if
        // it ended 40 days later (every first run over).
        var compared = 0
        for point in expected where point.day % 7 == 3 && TenMillionOutlook.days.contains(point.day) {
            let dayCandidates = byDay[point.day, default: []]
            let others = dayCandidates.filter { $0.movieCode != point.movieCode }
            let standing = TenMillionOutlook.Standing(
                above: others.filter { $0.audience > point.audience }.count, films: others.count)
            let read = try await runs.outlookStanding(
                day: point.day, audience: point.audience, excluding: point.movieCode)
            #expect(read == standing, "\(step) \(point)", sourceLocation: sourceLocation)
            for end in [archiveEnd, archiveEnd.adding(days: 40)] {
                for since in [2024, 2025] {
                    let reference = TenMillionOutlook(
                        movieCode: point.movieCode, day: point.day, audience: point.audience, since: since,
                        archiveEnd: end, candidates: dayCandidates, standing: standing)
                    let found = try await runs.outlookCandidates(
                        day: point.day, audience: TenMillionOutlook.bounds(around: point.audience),
                        near: point.audience, since: since, lastDay: TenMillionOutlook.firstRunOver(archiveEnd: end),
                        excluding: point.movieCode, limit: TenMillionOutlook.maximumComparables)
                    let outlook = TenMillionOutlook(
                        movieCode: point.movieCode, day: point.day, audience: point.audience, since: since,
                        archiveEnd: end, candidates: found, standing: read)
                    #expect(outlook == reference, "\(step) \(point) \(end) \(since)", sourceLocation: sourceLocation)
                    compared += reference?.comparables.count ?? 0
                    // With a smaller limit, each side of C stops early, and the nearest still come back.
                    for limit in [1, 3] {
                        let few = try await runs.outlookCandidates(
                            day: point.day, audience: TenMillionOutlook.bounds(around: point.audience),
                            near: point.audience, since: since,
                            lastDay: TenMillionOutlook.firstRunOver(archiveEnd: end), excluding: point.movieCode,
                            limit: limit)
                        let nearest = Set((reference?.comparables ?? []).prefix(limit).map(\.movieCode))
                        #expect(
                            nearest.isSubset(of: few.map(\.movieCode)) && few.count <= 2 * limit,
                            "\(step) \(point) limit \(limit)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
        // Some outlooks have comparables.
        #expect(compared > 0, "\(step)", sourceLocation: sourceLocation)
    }
}

/// A store made by the schema before `film_run_paces` gets them, filled from its charts, in place.
@Suite("Kept paces: a store made by the previous schema upgrades in place")
struct FilmRunPaceUpgradeTests {
    @Test(
        "a database made by the previous schema keeps the paces of its charts in place, and reverts",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let before =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later.filter { !($0 is CreateFilmRunPaces || $0 is WidenFilmRunPaces) }
            let old = QuotaKeeperSchemaTests.migrator(before, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            // Charts as the code before stored them: the same tables, then the paces taken away.
            let withPaces = QuotaKeeperSchemaTests.migrator(before + [CreateFilmRunPaces()], on: database)
            try await withPaces.prepareBatch().get()
            var random = SplitMix64(seed: 77)
            let cast = FilmRecordStoreTests.cast(using: &random)
            try await FilmRecordStoreTests.saveEveryDay(cast: cast, using: &random, on: database)
            try await withPaces.revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: FilmRunPaceRows.schema) }
            #expect(try await database.rowCount(of: FilmRecordRows.schema) > 0)

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.rowCount(of: FilmRunPaceRows.schema) > 0)
            try await FilmRecordStoreTests.expectKeptPacesEqualRecomputed(database, "upgraded")
            try await FilmRecordStoreTests.expectKeptEqualsRecomputed(database, "upgraded")
        }
    }
}

/// A store whose paces stop at day 60, as the schema before kept them, keeps days 61…120 too, in place.
@Suite("Kept paces widened to day 120: a store made by the previous schema upgrades in place")
struct FilmRunPaceWideningTests {
    static func longestDay(_ database: BoxOfficeDatabase) async throws -> Int {
        let row = try await database.database.requireSQL().raw("SELECT MAX(day) AS day FROM film_run_paces").first()
        return try row?.decode(column: "day", as: Int?.self) ?? 0
    }

    @Test(
        "a database whose paces stop at day 60 keeps the later days of its runs in place, and reverts",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added + QuotaKeeperSchemaTests.later
            let old = QuotaKeeperSchemaTests.migrator(all.filter { !($0 is WidenFilmRunPaces) }, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            try await database.migrate()
            var random = SplitMix64(seed: 91)
            // Runs as long as the archive: the first film shows on all its 70 days.
            var cast = FilmRecordStoreTests.cast(using: &random).map { film in
                var long = film
                long.length = 100
                return long
            }
            cast[0].open = FilmRecordStoreTests.first
            try await FilmRecordStoreTests.saveEveryDay(cast: cast, using: &random, on: database)
            #expect(try await Self.longestDay(database) > 60)
            // Reverting leaves what the schema before kept: days 1…60.
            try await QuotaKeeperSchemaTests.migrator(all, on: database).revertLastBatch().get()
            let before = try await Self.longestDay(database)
            #expect(before > 0 && before <= 60)

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await Self.longestDay(database) > 60)
            try await FilmRecordStoreTests.expectKeptPacesEqualRecomputed(database, "widened")
        }
    }
}

/// A store made by the schema before `median_paces` keeps the 1000만 median line of its films, in place.
@Suite("Kept median line: a store made by the previous schema upgrades in place")
struct MedianPaceUpgradeTests {
    @Test(
        "a database made by the previous schema keeps the line of its 1000만 films in place, and reverts",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added + QuotaKeeperSchemaTests.later
            let old = QuotaKeeperSchemaTests.migrator(all.filter { !($0 is CreateMedianPaces) }, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            try await database.migrate()
            var random = SplitMix64(seed: 1_000)
            let cast = FilmRecordStoreTests.cast(using: &random)
            try await FilmRecordStoreTests.saveEveryDay(cast: cast, using: &random, on: database)
            let line = try await database.filmRunRepository(origin: FilmRecordStoreTests.origin).medianPace()
            #expect(line.films > 0)
            // The charts, records and paces as the schema before kept them: the line taken away.
            try await QuotaKeeperSchemaTests.migrator(all, on: database).revertLastBatch().get()
            await #expect(throws: (any Error).self) { try await database.rowCount(of: MedianPaceRows.schema) }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await database.filmRunRepository(origin: FilmRecordStoreTests.origin).medianPace() == line)
            try await FilmRecordStoreTests.expectKeptPacesEqualRecomputed(database, "upgraded")
            // A line kept in a shape this version cannot read is made afresh, not an error.
            try await database.database.requireSQL().raw("UPDATE median_paces SET line = '{\"pace\": 1}'").run()
            #expect(try await database.filmRunRepository(origin: FilmRecordStoreTests.origin).medianPace() == line)
        }
    }
}
