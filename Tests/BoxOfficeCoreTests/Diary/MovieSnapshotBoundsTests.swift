import BoxOfficeCore
import Foundation
import Testing

@testable import BoxOfficeCodecs

/// A diary file's film details are taken as they are (no KOBIS call), so a note's snapshot keeps itself within
/// bounds no real film reaches: a hostile review imported 20 MB titles and 120 names a note.
@Suite("A note's film details stay within bounds")
struct MovieSnapshotBoundsTests {
    typealias Bounds = MovieSnapshot.Bounds

    @Test("extra names are dropped, long ones cut, blanks and repeats skipped, control characters taken out")
    func names() {
        let snapshot = MovieSnapshot(
            genres: (0..<60).map { "장르\($0)" }, nations: ["한국", "한국", " ", ""] + (0..<60).map { "N\($0)" },
            directors: [String(repeating: "감", count: 1_000), "봉\u{0}준\n호"] + (0..<60).map { "D\($0)" })
        #expect(snapshot.genres == (0..<Bounds.genresKept).map { "장르\($0)" })
        #expect(snapshot.nations.count == Bounds.nationsKept)
        #expect(snapshot.nations.prefix(2) == ["한국", "N0"])
        #expect(snapshot.directors.count == Bounds.directorsKept)
        #expect(snapshot.directors[0] == String(repeating: "감", count: Bounds.nameLimit))
        #expect(snapshot.directors[1] == "봉준 호", "NUL dropped, a line break a space, as in KOBIS's own text")
    }

    @Test("a snapshot's texts hold 1,000 scalars: of 60 names of 100 characters the first that fit, the origin first")
    func textTogether() {
        let long = { (prefix: String) in (0..<60).map { prefix + String(repeating: "\u{1F3AC}", count: 97) + "\($0)" } }
        let snapshot = MovieSnapshot(
            titleEnglish: String(repeating: "e", count: 300), genres: long("g"), nations: long("n"),
            directors: long("d"))
        let scalars = ([snapshot.titleEnglish] + snapshot.genres + snapshot.nations + snapshot.directors)
            .reduce(0) { $0 + $1.unicodeScalars.count }
        #expect(scalars <= Bounds.textScalars)
        #expect(snapshot.titleEnglish.count == 300)
        // The first nation, the film's origin, has room before the genres; the other nations and directors none.
        #expect(snapshot.nations == [long("n")[0]])
        #expect(snapshot.genres.count == 6 && snapshot.directors.isEmpty)
        // Behind a title of 900 scalars, a first nation of 100 takes the last room, before any genre; one of 120
        // does not fit, and then no nation is kept, so a later one never stands in for it.
        let marks = String(repeating: "e\u{301}\u{302}", count: 300)
        let crowded = MovieSnapshot(
            titleEnglish: marks, genres: ["드라마"], nations: [String(repeating: "n", count: 100), "미국"])
        #expect(crowded.nations == [String(repeating: "n", count: 100)] && crowded.genres.isEmpty)
        let noRoom = MovieSnapshot(
            titleEnglish: marks, genres: ["드라마"], nations: [String(repeating: "n\u{301}", count: 60), "미국"])
        #expect(noRoom.nations.isEmpty && noRoom.genres == ["드라마"])
        // A title of 300 characters of four scalars each is cut to what a snapshot holds, and leaves no room.
        let marked = MovieSnapshot(
            titleEnglish: String(repeating: "e\u{301}\u{302}\u{303}", count: 300), genres: ["드라마"])
        #expect(marked.titleEnglish.unicodeScalars.count == Bounds.textScalars && marked.genres.isEmpty)
        // An omnibus film's 30 directors with long names, and a long English title, pass whole.
        let directors = (0..<30).map { "Apichatpong Weerasethakul \($0 + 10)" }
        let omnibus = MovieSnapshot(
            titleEnglish: String(repeating: "t", count: 120), genres: ["드라마", "옴니버스"], nations: ["한국", "태국", "일본"],
            directors: directors)
        #expect(omnibus.directors == directors && omnibus.nations.count == 3 && omnibus.genres.count == 2)
    }

    @Test("a 20 MB English title is cut to its limit; a year outside 1800–9999 is no year")
    func titleAndYear() {
        let long = String(repeating: "Parasite ", count: 2_300_000)
        let snapshot = MovieSnapshot(releaseYear: 2019, titleEnglish: long)
        #expect(snapshot.titleEnglish.count == Bounds.titleEnglishLimit)
        #expect(snapshot.releaseYear == 2019)
        for year in [Int.min, -1, 0, 1799, 10_000, Int.max] {
            #expect(MovieSnapshot(releaseYear: year).releaseYear == nil, "\(year)")
        }
        #expect(MovieSnapshot(releaseYear: 1800).releaseYear == 1800)
    }

    @Test("a real film's details pass whole")
    func realDetails() {
        let parasite = MovieSnapshot(
            releaseYear: 2019, titleEnglish: "Parasite", genres: ["드라마", "스릴러"], nations: ["한국"],
            directors: ["봉준호"])
        #expect(parasite.genres == ["드라마", "스릴러"] && parasite.nations == ["한국"])
        #expect(parasite.directors == ["봉준호"] && parasite.titleEnglish == "Parasite")
    }

    @Test("a note decoded from a diary file is bounded too")
    func decodedNote() throws {
        let json = """
            {"id":"6F1C1A2E-5D7B-4C1B-9A55-000000000001","movieCode":"20191234","title":"기생충",
             "watchedOn":"2024-03-09","createdAt":"2024-03-09T12:00:00Z","releaseYear":-5,
             "genres":[\((0..<100).map { "\"g\($0)\"" }.joined(separator: ","))],
             "titleEnglish":"\(String(repeating: "x", count: 5_000))"}
            """
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let note = try decoder.decode(DiaryNote.self, from: Data(json.utf8))
        #expect(note.movie.genres.count == Bounds.genresKept)
        #expect(note.movie.titleEnglish.count == Bounds.titleEnglishLimit)
        #expect(note.movie.releaseYear == nil)
    }

    @Test("a row check that throws anything but bad input skips the row instead of ending the process")
    func rowCheckNeverTraps() {
        let outcome = RowCheck.run(row: 7, title: "기생충") { () throws(BoxOfficeError) -> DiaryImportRow in
            throw .busy(retryAfterSeconds: 5)
        }
        guard case .invalid(let skipped) = outcome else {
            Issue.record("a row was kept")
            return
        }
        #expect(skipped.row == 7 && skipped.title == "기생충")
    }
}
