import BoxOfficeCore
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// Not a test of timings: with `BOXOFFICE_DIARY_SCALE=<notes>` set it fills one diary and prints what each list
    /// order and the statistics cost at that size, with the query plans; it asserts only that every order's page
    /// query reads its index (no sort of the whole diary).
    @Suite(
        "Diary store: figures at scale (BOXOFFICE_DIARY_SCALE)",
        .enabled(if: ProcessInfo.processInfo.environment["BOXOFFICE_DIARY_SCALE"] != nil))
    struct DiaryScaleMeasurements {
        static var size: Int { Int(ProcessInfo.processInfo.environment["BOXOFFICE_DIARY_SCALE"] ?? "") ?? 500 }

        @Test("list orders and statistics at scale", arguments: Backend.enabled)
        func measure(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                // As the server does: notes without a nation resolved against the archive of its origin.
                let repositories = database.diaryRepositories(nationOrigin: "sample")
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                var random = RandomDiary(seed: 42)
                var line = 0
                while line < Self.size {
                    let batch = (0..<min(5_000, Self.size - line)).map { _ -> DiaryImportBatch.Note in
                        line += 1
                        var note = random.note()
                        note.movieCode = String(format: "%08d", random.int(in: 1...20_000))
                        note.title = "\(note.title) \(random.int(in: 1...5_000))"
                        note.movie.directors = ["감독 \(random.int(in: 1...3_000))"]
                        note.memo = String(repeating: "메모", count: 100)
                        // Half the notes in one category, for the filters below.
                        return DiaryImportBatch.Note(line: line, note: note, categoryName: line % 2 == 0 ? "절반" : nil)
                    }
                    _ = try await repositories.notes.importBatch(
                        DiaryImportBatch(categories: [.init(name: "절반")], notes: batch), userID: user.id)
                }
                let notes = repositories.notes
                func time(_ label: String, samples count: Int = 7, _ body: () async throws -> Void) async throws {
                    var samples: [Double] = []
                    for _ in 0..<count {
                        let start = ContinuousClock.now
                        try await body()
                        let elapsed = ContinuousClock.now - start
                        samples.append(
                            Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
                    }
                    samples.sort()
                    print(
                        "SCALE \(backend) \(Self.size) \(label): median \(String(format: "%.2f", samples[count / 2])) ms, "
                            + "min \(String(format: "%.2f", samples[0])) ms")
                }
                try await time("statistics all time") {
                    _ = try await notes.statisticsCounts(userID: user.id, year: nil)
                }
                try await time("statistics 2022") { _ = try await notes.statisticsCounts(userID: user.id, year: 2022) }
                let review = try await notes.statisticsCounts(userID: user.id, year: 2022).review
                print("SCALE \(backend) \(Self.size) rewatched movies in 2022: \(review?.rewatchedMovies ?? 0)")
                // Notes written without a nation (a third here) count under the nation the archive learns later:
                // storing it moves their kept counts (``DiaryNationFold``). Half the movies' nations learned at once
                // (which also raises the diary version), then the figures read with them.
                var learned: [String: String] = [:]
                for code in stride(from: 1, through: 20_000, by: 2) {
                    learned[String(format: "%08d", code)] = RandomDiary.nations[code % RandomDiary.nations.count]
                }
                let start = ContinuousClock.now
                try await database.archiveRepository(origin: "sample").saveRepresentativeNations(learned)
                print("SCALE \(backend) \(Self.size) 10,000 nations stored: \(ContinuousClock.now - start)")
                let resolving = notes
                let unknown = try await resolving.statisticsCounts(userID: user.id, year: nil).korean.unknown
                print("SCALE \(backend) \(Self.size) notes still without a nation: \(unknown)")
                // Once after the upgrade (or for a store of another origin): every diary folded over.
                for (label, origin) in [("unfolded", nil), ("folded", "sample")] as [(String, String?)] {
                    let fold = ContinuousClock.now
                    try await DiaryNationFold.ensure(origin: origin, on: database.database)
                    print("SCALE \(backend) \(Self.size) all diaries \(label) once: \(ContinuousClock.now - fold)")
                }
                // Every one of those nations corrected, with the counts folded for another origin (nothing moves, as
                // before the counts were folded) and then for this one.
                for (round, origin) in [(1, "elsewhere"), (2, "sample")] {
                    try await DiaryNationFold.ensure(origin: origin, on: database.database)
                    let corrected = learned.mapValues {
                        RandomDiary.nations[
                            (RandomDiary.nations.firstIndex(of: $0)! + round) % RandomDiary.nations.count]
                    }
                    let start = ContinuousClock.now
                    try await database.archiveRepository(origin: "sample").saveRepresentativeNations(corrected)
                    print(
                        "SCALE \(backend) \(Self.size) 10,000 nations corrected, counts folded for \(origin): "
                            + "\(ContinuousClock.now - start)")
                }
                try await time("statistics all time, nations resolved") {
                    _ = try await resolving.statisticsCounts(userID: user.id, year: nil)
                }
                try await time("statistics 2022, nations resolved") {
                    _ = try await resolving.statisticsCounts(userID: user.id, year: 2022)
                }
                // What of the year is the rewatched list alone: its one query, and decoding its rows.
                try await time("rewatched rows of 2022") {
                    let rows = try await database.database.requireSQL().raw(
                        """
                        SELECT s.item AS movie_code, s.count AS count, f.title AS title FROM diary_stat_counts s
                        LEFT JOIN diary_year_first_notes f
                        ON f.user_id = s.user_id AND f.year = s.year AND f.movie_code = s.item
                        WHERE s.user_id = \(bind: user.id) AND s.year = 2022 AND s.dimension = 'movie' AND s.count > 1
                        """
                    ).all()
                    for row in rows {
                        _ = try row.decode(column: "title", as: String.self)
                        _ = try row.decode(column: "count", as: Int.self)
                    }
                }
                let pages = max(1, Self.size / 50)
                for field in NoteSort.Field.allCases {
                    let sort = NoteSort(field)
                    try await time("\(field) page 1") {
                        _ = try await notes.notes(userID: user.id, query: NoteListQuery(sort: sort))
                    }
                    try await time("\(field) page \(pages)") {
                        _ = try await notes.notes(userID: user.id, query: NoteListQuery(sort: sort, page: pages))
                    }
                    let deep = try await notes.notes(
                        userID: user.id, query: NoteListQuery(sort: sort, page: max(1, pages - 1)))
                    try await time("\(field) by cursor near the end") {
                        _ = try await notes.notes(
                            userID: user.id, query: NoteListQuery(sort: sort, cursor: deep.nextCursor))
                    }
                }
                try await time("minRating 4.5, rating order, page 5") {
                    _ = try await notes.notes(
                        userID: user.id,
                        query: NoteListQuery(
                            filter: NoteFilter(minRating: StarRating(halves: 9)), sort: NoteSort(.rating), page: 5))
                }

                // With BOXOFFICE_DIARY_SCALE_COMBINATIONS: every filter with every order, both directions, the first
                // page and the tenth.
                let category = try #require(
                    try await repositories.categories.categories(userID: user.id).first { $0.name == "절반" })
                let filters: [(String, NoteFilter)] = [
                    ("year", NoteFilter(year: 2022)), ("releaseYear", NoteFilter(releaseYear: 2010)),
                    ("rating", NoteFilter(rating: StarRating(halves: 9))),
                    ("minRating 4.5", NoteFilter(minRating: StarRating(halves: 9))),
                    ("minRating 1", NoteFilter(minRating: StarRating(halves: 2))),
                    ("category", NoteFilter(category: .category(category.id))),
                    ("uncategorized", NoteFilter(category: .uncategorized)),
                    ("year+minRating", NoteFilter(year: 2022, minRating: StarRating(halves: 7))),
                ]
                let combinations = ProcessInfo.processInfo.environment["BOXOFFICE_DIARY_SCALE_COMBINATIONS"] != nil
                for (name, filter) in filters where combinations {
                    for field in NoteSort.Field.allCases {
                        for ascending in [true, false] {
                            for page in [1, 10] {
                                try await time(
                                    "filter \(name) sort \(field) \(ascending ? "asc" : "desc") page \(page)",
                                    samples: 3
                                ) {
                                    _ = try await notes.notes(
                                        userID: user.id,
                                        query: NoteListQuery(
                                            filter: filter, sort: NoteSort(field, ascending: ascending), page: page))
                                }
                            }
                        }
                    }
                }

                let sql = try database.database.requireSQL()
                let postgres = sql.dialect.name == "postgresql"
                let orders = [
                    ("created", "created_at DESC, watched_on DESC, id ASC"),
                    ("watchedOn", "watched_on DESC, created_at DESC, id ASC"),
                    ("releaseYear", "COALESCE(release_year, 0) DESC, watched_on DESC, created_at DESC, id ASC"),
                    (
                        "title",
                        "title_key\(postgres ? " COLLATE \"C\"" : "") ASC, watched_on DESC, created_at DESC, id ASC"
                    ),
                    ("rating", "COALESCE(rating_halves, 0) DESC, watched_on DESC, created_at DESC, id ASC"),
                ]
                for (name, order) in orders {
                    let query =
                        "SELECT id FROM diary_notes WHERE user_id = '\(postgres ? user.id.uuidString : "")' ORDER BY \(order) LIMIT 51 OFFSET \(Self.size - 100)"
                    let plan: [String]
                    if postgres {
                        plan = try await sql.raw("EXPLAIN \(unsafeRaw: query)").all().map {
                            try $0.decode(column: "QUERY PLAN", as: String.self)
                        }
                    } else {
                        plan = try await sql.raw(
                            "EXPLAIN QUERY PLAN SELECT id FROM diary_notes WHERE user_id = \(bind: user.id) ORDER BY \(unsafeRaw: order) LIMIT 51 OFFSET \(unsafeRaw: String(Self.size - 100))"
                        ).all().map { try $0.decode(column: "detail", as: String.self) }
                    }
                    print("PLAN \(backend) \(name):\n  " + plan.joined(separator: "\n  "))
                    // PostgreSQL costs its plans from statistics: for the last page of a small or freshly analyzed
                    // table a scan and a top-N sort can be the cheaper plan, so only SQLite's plans (fixed, no
                    // statistics) are held to the index; PostgreSQL's are printed.
                    if !postgres {
                        #expect(plan.contains { $0.contains("idx_diary_notes_sort") }, "\(name) reads its index")
                        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts nothing")
                    }
                }

                // The plans of every filter with every order (the tenth page's ids), one line each.
                let filterSQL = [
                    ("year", "watched_on >= '2022-01-01' AND watched_on <= '2022-12-31'"),
                    ("releaseYear", "release_year = 2010"), ("rating", "rating_halves = 9"),
                    ("minRating", "rating_halves >= 9"),
                    ("category", "category_id = (SELECT id FROM diary_categories WHERE name = '절반')"),
                    ("uncategorized", "category_id IS NULL"),
                ]
                // As the repository writes them: without the filter's index (SQLite, a filter matching much of the
                // diary), and bounded on the rating and release-year orders' expressions.
                var variants = filterSQL
                if !postgres {
                    variants += filterSQL.filter { $0.0 != "year" }.map { name, condition in
                        (
                            "\(name) unindexed",
                            condition.replacingOccurrences(of: "rating_halves", with: "+rating_halves")
                                .replacingOccurrences(of: "release_year", with: "+release_year")
                                .replacingOccurrences(of: "category_id", with: "+category_id")
                        )
                    }
                }
                for (name, filterCondition) in variants {
                    for field in NoteSort.Field.allCases {
                        for ascending in [true, false] {
                            let direction = ascending ? "ASC" : "DESC"
                            var condition = filterCondition
                            if field == .rating, name.hasPrefix("minRating") {
                                condition += " AND COALESCE(rating_halves, \(ascending ? 11 : 0)) BETWEEN 9 AND 10"
                            }
                            // One rating or release year sorted by it: the ties' order, the default one.
                            let fixed =
                                (field == .rating && name.hasPrefix("rating"))
                                || (field == .releaseYear && name.hasPrefix("releaseYear"))
                            let sortOrder =
                                switch field {
                                case .created: "created_at \(direction), watched_on DESC, id ASC"
                                case .watchedOn: "watched_on \(direction), created_at DESC, id ASC"
                                case .releaseYear:
                                    "COALESCE(release_year, \(ascending ? 10000 : 0)) \(direction), watched_on DESC, created_at DESC, id ASC"
                                case .title:
                                    "title_key\(postgres ? " COLLATE \"C\"" : "") \(direction), watched_on DESC, created_at DESC, id ASC"
                                case .rating:
                                    "COALESCE(rating_halves, \(ascending ? 11 : 0)) \(direction), watched_on DESC, created_at DESC, id ASC"
                                }
                            let order = fixed ? "watched_on DESC, created_at DESC, id ASC" : sortOrder
                            let plan: [String]
                            if postgres {
                                plan = try await sql.raw(
                                    "EXPLAIN SELECT id FROM diary_notes WHERE user_id = '\(unsafeRaw: user.id.uuidString)' AND \(unsafeRaw: condition) ORDER BY \(unsafeRaw: order) LIMIT 51 OFFSET 450"
                                ).all().map { try $0.decode(column: "QUERY PLAN", as: String.self) }
                            } else {
                                plan = try await sql.raw(
                                    "EXPLAIN QUERY PLAN SELECT id FROM diary_notes WHERE user_id = \(bind: user.id) AND \(unsafeRaw: condition) ORDER BY \(unsafeRaw: order) LIMIT 51 OFFSET 450"
                                ).all().map { try $0.decode(column: "detail", as: String.self) }
                            }
                            print(
                                "FILTERPLAN \(backend) \(name) \(field) \(direction): "
                                    + plan.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | "))
                        }
                    }
                }
            }
        }
    }
}
