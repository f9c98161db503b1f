import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Testing

extension DiaryStoreTests {
    @Suite("Diary store: statistics kept as notes change")
    struct DiaryStatisticsStoreTests {
        @Test(
            "kept counts give the in-memory statistics after random creates, edits, deletes, imports and nations learned",
            arguments: Backend.enabled)
        func randomDiaries(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories(nationOrigin: "sample")
                let notes = repositories.notes
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let neighbour = try await DiaryStoreFixtures.createUser("neighbour", in: repositories)
                var random = RandomDiary(seed: 0x5EED_D1A2)
                let category = try await repositories.categories.createCategory(
                    id: UUID(), name: "버릴 것", visible: true, userID: user.id, createdAt: DiaryStoreFixtures.now)
                try await notes.createNote(random.note(), userID: neighbour.id)
                // The nations the archive knows now (none empty): notes written without one count under them.
                var known: [String: String] = [:]

                for round in 0..<12 {
                    for _ in 0..<random.int(in: 3...8) {
                        var note = random.note()
                        if round < 8, random.int(in: 0...5) == 0 { note.categoryId = category.id }
                        try await notes.createNote(note, userID: user.id)
                    }
                    if round >= 2 {
                        // Learned after the notes, corrected, or cleared; another origin's nations change nothing.
                        var learned: [String: String] = [:]
                        for _ in 0..<random.int(in: 1...3) {
                            learned[String(format: "2019%04d", random.int(in: 1...14))] = random.pick(
                                RandomDiary.nations + [""])
                        }
                        try await database.archiveRepository(origin: "sample").saveRepresentativeNations(learned)
                        for (code, nation) in learned { known[code] = nation.isEmpty ? nil : nation }
                        try await database.archiveRepository(origin: "elsewhere").saveRepresentativeNations(
                            learned.mapValues { _ in "미국" })
                    }
                    let stored = try await notes.allNotes(userID: user.id)
                    for note in stored where random.int(in: 0...6) == 0 {
                        #expect(try await notes.updateNote(random.edit(note), userID: user.id))
                    }
                    for note in stored where random.int(in: 0...9) == 0 {
                        #expect(try await notes.deleteNote(id: note.id, userID: user.id))
                    }
                    let batch = (0..<random.int(in: 0...12)).map { line in
                        DiaryImportBatch.Note(line: line, note: random.note(), categoryName: nil)
                    }
                    _ = try await notes.importBatch(DiaryImportBatch(categories: [], notes: batch), userID: user.id)
                    if round == 8 {
                        #expect(
                            try await repositories.categories.deleteCategory(
                                id: category.id, userID: user.id, notes: .delete))
                    }
                    try await Self.expectReference(notes, userID: user.id, round: round, nations: known)
                    try await DiaryYearReviewStoreTests.expectFirstNotes(
                        in: database, userID: user.id, notes: try await notes.allNotes(userID: user.id))
                }
                // The neighbour's one note is theirs alone.
                #expect(try await notes.statisticsCounts(userID: neighbour.id, year: nil).noteCount == 1)
            }
        }

        @Test(
            "a nation the archive learns later reaches the figures of notes written without one",
            arguments: Backend.enabled)
        func nationsLearnedLater(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories(nationOrigin: "sample")
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                var unknown = DiaryStoreFixtures.note("20990001", watched: "2024-05-01")
                unknown.movie.nations = []
                var again = DiaryStoreFixtures.note("20990001", watched: "2024-06-01")
                again.movie.nations = []
                let korean = DiaryStoreFixtures.note("20190001", watched: "2024-05-02")
                for note in [unknown, again, korean] { try await repositories.notes.createNote(note, userID: user.id) }

                let before = DiaryStatistics(
                    counts: try await repositories.notes.statisticsCounts(userID: user.id, year: nil))
                #expect(before.korean == DiaryNationShare(korean: 1, foreign: 0, unknown: 2))
                #expect(before.perNation == [DiaryNamedCount(name: "한국", count: 1)])

                // The keeper stores the movie's nation; another origin's figure is not this store's.
                try await database.archiveRepository(origin: "elsewhere").saveRepresentativeNations(["20990001": "한국"])
                try await database.archiveRepository(origin: "sample").saveRepresentativeNations(["20990001": "프랑스"])
                for year in [nil, 2024] {
                    let after = DiaryStatistics(
                        counts: try await repositories.notes.statisticsCounts(userID: user.id, year: year))
                    let stored = try await repositories.notes.allNotes(userID: user.id)
                    var resolved = stored
                    for index in resolved.indices where resolved[index].movie.nations.isEmpty {
                        resolved[index].movie.nations = ["프랑스"]
                    }
                    // The figures count the nation; the year in review shows the notes as written.
                    var expected = DiaryStatistics(notes: resolved, year: year)
                    expected.review = DiaryStatistics(notes: stored, year: year).review
                    #expect(after == expected)
                    #expect(after.korean == DiaryNationShare(korean: 1, foreign: 2, unknown: 0))
                }
                // Without an origin nothing is resolved.
                let plain = database.diaryRepositories()
                #expect(try await plain.notes.statisticsCounts(userID: user.id, year: nil).korean.unknown == 2)
            }
        }

        @Test(
            "a service sees a change made through another instance on the same database at once",
            arguments: Backend.enabled)
        func anotherInstance(backend: Backend) async throws {
            try await TestStore.with(backend) { database, store in
                let here = DiaryStatisticsService(notes: database.diaryRepositories().notes)
                let user = try await DiaryStoreFixtures.createUser("owner", in: database.diaryRepositories())
                try await database.diaryRepositories().notes.createNote(DiaryStoreFixtures.note(), userID: user.id)
                #expect(try await here.statistics(for: user).noteCount == 1)
                #expect(try await here.statistics(for: user, year: 2024).noteCount == 1)

                let other = try store.open()
                do {
                    try await other.diaryRepositories().notes.createNote(
                        DiaryStoreFixtures.note("20200002", watched: "2024-08-01"), userID: user.id)
                } catch {
                    await other.shutdown()
                    throw error
                }
                await other.shutdown()
                #expect(try await here.statistics(for: user).noteCount == 2)
                #expect(try await here.statistics(for: user, year: 2024).noteCount == 2)
            }
        }

        /// The kept statistics equal the in-memory ones, notes without a nation given the one of `nations` for their
        /// movie (the year in review shows the notes as written).
        static func expectReference(
            _ notes: any DiaryNoteRepository, userID: UUID, round: Int, nations: [String: String] = [:]
        ) async throws {
            let all = try await notes.allNotes(userID: userID)
            let resolved = all.map { note in
                var note = note
                if note.movie.nations.isEmpty, let nation = nations[note.movieCode] { note.movie.nations = [nation] }
                return note
            }
            for year in [nil, 2020, 2021, 2022, 2023] {
                let kept = DiaryStatistics(counts: try await notes.statisticsCounts(userID: userID, year: year))
                var reference = DiaryStatistics(notes: resolved, year: year)
                reference.review = DiaryStatistics(notes: all, year: year).review
                #expect(kept == reference, "round \(round), year \(year.map(String.init) ?? "all")")
                if kept != reference { return }
            }
        }
    }
}

/// Seeded random notes (SplitMix64), so a failing diary can be made again.
struct RandomDiary {
    private var generator: SplitMix64
    private var serial = 0

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<T>(_ values: [T]) -> T { values[int(in: 0...(values.count - 1))] }

    mutating func subset(_ values: [String], most: Int) -> [String] {
        var chosen: [String] = []
        for _ in 0..<int(in: 0...most) {
            let value = pick(values)
            // Duplicates within one movie happen in KOBIS data; they count once.
            chosen.append(value)
        }
        return chosen
    }

    static let genres = ["드라마", "스릴러", "코미디", "SF", "애니메이션"]
    static let nations = ["한국", "미국", "일본", "프랑스"]
    static let directors = (1...13).map { "감독\($0)" } + ["Bong", "bong", "Ozu"]
    static let titles = ["기생충", "Parasite", "괴물", "Movie 2", "movie 10", "Été"]

    mutating func note() -> DiaryNote {
        serial += 1
        let watched = CalendarDate(year: int(in: 2021...2023), month: int(in: 1...12), day: int(in: 1...28))!
        return DiaryNote(
            id: UUID(), movieCode: String(format: "2019%04d", int(in: 1...14)), title: pick(Self.titles),
            watchedOn: watched, memo: "", rating: int(in: 0...3) == 0 ? nil : StarRating(halves: int(in: 1...10)),
            categoryId: nil, place: pick([DiaryPlace.cinema, .home, nil]),
            // Creation times repeat, so ties on watched day and creation happen.
            createdAt: DiaryStoreFixtures.now.addingTimeInterval(Double(int(in: 0...40))),
            movie: MovieSnapshot(
                releaseYear: int(in: 0...4) == 0 ? nil : int(in: 1990...2023), titleEnglish: "",
                genres: subset(Self.genres, most: 3), nations: subset(Self.nations, most: 2),
                directors: subset(Self.directors, most: 3)))
    }

    mutating func edit(_ note: DiaryNote) -> DiaryNote {
        var edited = note
        let fresh = self.note()
        switch int(in: 0...4) {
        case 0: edited.watchedOn = fresh.watchedOn
        case 1: edited.rating = fresh.rating
        case 2: edited.movie = fresh.movie
        case 3: edited.place = fresh.place
        default:
            edited.movieCode = fresh.movieCode
            edited.title = fresh.title
        }
        return edited
    }
}
