import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Testing

extension DiaryStoreTests {
    @Suite("Diary store: every order pages by cursor and by number, the same on both databases")
    struct DiaryNoteListOrderTests {
        /// Titles that test the key: Hangul, case, digits as numbers, composed and decomposed forms, accents.
        static let titles = [
            "기생충", "괴물", "가나다", "나비", "Movie 2", "movie 10", "Movie 1", "MOVIE 02", "Été", "ete",
            "E\u{301}te\u{301}", "Zebra", "apple", "\u{1100}\u{1161}\u{1102}\u{1161}\u{1103}\u{1161}", "007", "7",
            "Movie 2 Part 10", "Movie 2 part 9",
        ]

        static func diary() -> [DiaryNote] {
            var random = RandomDiary(seed: 0x0F_DE_A5)
            return (0..<75).map { index in
                var note = random.note()
                note.title = titles[index % titles.count]
                // A few days and creation times, so ties on every key happen.
                note.watchedOn = CalendarDate(year: 2023, month: 1 + index % 3, day: 1 + index % 4)!
                note.createdAt = DiaryStoreFixtures.now.addingTimeInterval(Double(index % 5))
                return note
            }
        }

        @Test(
            "each sort and direction: pages by cursor and by number hold every note once, in NoteSort's order",
            arguments: Backend.enabled)
        func everyOrder(backend: Backend) async throws {
            try await TestStore.with(backend) { database, _ in
                let repositories = database.diaryRepositories()
                // Deep pages by number start from anchors; here every 10 notes, so most pages use one.
                let anchored = database.diaryRepositories(
                    nationOrigin: nil, pageAnchors: NotePageAnchors(spacing: 10, capacity: 4))
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let stranger = try await DiaryStoreFixtures.createUser("stranger", in: repositories)
                let notes = Self.diary()
                _ = try await repositories.notes.importBatch(
                    DiaryImportBatch(
                        categories: [.init(name: "절반")],
                        notes: notes.enumerated().map {
                            DiaryImportBatch.Note(
                                line: $0.offset, note: $0.element, categoryName: $0.offset % 2 == 0 ? "절반" : nil)
                        }),
                    userID: user.id)
                try await repositories.notes.createNote(DiaryStoreFixtures.note(), userID: stranger.id)
                let stored = try await repositories.notes.allNotes(userID: user.id)
                #expect(stored.count == notes.count)
                // Filters whose totals come from the kept counts, and those that bound the rating and release-year
                // orders' ranges, besides none.
                var releaseYears: [Int: Int] = [:]
                for note in stored { if let year = note.movie.releaseYear { releaseYears[year, default: 0] += 1 } }
                let commonReleaseYear = try #require(releaseYears.max { $0.value < $1.value }?.key)
                let half = try #require(try await repositories.categories.categories(userID: user.id).first)
                let filters = [
                    NoteFilter.none, NoteFilter(minRating: StarRating(halves: 5)),
                    NoteFilter(rating: StarRating(halves: 8)),
                    NoteFilter(releaseYear: commonReleaseYear),
                    NoteFilter(year: 2023, minRating: StarRating(halves: 7)),
                    NoteFilter(year: 2023, rating: StarRating(halves: 10)), NoteFilter(year: 2022),
                    NoteFilter(category: .category(half.id)), NoteFilter(category: .uncategorized),
                    NoteFilter(minRating: StarRating(halves: 3), category: .uncategorized),
                ]

                for field in NoteSort.Field.allCases {
                    for ascending in [true, false] {
                        let sort = NoteSort(field, ascending: ascending)
                        for filter in filters {
                            let expected = stored.filter(filter.matches).sorted(by: sort.areInIncreasingOrder).map(\.id)
                            var byCursor: [UUID] = []
                            var cursor: NoteCursor?
                            var pages = 0
                            repeat {
                                let page = try await repositories.notes.notes(
                                    userID: user.id,
                                    query: NoteListQuery(filter: filter, sort: sort, perPage: 7, cursor: cursor))
                                #expect(page.total == expected.count)
                                byCursor += page.notes.map(\.id)
                                cursor = page.nextCursor
                                // The cursor goes through its string form, as clients pass it.
                                if let next = cursor { cursor = try NoteCursor(encoded: next.encoded, sort: sort) }
                                pages += 1
                            } while cursor != nil && pages < 50
                            #expect(byCursor == expected, "\(field) \(ascending ? "asc" : "desc") \(filter) by cursor")

                            var byNumber: [UUID] = []
                            for number in 1...max(1, (expected.count + 6) / 7) {
                                let page = try await repositories.notes.notes(
                                    userID: user.id,
                                    query: NoteListQuery(filter: filter, sort: sort, page: number, perPage: 7))
                                byNumber += page.notes.map(\.id)
                                #expect((page.nextCursor == nil) == (number * 7 >= expected.count))
                            }
                            #expect(
                                byNumber == expected, "\(field) \(ascending ? "asc" : "desc") \(filter) by page number")

                            // Anchored, the deepest page first: each anchor is found from the start or a kept one.
                            var fromAnchors: [UUID] = []
                            for number in (1...max(1, (expected.count + 6) / 7)).reversed() {
                                let page = try await anchored.notes.notes(
                                    userID: user.id,
                                    query: NoteListQuery(filter: filter, sort: sort, page: number, perPage: 7))
                                fromAnchors = page.notes.map(\.id) + fromAnchors
                            }
                            #expect(
                                fromAnchors == expected, "\(field) \(ascending ? "asc" : "desc") \(filter) anchored")
                        }
                    }
                }
            }
        }

        @Test("a diary change moves the anchors of deep pages: pages by number after it hold every note once")
        func anchorsFollowChanges() async throws {
            try await TestStore.with(.sqlite) { database, _ in
                let repositories = database.diaryRepositories(
                    nationOrigin: nil, pageAnchors: NotePageAnchors(spacing: 5))
                let user = try await DiaryStoreFixtures.createUser("owner", in: repositories)
                let notes = Self.diary()
                for note in notes { try await repositories.notes.createNote(note, userID: user.id) }
                let sort = NoteSort(.title, ascending: true)
                func pages() async throws -> [UUID] {
                    var ids: [UUID] = []
                    for number in 1...12 {
                        ids += try await repositories.notes.notes(
                            userID: user.id, query: NoteListQuery(sort: sort, page: number, perPage: 7)
                        ).notes.map(\.id)
                    }
                    return ids
                }
                let before = try await pages()
                #expect(before == notes.sorted(by: sort.areInIncreasingOrder).map(\.id))
                // Notes before every anchor go and come: kept anchors of the old version would skip or repeat notes.
                let sorted = notes.sorted(by: sort.areInIncreasingOrder)
                #expect(try await repositories.notes.deleteNote(id: sorted[0].id, userID: user.id))
                #expect(try await repositories.notes.deleteNote(id: sorted[1].id, userID: user.id))
                var added = DiaryStoreFixtures.note("20990001", title: "0")
                added.createdAt = DiaryStoreFixtures.now
                try await repositories.notes.createNote(added, userID: user.id)
                let after = try await pages()
                #expect(after == ([added] + sorted.dropFirst(2)).sorted(by: sort.areInIncreasingOrder).map(\.id))
            }
        }
    }
}
