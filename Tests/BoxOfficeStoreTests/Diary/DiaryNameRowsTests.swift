import BoxOfficeCore
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

extension DiaryStoreTests {
    /// The statistics' rows of a diary's names (``DiaryLimits/nameRows``): bounded by the store under the account's
    /// lock, on a real SQLite file and on PostgreSQL when set, whichever way notes come in.
    @Suite("Diary store: the statistics' rows of names")
    struct DiaryNameRowsTests {
        static func note(
            _ index: Int, watched: String = "2024-03-01", genres: [String] = [], nations: [String] = [],
            directors: [String] = []
        ) -> DiaryNote {
            var note = DiaryStoreFixtures.note(String(format: "2019%04d", index), watched: watched)
            note.movie = MovieSnapshot(genres: genres, nations: nations, directors: directors)
            return note
        }

        /// The user's rows of `dimensions` (default: the names'), or only those at 0, counted in SQL.
        static func rows(
            _ user: DiaryUser, of dimensions: [String] = DiaryNameRows.dimensions, onlyZero: Bool = false,
            on database: BoxOfficeDatabase
        ) async throws -> Int {
            let query = try database.database.requireSQL().select()
                .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "rows").from(DiaryStatCounts.schema)
                .where("user_id", .equal, SQLBind(user.id))
                .where("dimension", .in, SQLBind.group(dimensions))
            if onlyZero { query.where("count", .equal, SQLBind(0)) }
            return try await query.first()?.decode(column: "rows", as: Int.self) ?? -1
        }

        /// Rows of every dimension deleted when it falls to 0.
        static let emptiable = DiaryStatCounts.Dimension.deletedWhenEmpty.sorted()

        @Test(
            "names stop at the diary's rows, by form, edit and import; the names it counts always stay",
            arguments: Backend.enabled)
        func bounded(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let other = try await DiaryStoreFixtures.createUser("other", in: repositories)
                let limits = DiaryLimits(nameRows: 12)
                func count(_ user: DiaryUser) async throws -> Int {
                    try await DiaryNameRows.count(userID: user.id, on: database.database)
                }

                // Four names, each a row for all time and one for 2024: 8 of 12.
                let first = Self.note(1, genres: ["드라마", "스릴러"], nations: ["한국"], directors: ["봉준호"])
                try await notes.createNote(first, userID: minji.id, limits: limits)
                #expect(try await count(minji) == 8)
                // 6 more would be new: the first two that fit are kept, in order, and the third left out.
                let second = Self.note(
                    2, genres: ["드라마", "코미디"], nations: ["한국"], directors: ["박찬욱", "김지운"])
                try await notes.createNote(second, userID: minji.id, limits: limits)
                let kept = try #require(try await notes.note(id: second.id, userID: minji.id))
                #expect(kept.movie.genres == ["드라마", "코미디"])
                #expect(kept.movie.nations == ["한국"])
                #expect(kept.movie.directors == ["박찬욱"])
                #expect(try await count(minji) == 12)
                #expect(try await Self.rows(minji, on: database) == 12)

                // A full diary still takes notes; their names it counts stay, new ones are left out.
                let batch = DiaryImportBatch(
                    categories: [],
                    notes: [
                        .init(
                            line: 1,
                            note: Self.note(3, genres: ["스릴러", "공포"], nations: ["한국"], directors: ["봉준호"]),
                            categoryName: nil),
                        .init(line: 2, note: Self.note(4, watched: "2023-05-05", genres: ["드라마"]), categoryName: nil),
                    ])
                #expect(try await notes.importBatch(batch, userID: minji.id, limits: limits).inserted.count == 2)
                let imported = try await notes.allNotes(userID: minji.id).filter { $0.movieCode >= "20190003" }
                #expect(imported.map(\.movie.genres) == [[], ["스릴러"]])
                #expect(imported.map(\.movie.directors) == [[], ["봉준호"]])
                let edited = try await notes.updateNote(id: first.id, userID: minji.id, limits: limits) { note in
                    var note = note
                    note.movie.directors.append("이창동")
                    return note
                }
                #expect(edited?.movie.directors == ["봉준호"])
                #expect(try await count(minji) == 12)
                #expect(try await Self.rows(minji, on: database) == 12)

                // Another account has its own room.
                try await notes.createNote(
                    Self.note(9, genres: ["가", "나", "다"], nations: ["라"], directors: ["마", "바"]), userID: other.id,
                    limits: limits)
                #expect(try await count(other) == 12)

                // Deleting the note that alone brought 코미디 and 박찬욱 frees their four rows for a new name.
                #expect(try await notes.deleteNote(id: second.id, userID: minji.id))
                #expect(try await count(minji) == 8)
                #expect(try await Self.rows(minji, on: database) == 8)
                let later = Self.note(5, genres: ["애니메이션"], directors: ["김지운"])
                try await notes.createNote(later, userID: minji.id, limits: limits)
                #expect(try await notes.note(id: later.id, userID: minji.id)?.movie.directors == ["김지운"])
                #expect(try await count(minji) == 12)
                let counts = try await notes.statisticsCounts(userID: minji.id, year: nil)
                #expect(counts.genres == ["드라마": 1, "스릴러": 2, "애니메이션": 1])
                #expect(try await Self.rows(minji, of: Self.emptiable, onlyZero: true, on: database) == 0)
            }
        }

        @Test(
            "a note's first nation, its origin, has room before its genres; without it no other nation stands in",
            arguments: Backend.enabled)
        func originFirst(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let limits = DiaryLimits(nameRows: 4)
                try await notes.createNote(Self.note(1, genres: ["드라마"]), userID: minji.id, limits: limits)
                // Room for one new name: 미국 (the origin) is kept, not the genre listed before it.
                let foreign = Self.note(2, genres: ["코미디"], nations: ["미국", "한국"])
                try await notes.createNote(foreign, userID: minji.id, limits: limits)
                let kept = try #require(try await notes.note(id: foreign.id, userID: minji.id))
                #expect(kept.movie.nations == ["미국"] && kept.movie.genres.isEmpty)
                // A full diary: 일본 is left out, and 미국, though counted, does not become this film's origin.
                let japanese = Self.note(3, genres: ["드라마"], nations: ["일본", "미국"])
                try await notes.createNote(japanese, userID: minji.id, limits: limits)
                let left = try #require(try await notes.note(id: japanese.id, userID: minji.id))
                #expect(left.movie.nations.isEmpty && left.movie.genres == ["드라마"])
                let counts = try await notes.statisticsCounts(userID: minji.id, year: nil)
                #expect(counts.nations == ["미국": 1])
                #expect(try await Self.rows(minji, on: database) == 4)
            }
        }

        @Test("thirty notes of new names saved at once into room for ten keep ten names", arguments: Backend.enabled)
        func atOnce(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let limits = DiaryLimits(nameRows: 20)
                let sent = (0..<30).map { Self.note($0, directors: ["감독 \($0)"]) }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for note in sent {
                        group.addTask { try await notes.createNote(note, userID: minji.id, limits: limits) }
                    }
                    try await group.waitForAll()
                }
                let saved = try await notes.allNotes(userID: minji.id)
                #expect(saved.count == 30)
                #expect(saved.filter { !$0.movie.directors.isEmpty }.count == 10)
                #expect(try await DiaryNameRows.count(userID: minji.id, on: database.database) == 20)
                #expect(try await Self.rows(minji, on: database) == 20)
            }
        }

        @Test(
            "adding and deleting notes of new names, films and days leaves no rows behind", arguments: Backend.enabled)
        func churn(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                let notes = repositories.notes
                let minji = try await DiaryStoreFixtures.createUser("minji", in: repositories)
                let stays = Self.note(1, genres: ["드라마"], nations: ["한국"], directors: ["봉준호"])
                try await notes.createNote(stays, userID: minji.id)
                for round in 0..<10 {
                    let names = (0..<30).map { "이름-\(round)-\($0)" }
                    let note = Self.note(
                        100 + round, watched: "20\(10 + round)-0\(1 + round % 9)-1\(round)",
                        genres: Array(names.prefix(10)), nations: Array(names[10..<20]), directors: names)
                    if round.isMultiple(of: 2) {
                        try await notes.createNote(note, userID: minji.id)
                    } else {
                        let batch = DiaryImportBatch(
                            categories: [], notes: [.init(line: 1, note: note, categoryName: nil)])
                        _ = try await notes.importBatch(batch, userID: minji.id, limits: DiaryLimits())
                    }
                    #expect(try await DiaryNameRows.count(userID: minji.id, on: database.database) == 6 + 50 * 2)
                    #expect(try await notes.deleteNote(id: note.id, userID: minji.id))
                }
                #expect(try await DiaryNameRows.count(userID: minji.id, on: database.database) == 6)
                #expect(try await Self.rows(minji, on: database) == 6)
                #expect(try await Self.rows(minji, of: Self.emptiable, onlyZero: true, on: database) == 0)
                // What stays is the note that stayed: its film and day, for all time and for its year.
                for dimension in [DiaryStatCounts.Dimension.movie, DiaryStatCounts.Dimension.day] {
                    #expect(try await Self.rows(minji, of: [dimension], on: database) == (dimension == "day" ? 1 : 2))
                }
            }
        }
    }
}
