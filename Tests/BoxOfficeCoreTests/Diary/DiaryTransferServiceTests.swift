import BoxOfficeApp
import BoxOfficeCore
import Foundation
import Testing

@Suite("Diary service: import")
struct DiaryTransferServiceTests {
    static let letterboxd = """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2024-03-02,Parasite,2019,https://boxd.it/a,4.5,,Thriller,2024-03-01
        2024-03-03,Parasite,2019,https://boxd.it/a,5,Yes,thriller,2024-03-03
        2024-03-04,Dune: Part Two,2024,https://boxd.it/b,4,,,2024-03-04
        2024-03-05,Alien,,https://boxd.it/c,3,,,2024-03-05
        2024-03-06,Minari,2020,https://boxd.it/d,,,,2024-03-06
        2024-03-07,Never Shown Here,2020,https://boxd.it/e,,,,2024-03-07
        2024-03-08,Alien,1979,https://boxd.it/f,2,,,2024-03-08
        2024-03-09,Bad,2020,https://boxd.it/g,9,,,2024-03-09
        """

    @Test(
        "Letterboxd rows are matched by title and year, each title searched once; a re-import adds nothing and searches nothing"
    )
    func letterboxd() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        let report = try await harness.transfer.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(report.rows == 8)
        #expect(report.imported == 5)
        #expect(report.categoriesCreated == ["Thriller"])
        #expect(report.skipped.map(\.row) == [5, 7, 9])
        #expect(report.skipped[0].reason.text.contains("several KOBIS movies are titled \"Alien\""))
        #expect(report.skipped[1].reason.text.contains("no KOBIS movie is titled \"Never Shown Here\" (2020)"))
        #expect(report.skipped[2].reason.text.contains("Rating"))
        // Parasite, Dune, Alien, Minari (+ its year-less retry), Never Shown Here (+ retry), Alien 1979.
        #expect(report.kobisSearches == 8)
        let notes = try await harness.transfer.export(.json, for: user).data()
        let page = try await harness.notes.notes(
            NoteListQuery(sort: NoteSort(.watchedOn, ascending: true)), for: user)
        #expect(page.notes.map(\.movieCode) == ["20190001", "20190001", "20230002", "20200007", "19790006"])
        #expect(page.notes[0].title == "Parasite")
        #expect(page.notes[0].movie.nations == ["한국"])
        #expect(page.notes[0].categoryId != nil && page.notes[0].categoryId == page.notes[1].categoryId)
        #expect(!notes.isEmpty)

        let before = harness.catalog.searches
        let again = try await harness.transfer.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(again.imported == 0)
        #expect(again.skipped.filter { $0.reason.text.hasPrefix("already in your diary") }.count == 5)
        // Matched from the user's own notes: only the titles that never matched are searched again.
        #expect(harness.catalog.searches - before == again.kobisSearches)
        #expect(again.kobisSearches == 3)
        #expect(try await harness.notes.notes(NoteListQuery(), for: user).total == 5)
    }

    @Test("a lookup budget stops KOBIS searches and says how to continue; a KOBIS failure skips the rows")
    func budget() async throws {
        var harness = DiaryHarness()
        harness.transferSettings.importLookupLimit = 2
        let user = try await harness.user()
        let report = try await harness.transfer.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(report.imported == 3)  // Parasite ×2, Dune
        #expect(report.skipped.filter { $0.reason.text.contains("import the same file again later") }.count == 4)
        #expect(harness.catalog.searches == 2)

        harness.catalog.fail(with: .upstream(.timeout))
        harness.transferSettings.importLookupLimit = 1000
        let failed = try await harness.transfer.importFile(Data(Self.letterboxd.utf8), format: .letterboxd, for: user)
        #expect(failed.imported == 0)
        #expect(failed.skipped.contains { $0.reason.text.contains("the KOBIS search failed") })
    }

    @Test("own formats: exported notes import into another account unchanged, and not twice")
    func ownFormats() async throws {
        let harness = DiaryHarness()
        let source = try await harness.user()
        let category = try await harness.notes.createCategory(name: "인생 영화", for: source)
        var draft = NoteDraft(
            movieCode: "20190001", watchedOn: DiaryFixtures.date("2024-03-01"), memo: "=1+1, \"따옴표\"\n줄바꿈",
            rating: StarRating(stars: 4.5), categoryId: category.id, place: .cinema)
        draft.chartDate = DiaryFixtures.date("2024-02-29")
        draft.chartRank = 2
        _ = try await harness.notes.createNote(draft, for: source)
        _ = try await harness.notes.createNote(
            NoteDraft(movieCode: "20100003", watchedOn: DiaryFixtures.date("2023-01-01")), for: source)
        let original = try await harness.notes.notes(NoteListQuery(), for: source).notes

        for format in [DiaryFileFormat.csv, .json] {
            let target = try await harness.user("target\(format.rawValue)")
            let file = try await harness.transfer.export(format, for: source).data()
            let report = try await harness.transfer.importFile(file, format: format, for: target)
            #expect(report.imported == 2, "\(format)")
            #expect(report.kobisSearches == 0)
            let copied = try await harness.notes.notes(NoteListQuery(), for: target).notes
            let categories = try await harness.notes.categories(for: target)
            #expect(categories.map(\.name) == ["인생 영화"])
            for (copy, note) in zip(copied, original) {
                var expected = note
                expected.id = copy.id
                expected.categoryId = note.categoryId == nil ? nil : categories[0].id
                #expect(copy == expected, "\(format)")
            }
            let again = try await harness.transfer.importFile(file, format: format, for: target)
            #expect(again.imported == 0)
            #expect(again.skipped.count == 2)
        }
    }

    @Test("a malformed file is a 400 and writes nothing")
    func malformed() async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        await #expect(throws: BoxOfficeError.self) {
            try await harness.transfer.importFile(
                Data("movieCode,title,watchedOn\n\"open".utf8), format: .csv, for: user)
        }
        await #expect(throws: BoxOfficeError.self) {
            try await harness.transfer.importFile(Data("{\"format\":".utf8), format: .json, for: user)
        }
        #expect(await harness.store.importBatches == 0)
    }
}
