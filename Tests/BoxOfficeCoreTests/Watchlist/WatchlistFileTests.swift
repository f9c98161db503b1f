import Foundation
import KOBIS
import Testing

@testable import BoxOfficeCodecs
@testable import BoxOfficeCore

@Suite("Watchlist files: the diary JSON's watchlist and Letterboxd's watchlist.csv")
struct WatchlistFileTests {
    static let today = CalendarDate(year: 2024, month: 3, day: 20)!
    static let exportedAt = Date(timeIntervalSince1970: 1_710_900_000.123)

    static let entries = [
        WatchlistEntry(
            movieCode: "20241234", title: "파묘", openDate: CalendarDate("2024-02-22"),
            addedAt: Date(timeIntervalSince1970: 1_710_000_000.5)),
        // A title that is the export's marker for the notes' place must not be taken for it.
        WatchlistEntry(
            movieCode: "20240001", title: "boxoffice-diary-notes-" + String(repeating: "-", count: 64), openDate: nil,
            addedAt: Date(timeIntervalSince1970: 1_700_000_000)),
    ]

    static let note = DiaryNote(
        id: UUID(uuidString: "6F1D2E5C-0000-4000-8000-000000000001")!, movieCode: "20241234", title: "파묘",
        watchedOn: CalendarDate("2024-03-01")!, createdAt: exportedAt, updatedAt: exportedAt)

    @Test(
        "the watchlist follows the notes; read whole or a byte at a time, the entries come back",
        arguments: [
            DiaryJSONCodec.Layout.prettyPrinted, .compact,
        ])
    func jsonWatchlist(layout: DiaryJSONCodec.Layout) throws {
        let data = try DiaryJSONCodec.export(
            notes: [Self.note], categories: [], exportedAt: Self.exportedAt, layout: layout, watchlist: Self.entries)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["notes"] as? [Any])?.count == 1)
        #expect(
            (object["watchlist"] as? [[String: Any]])?.map { $0["movieCode"] as? String } == ["20241234", "20240001"])

        let whole = try DiaryJSONCodec.parse(data, today: Self.today)
        var reader = DiaryJSONImportReader(today: Self.today)
        for byte in data { try reader.read([byte]) }
        let streamed = try reader.finish()
        for parsed in [whole, streamed] {
            #expect(parsed.rows.map(\.movieCode) == ["20241234"])
            let watchlist = try #require(parsed.watchlist)
            #expect(watchlist.rowCount == 2)
            #expect(watchlist.invalid.isEmpty)
            #expect(watchlist.rows.map(\.movieCode) == ["20241234", "20240001"])
            #expect(watchlist.rows.map(\.title) == Self.entries.map(\.title))
            #expect(watchlist.rows.map(\.addedAt) == Self.entries.map(\.addedAt))
            #expect(watchlist.rows.first?.openDate == CalendarDate("2024-02-22"))
        }
        #expect(reader.watchlistCount == 2)

        // Written a piece at a time, the file is the same bytes.
        var writer = try DiaryExportWriter(
            format: .json, categories: [], exportedAt: Self.exportedAt, layout: layout, watchlist: Self.entries)
        #expect(try writer.write([Self.note]) + writer.finish() == data)
    }

    @Test("a file without a watchlist (exported before it existed) has none; bad entries are skipped rows")
    func oldAndBadEntries() throws {
        let old = Data(#"{"format":"boxoffice-diary","version":1,"categories":[],"notes":[]}"#.utf8)
        #expect(try DiaryJSONCodec.parse(old, today: Self.today).watchlist == nil)
        var reader = DiaryJSONImportReader(today: Self.today)
        try reader.read(old)
        #expect(try reader.finish().watchlist == nil)

        let bad = Data(
            """
            {"format":"boxoffice-diary","version":1,"notes":[],"watchlist":[{"movieCode":"<x>","title":"a",
            "addedAt":"2024-03-01T00:00:00.000Z"},{"movieCode":"20241234","title":"","addedAt":"2024-03-01T00:00:00Z"},
            {"movieCode":"20241234","title":"b","addedAt":"yesterday"},7,
            {"movieCode":"20241235","title":"c","addedAt":"2024-03-01T00:00:00.000Z"}]}
            """.utf8)
        var streaming = DiaryJSONImportReader(today: Self.today)
        try streaming.read(bad)
        for parsed in [try DiaryJSONCodec.parse(bad, today: Self.today), try streaming.finish()] {
            let watchlist = try #require(parsed.watchlist)
            #expect(watchlist.rows.map(\.movieCode) == ["20241235"])
            #expect(watchlist.invalid.map(\.row) == [1, 2, 3, 4])
            guard case .invalid(let problem) = watchlist.invalid[2].reason else {
                Issue.record("a bad instant is invalid input")
                return
            }
            #expect(problem.field == "watchlist[2].addedAt")
        }
    }

    @Test("Letterboxd's watchlist.csv: Name required, Year and Date read, bad rows listed")
    func letterboxdCSV() throws {
        let csv = Data(
            ("Date,Name,Year,Letterboxd URI\r\n2024-01-02,Exhuma,2024,https://boxd.it/x\r\n"
                + "2024-01-03,\"Dune: Part Two\",,\r\n,No Date,2020,\r\n2024-01-04,,2020,\r\n"
                + "2024-01-05,Bad Year,twenty,\r\n").utf8)
        let parsed = try LetterboxdWatchlistCodec.parse(csv, today: Self.today)
        #expect(parsed.rowCount == 5)
        #expect(parsed.rows.map(\.title) == ["Exhuma", "Dune: Part Two", "No Date"])
        #expect(parsed.rows.map(\.year) == [2024, nil, 2020])
        #expect(parsed.rows.map(\.row) == [2, 3, 4])
        #expect(parsed.rows[0].addedAt == CalendarDate("2024-01-02")!.startInstant(in: BoxOfficeCalendar.seoul))
        #expect(parsed.rows[2].addedAt == nil)
        #expect(parsed.invalid.map(\.row) == [5, 6])
        #expect(throws: DiaryFileProblem.self) {
            try LetterboxdWatchlistCodec.parse(Data("Date,Title\r\n2024-01-01,x\r\n".utf8), today: Self.today)
        }
        #expect(throws: DiaryFileProblem.self) {
            try LetterboxdWatchlistCodec.parse(Data("Name,Year\r\nx\r\n".utf8), today: Self.today)
        }
    }
}
