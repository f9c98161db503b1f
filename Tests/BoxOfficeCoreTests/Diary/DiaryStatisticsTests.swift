import BoxOfficeCore
import BoxOfficeText
import Foundation
import Testing

@Suite("Diary statistics")
struct DiaryStatisticsTests {
    static let korean = MovieSnapshot(releaseYear: 2019, genres: ["드라마", "스릴러"], nations: ["한국"], directors: ["봉준호"])
    static let american = MovieSnapshot(
        releaseYear: 2024, genres: ["SF"], nations: ["미국", "캐나다"], directors: ["드니 빌뇌브"])
    static let korean2 = MovieSnapshot(releaseYear: 2010, genres: ["액션", "드라마"], nations: ["한국"], directors: ["이정범"])

    let notes: [DiaryNote] = [
        DiaryFixtures.note("A", "기생충", watched: "2023-11-05", rating: 5, movie: korean, place: .cinema),
        DiaryFixtures.note("A", "기생충", watched: "2024-01-10", rating: 4.5, movie: korean, place: .home),
        DiaryFixtures.note("B", "듄", watched: "2024-01-20", rating: 3, movie: american, place: .cinema),
        DiaryFixtures.note("C", "아저씨", watched: "2024-03-01", movie: korean2),
        DiaryFixtures.note("A", "기생충", watched: "2024-03-02", rating: 4, movie: korean),
        DiaryFixtures.note("D", "미상", watched: "2024-03-03", movie: MovieSnapshot()),
    ]

    @Test("all-time figures: months zero-filled, genres and nations counted per note, Korean share, directors")
    func allTime() {
        let stats = DiaryStatistics(notes: notes)
        #expect(stats.year == nil)
        #expect(stats.review == nil)
        #expect(stats.noteCount == 6)
        #expect(stats.movieCount == 4)
        #expect(stats.averageRating == 4.13)  // (5 + 4.5 + 3 + 4) / 4 = 4.125
        #expect(stats.ratings.count == 10)
        #expect(stats.ratings.first { $0.rating.stars == 4.5 }?.count == 1)
        #expect(stats.ratings.map(\.count).reduce(0, +) == 4)
        #expect(stats.perMonth.map(\.month) == ["2023-11", "2023-12", "2024-01", "2024-02", "2024-03"])
        #expect(stats.perMonth.map(\.count) == [1, 0, 2, 0, 3])
        #expect(stats.perYear == [DiaryYearCount(year: 2023, count: 1), DiaryYearCount(year: 2024, count: 5)])
        #expect(
            stats.perGenre == [
                DiaryNamedCount(name: "드라마", count: 4), DiaryNamedCount(name: "스릴러", count: 3),
                DiaryNamedCount(name: "SF", count: 1), DiaryNamedCount(name: "액션", count: 1),
            ])
        #expect(stats.perNation.first == DiaryNamedCount(name: "한국", count: 4))
        #expect(stats.perNation.contains(DiaryNamedCount(name: "캐나다", count: 1)))
        #expect(stats.korean.korean == 4)
        #expect(stats.korean.foreign == 1)
        #expect(stats.korean.unknown == 1)
        #expect(stats.korean.koreanShare == 0.8)
        #expect(stats.topDirectors.first == DiaryNamedCount(name: "봉준호", count: 3))
        #expect(stats.places == DiaryPlaceCounts(cinema: 2, home: 1, unspecified: 3))
    }

    @Test("a year: twelve months and a year in review")
    func yearInReview() throws {
        let stats = DiaryStatistics(notes: notes, year: 2024)
        #expect(stats.noteCount == 5)
        #expect(stats.perMonth.count == 12)
        #expect(stats.perMonth[0] == DiaryMonthCount(month: "2024-01", count: 2))
        #expect(stats.perMonth[2].count == 3)
        #expect(stats.perMonth[11] == DiaryMonthCount(month: "2024-12", count: 0))
        let review = try #require(stats.review)
        #expect(review.year == 2024)
        #expect(review.first?.watchedOn == DiaryFixtures.date("2024-01-10"))
        #expect(review.last?.title == "미상")
        #expect(review.busiestMonth == DiaryMonthCount(month: "2024-03", count: 3))
        #expect(review.topRated.map(\.rating?.stars) == [4.5, 4, 3])
        #expect(review.rewatched == [DiaryNamedCount(name: "기생충", count: 2)])
        #expect(review.rewatchedMovies == 1)
        #expect(review.movieCount == 4)
        #expect(review.daysAtTheMovies == 5)
    }

    @Test("a year in review names the ten most rewatched movies, most watched then by title, and counts them all")
    func rewatchedCap() throws {
        // Twelve movies watched twice, one of them three times: the review names ten.
        var notes: [DiaryNote] = []
        for index in 0..<12 {
            let code = "M\(index)"
            let title = "영화 \(String(UnicodeScalar(UInt8(ascii: "L") - UInt8(index))))"
            for day in 0..<(index == 11 ? 3 : 2) {
                notes.append(
                    DiaryFixtures.note(code, title, watched: "2024-0\(day + 1)-1\(index % 10)", movie: Self.korean))
            }
        }
        let review = try #require(DiaryStatistics(notes: notes, year: 2024).review)
        #expect(review.rewatchedMovies == 12)
        #expect(review.rewatched.count == DiaryYearInReview.rewatchedShown)
        #expect(review.rewatched.first == DiaryNamedCount(name: "영화 A", count: 3))
        #expect(
            review.rewatched.dropFirst().map(\.name)
                == ["B", "C", "D", "E", "F", "G", "H", "I", "J"].map { "영화 \($0)" })
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(review)) as? [String: Any]
        #expect(json?["rewatchedMovies"] as? Int == 12)
    }

    @Test("no notes: empty figures, no share, JSON with explicit nulls")
    func empty() throws {
        let stats = DiaryStatistics(notes: [])
        #expect(stats.perMonth.isEmpty)
        #expect(stats.averageRating == nil)
        #expect(stats.korean.koreanShare == nil)
        let json = try #require(
            try JSONSerialization.jsonObject(with: BoxOfficeJSON.encoder().encode(stats)) as? [String: Any])
        #expect(json["averageRating"] is NSNull)
        #expect(json["review"] is NSNull)
        #expect((json["ratings"] as? [[String: Any]])?.first?["rating"] as? Double == 0.5)
    }
}

@Suite("Note order: title keys and cursors")
struct NoteOrderTests {
    @Test("title keys: Hangul in syllable order, Latin without case or accents, digits as numbers, NFC = NFD")
    func titleKeys() {
        let ordered = ["007", "7", "10", "apple", "Été", "Movie 1", "MOVIE 02", "movie 10", "Zebra", "가나다", "나비"]
        #expect(ordered.map(NoteSort.titleKey) == ordered.map(NoteSort.titleKey).sorted())
        #expect(NoteSort.titleKey("Movie 2") < NoteSort.titleKey("movie 10"))
        #expect(NoteSort.titleKey("MOVIE") == NoteSort.titleKey("movie"))
        #expect(NoteSort.titleKey("E\u{301}te\u{301}") == NoteSort.titleKey("Été"))
        #expect(NoteSort.titleKey("Été") == NoteSort.titleKey("ete"))
        #expect(NoteSort.titleKey("\u{1100}\u{1161}") == NoteSort.titleKey("가"))
        #expect(NoteSort.titleKey("가") < NoteSort.titleKey("각"))
        #expect(NoteSort.titleKey("각") < NoteSort.titleKey("나"))
        #expect(NoteSort.titleKey("x 02") == NoteSort.titleKey("x 2"))
        #expect(NoteSort.titleKey(String(repeating: "9", count: 150)) > NoteSort.titleKey("9"))
    }

    @Test("a cursor reads back only for the sort it was made for; anything else is a 400 naming the cursor")
    func cursors() throws {
        let note = DiaryNote(
            id: UUID(), movieCode: "1", title: "Été 2", watchedOn: CalendarDate("2024-01-02")!,
            rating: StarRating(halves: 7), createdAt: Date(timeIntervalSinceReferenceDate: 700_000_000.123),
            movie: MovieSnapshot(releaseYear: 2020))
        for field in NoteSort.Field.allCases {
            let sort = NoteSort(field)
            let cursor = NoteCursor(after: note, sort: sort)
            #expect(try NoteCursor(encoded: cursor.encoded, sort: sort) == cursor)
            #expect(!cursor.precedes(note))
            #expect(throws: BoxOfficeError.invalid("cursor", .listCursor, value: cursor.encoded)) {
                try NoteCursor(encoded: cursor.encoded, sort: NoteSort(field, ascending: !sort.ascending))
            }
        }
        for garbage in ["x", "!!!", "eyJzIjoidGl0bGUifQ", String(repeating: "A", count: 5_000)] {
            #expect(throws: BoxOfficeError.self) { try NoteCursor(encoded: garbage, sort: NoteSort()) }
        }
    }
}
