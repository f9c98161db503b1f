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
                let repositories = database.diaryRepositories()
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
                        return DiaryImportBatch.Note(line: line, note: note, categoryName: nil)
                    }
                    _ = try await repositories.notes.importBatch(
                        DiaryImportBatch(categories: [], notes: batch), userID: user.id)
                }
                let notes = repositories.notes
                func time(_ label: String, _ body: () async throws -> Void) async throws {
                    var samples: [Double] = []
                    for _ in 0..<7 {
                        let start = ContinuousClock.now
                        try await body()
                        let elapsed = ContinuousClock.now - start
                        samples.append(
                            Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
                    }
                    samples.sort()
                    print(
                        "SCALE \(backend) \(Self.size) \(label): median \(String(format: "%.2f", samples[3])) ms, "
                            + "min \(String(format: "%.2f", samples[0])) ms")
                }
                try await time("statistics all time") {
                    _ = try await notes.statisticsCounts(userID: user.id, year: nil)
                }
                try await time("statistics 2022") { _ = try await notes.statisticsCounts(userID: user.id, year: 2022) }
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
                    #expect(plan.contains { $0.contains("idx_diary_notes_sort") }, "\(name) reads its index")
                    #expect(
                        !plan.contains { $0.contains("TEMP B-TREE") || $0.contains("Seq Scan") },
                        "\(name) sorts nothing")
                }
            }
        }
    }
}
