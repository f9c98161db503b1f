import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// The English titles kept with the films' nations (`movie_nations.title_english`): a database made by the schema
/// before keeps its nations and gains the column in place; a title stays until another replaces it.
@Suite("English titles kept with the films' nations")
struct EnglishTitleStoreTests {
    /// Every migration before ``AddMovieNationEnglishTitle``, as `BoxOfficeDatabase` lists them.
    static func previousSchema() -> [any Migration] {
        QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
            + QuotaKeeperSchemaTests.later.prefix { !($0 is AddMovieNationEnglishTitle) }
    }

    @Test(
        "a database made by the previous schema gains the column in place, keeps its nations, then keeps titles",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let old = QuotaKeeperSchemaTests.migrator(Self.previousSchema(), on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            // As the code of that schema stored a nation.
            try await database.database.requireSQL().insert(into: "movie_nations")
                .columns("id", "origin", "movie_code", "nation", "stored_at")
                .values(SQLBind(UUID()), SQLBind("sample"), SQLBind("20124079"), SQLBind("한국"), SQLBind(Date()))
                .run()
            await #expect(throws: (any Error).self) {
                try await database.database.requireSQL().raw("SELECT title_english FROM movie_nations").all()
            }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            let archive = database.archiveRepository(origin: "sample")
            #expect(try await database.storedNations() == ["20124079": "한국"])
            #expect(try await archive.englishTitles(of: ["20124079"]) == [:])

            try await archive.saveRepresentativeNations(
                ["20124079": "한국", "2023C109": "미국"],
                englishTitles: ["20124079": "Masquerade", "2023C109": "Deus"])
            #expect(
                try await archive.englishTitles(of: ["20124079", "2023C109", "none"])
                    == ["20124079": "Masquerade", "2023C109": "Deus"])
            #expect(try await database.storedNations() == ["20124079": "한국", "2023C109": "미국"])
            // Nations saved without a title keep the stored one; a new title replaces it.
            try await archive.saveRepresentativeNations(["20124079": "한국"])
            try await archive.saveRepresentativeNation("영국", movieCode: "2023C109")
            #expect(
                try await archive.englishTitles(of: ["20124079", "2023C109"])
                    == ["20124079": "Masquerade", "2023C109": "Deus"])
            try await archive.saveRepresentativeNations(["2023C109": "미국"], englishTitles: ["2023C109": "Deus (2022)"])
            #expect(try await archive.englishTitles(of: ["2023C109"]) == ["2023C109": "Deus (2022)"])
            // Each origin keeps its own.
            #expect(try await database.archiveRepository(origin: "other").englishTitles(of: ["2023C109"]) == [:])
            #expect(try await archive.englishTitles(of: []) == [:])
        }
    }

    @Test(
        "a store whose nations were kept without titles gets those of the details it holds, at the upgrade and later",
        arguments: Backend.enabled)
    func titlesFromDetails(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let old = QuotaKeeperSchemaTests.migrator(
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                    + QuotaKeeperSchemaTests.later.prefix { !($0 is AddMovieNationTitlePending) },
                on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let sql = try database.database.requireSQL()
            // Nations read before titles were kept, and details as that schema's code stored them (JSON of `Movie`).
            let before = Date(timeIntervalSinceNow: -3_600)
            for (origin, code) in [
                ("sample", "20124079"), ("sample", "20231001"), ("sample", "20231002"), ("sample", "20231003"),
                ("other", "20124079"),
            ] {
                try await sql.insert(into: "movie_nations")
                    .columns("id", "origin", "movie_code", "nation", "stored_at")
                    .values(SQLBind(UUID()), SQLBind(origin), SQLBind(code), SQLBind("한국"), SQLBind(before))
                    .run()
            }
            let movie = { (code: String, english: String) in
                Movie(code: code, title: "영화 \(code)", titleEnglish: english, source: .sample, fetchedAt: Date())
            }
            // Trimmed when kept; a blank title is none; a film with details but no nation gets nothing to hold one.
            let details = [
                ("sample", movie("20124079", "  Masquerade ")), ("sample", movie("20231001", " ")),
                ("sample", movie("20239999", "No Nation")),
            ]
            for (origin, movie) in details {
                try await sql.insert(into: "movies")
                    .columns("id", "origin", "code", "title", "fetched_at", "payload")
                    .values(
                        SQLBind(UUID()), SQLBind(origin), SQLBind(movie.code), SQLBind(movie.title), SQLBind(Date()),
                        SQLBind(String(decoding: try JSONEncoder().encode(movie), as: UTF8.self))
                    )
                    .run()
            }
            // Details this build cannot read: the upgrade goes on, and the film keeps its Korean title.
            try await sql.insert(into: "movies")
                .columns("id", "origin", "code", "title", "fetched_at", "payload")
                .values(
                    SQLBind(UUID()), SQLBind("sample"), SQLBind("20231003"), SQLBind("깨진"), SQLBind(Date()),
                    SQLBind("{not json")
                )
                .run()

            try await database.migrate()
            let archive = database.archiveRepository(origin: "sample")
            // Trimmed; a blank title and a film without details stay without; another origin's nation is its own.
            #expect(
                try await archive.englishTitles(of: ["20124079", "20231001", "20231002", "20231003", "20239999"])
                    == ["20124079": "Masquerade"])
            #expect(try await database.archiveRepository(origin: "other").englishTitles(of: ["20124079"]) == [:])
            #expect(try await database.rowCount(of: "movie_nations") == 5)
            // The films the details gave a title need no look-up for it; the others wait for one.
            var pending: [String] = []
            for row in try await sql.select().columns("origin", "movie_code").from("movie_nations")
                .where("title_pending", .equal, SQLBind(true)).all()
            {
                pending.append(
                    "\(try row.decode(column: "origin", as: String.self)) "
                        + (try row.decode(column: "movie_code", as: String.self)))
            }
            #expect(pending.sorted() == ["other 20124079", "sample 20231001", "sample 20231002", "sample 20231003"])

            // Details read later give a nation without a title theirs, and never replace a kept one.
            let movies = database.movieRepository(origin: "sample")
            try await movies.save(movie("20231002", "Later"))
            try await movies.save(movie("20124079", "Gwanghae"))
            #expect(
                try await archive.englishTitles(of: ["20124079", "20231002"])
                    == ["20124079": "Masquerade", "20231002": "Later"])
            #expect(try await database.archiveRepository(origin: "other").englishTitles(of: ["20124079"]) == [:])
        }
    }

    @Test(
        "films whose nations were read before titles were kept are looked up once more; later title-less ones are not",
        arguments: Backend.enabled)
    func pendingTitles(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let schemas =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + QuotaKeeperSchemaTests.later
            let sql = try database.database.requireSQL()
            let nation = { (code: String, nation: String, storedAt: Date) in
                try await sql.insert(into: "movie_nations")
                    .columns("id", "origin", "movie_code", "nation", "stored_at")
                    .values(SQLBind(UUID()), SQLBind("sample"), SQLBind(code), SQLBind(nation), SQLBind(storedAt))
                    .run()
            }
            // Nations read by a build that kept no titles, an hour before the title column came.
            let old = QuotaKeeperSchemaTests.migrator(Self.previousSchema(), on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let before = Date(timeIntervalSinceNow: -3_600)
            for (code, country) in [("K1", "한국"), ("K2", "한국"), ("2023C109", "미국")] {
                try await nation(code, country, before)
            }
            // The build before this one kept titles: a film it stored without one has none at KOBIS.
            let previous = QuotaKeeperSchemaTests.migrator(
                schemas.prefix { !($0 is AddMovieNationTitlePending) }, on: database)
            try await previous.prepareBatch().get()
            try await nation("K3", "한국", Date())

            try await database.migrate()
            let charts = database.chartRepository(origin: "sample")
            for day in ArchiveRepositoryTests.days.prefix(2) {
                try await charts.save(ArchiveRepositoryTests.chart(day))
            }
            try await charts.save(
                Fixtures.dailyChart(
                    ArchiveRepositoryTests.days[2],
                    entries: ["K3", "K4"].enumerated().map { index, code in
                        ChartEntry(
                            rank: index + 1, change: .same, movieCode: code, title: code, openDate: nil,
                            audience: 100, audienceTotal: 100, sales: 1_000, salesShare: 10, salesTotal: 1_000,
                            screens: 1, shows: 1)
                    }))
            let archive = database.archiveRepository(origin: "sample")
            let days = DateRange(start: ArchiveRepositoryTests.days[0], end: ArchiveRepositoryTests.days[2])
            // The three read before titles wait with the film never read; K3's blank title is KOBIS's answer.
            #expect(try await archive.movieCodesWithoutNation(in: days) == ["2023C109", "K1", "K2", "K4"])
            #expect(try await database.storedNations()["K1"] == "한국")

            // A page that lists a film settles it, with or without a title; details read later settle it too.
            // KOBIS now answering no details settles a film looked up for its title and keeps the nation it had.
            try await archive.saveRepresentativeNations(["K1": "한국"], englishTitles: ["K1": "Masquerade"])
            try await archive.saveNoDetails(movieCode: "K2")
            #expect(try await database.storedNations()["K2"] == "한국")
            #expect(try await archive.movieCodesWithoutNation(in: days) == ["2023C109", "K4"])
            // A film without a nation gets an unknown one from the same answer; one another instance has just
            // settled keeps its nation.
            try await archive.saveNoDetails(movieCode: "K4")
            #expect(try await database.storedNations()["K4"] == "")
            try await archive.saveNoDetails(movieCode: "K1")
            #expect(try await database.storedNations()["K1"] == "한국")
            try await database.movieRepository(origin: "sample").save(
                Movie(code: "2023C109", title: "데우스", titleEnglish: "Deus", source: .sample, fetchedAt: Date()))
            #expect(try await archive.movieCodesWithoutNation(in: days).isEmpty)
            #expect(
                try await archive.englishTitles(of: ["K1", "K2", "K3", "2023C109"])
                    == ["K1": "Masquerade", "2023C109": "Deus"])
            #expect(try await database.storedNations()["2023C109"] == "미국")
        }
    }

    @Test("more codes than one statement binds are read in parts", arguments: Backend.enabled)
    func manyCodes(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let codes = (0..<250).map { String(format: "2024%04d", $0) }
            let archive = database.archiveRepository(origin: "sample")
            try await archive.saveRepresentativeNations(
                Dictionary(uniqueKeysWithValues: codes.map { ($0, "한국") }),
                englishTitles: Dictionary(
                    uniqueKeysWithValues: codes.filter { $0.hasSuffix("7") }.map { ($0, "T\($0)") }))
            let titles = try await archive.englishTitles(of: codes)
            #expect(titles.count == 25)
            #expect(titles["20240007"] == "T20240007")
            #expect(titles["20240008"] == nil)
        }
    }
}
