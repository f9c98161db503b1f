import BoxOfficeCodecs
import BoxOfficeCore
import Foundation
import Testing

@Suite("RFC 4180 CSV")
struct CSVTests {
    @Test("quoted fields keep commas, quotes and line breaks; CRLF and LF both end records; blank lines are skipped")
    func parsing() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"line1\r\nline2\"\n\nplain,,\"\"\r\n"
        let records = try RFC4180.parse(text)
        #expect(
            records.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "line1\r\nline2"], ["plain", "", ""]])
        #expect(records.map(\.line) == [1, 2, 5])
        #expect(try RFC4180.parse("last,row").map(\.fields) == [["last", "row"]])
    }

    @Test("malformed CSV is refused with the line")
    func malformed() {
        #expect(throws: DiaryFileProblem.unclosedQuote(line: 2)) {
            try RFC4180.parse("a,b\n\"open,c\nmore")
        }
        #expect(throws: DiaryFileProblem.strayQuote(line: 2)) { try RFC4180.parse("a,b\nx\"y,z") }
        #expect(throws: DiaryFileProblem.textAfterQuote(line: 1)) {
            try RFC4180.parse("\"a\"b,c")
        }
        #expect(throws: DiaryFileProblem.notUTF8) {
            try RFC4180.text(from: Data([0x61, 0xFF, 0xFE]))
        }
    }

    @Test("writing is formula-safe and every text survives a round trip")
    func formulaSafety() throws {
        let tricky = [
            "=SUM(A1:A9)", "+82 10", "-5", "@cmd", "\tx", "'71", "''", "'=x", "'", "", "plain", "쉼표, 따옴표 \"", "=",
            "a\r\nb",
            "\r\nlead",
        ]
        let line = RFC4180.line(tricky)
        for field in tricky where ["=", "+", "-", "@", "\t"].contains(field.first.map(String.init) ?? "") {
            #expect(!line.contains(",\(field),") && !line.hasPrefix(field), "\(field) written raw")
        }
        #expect(line.hasPrefix("'=SUM(A1:A9),'+82 10,'-5,'@cmd,"))
        #expect(try RFC4180.parse(line).first?.fields == tricky)
        for _ in 0..<200 {
            let alphabet = Array("=+-@'\t\r\n,\"a가 ")
            let fields = (0..<4).map { _ in String((0..<Int.random(in: 0...5)).map { _ in alphabet.randomElement()! }) }
            let parsed = try RFC4180.parse("x,y,z,w\r\n" + RFC4180.line(fields))
            #expect(parsed.last?.fields == fields, "\(fields)")
        }
    }

    @Test("a table needs its columns and the same number of fields in every row")
    func table() throws {
        #expect(throws: DiaryFileProblem.empty(.csv)) {
            try RFC4180Table(text: "", required: ["a"], fileKind: .csv)
        }
        #expect(throws: DiaryFileProblem.missingColumns(["b"], .csv)) {
            try RFC4180Table(text: "a,c\n1,2", required: ["a", "b"], fileKind: .csv)
        }
        #expect(throws: DiaryFileProblem.fieldCount(line: 3, found: 1, expected: 2)) {
            try RFC4180Table(text: "a,b\n1,2\n3", required: ["a"], fileKind: .csv)
        }
        #expect(
            DiaryFileProblem.fieldCount(line: 3, found: 1, expected: 2).message
                == "line 3: 1 field, but the header has 2.")
        #expect(
            DiaryFileProblem.missingColumns(["b"], .csv).message
                == "This is not a BoxOffice diary CSV file: the header (line 1) lacks the column b.")
        let table = try RFC4180Table(text: "\u{FEFF}A , b\n1,2", required: ["a"], fileKind: .csv)
        #expect(table.value("a", in: table.rows[0]) == "1")
        #expect(table.value("missing", in: table.rows[0]) == "")
    }
}

@Suite("Diary file formats")
struct DiaryCodecTests {
    let today = DiaryFixtures.today
    let thriller = DiaryCategory(id: UUID(), name: "스릴러, 서스펜스", visible: false, position: 0)
    let drama = DiaryCategory(id: UUID(), name: "드라마", visible: true, position: 1)

    /// Notes with every field and awkward text.
    func sampleNotes() -> [DiaryNote] {
        var first = DiaryFixtures.note(
            "20190001", "기생충", watched: "2024-03-01", rating: 4.5,
            memo: "=HYPERLINK(\"x\")\r\n두 번째 줄, \"따옴표\" 'quote' 😀",
            createdAt: Date(timeIntervalSince1970: 1_709_251_200.123),
            movie: MovieSnapshot(
                releaseYear: 2019, titleEnglish: "Parasite", genres: ["드라마", "스릴|러"], nations: ["한국"],
                directors: ["봉준호", "back\\slash"]), place: .cinema)
        first.categoryId = thriller.id
        first.chartDate = DiaryFixtures.date("2024-02-29")
        first.chartRank = 3
        first.updatedAt = Date(timeIntervalSince1970: 1_709_260_000.5)
        var second = DiaryFixtures.note(
            "2023C109", "-마이너스로 시작", watched: "2023-12-31", createdAt: Date(timeIntervalSince1970: 1_704_000_000))
        second.categoryId = drama.id
        let third = DiaryFixtures.note(
            "20190001", "기생충", watched: "2024-03-02", rating: 1, createdAt: Date(timeIntervalSince1970: 1_709_300_000))
        return [first, second, third]
    }

    @Test("instants: RFC 3339 read directly agrees with Foundation's formatter; other forms still go through it")
    func instants() throws {
        func formatter(_ text: String) -> Date? {
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let plain = ISO8601DateFormatter()
            plain.formatOptions = [.withInternetDateTime]
            return (fractional.date(from: text) ?? plain.date(from: text)).map(DiaryTime.normalized)
        }
        for text in [
            "2024-03-20T03:00:00Z", "2024-03-20T03:00:00.123Z", "2024-03-20T12:00:00.5+09:00",
            "2024-03-19T23:30:00-03:30",
            "2024-03-20T03:00:00.123456Z", "2024-02-29T23:59:59.999Z", "1969-12-31T23:59:59.001Z",
            "2000-01-01T00:00:00+00:00",
        ] {
            let fast = try #require(InternetDateTime.parse(Array(text.utf8)), "\(text)")
            #expect(DiaryTime.normalized(fast) == formatter(text), "\(text)")
            #expect(DiaryTime.parse(" \(text) ") == formatter(text), "\(text)")
        }
        #expect(DiaryTime.parse("2024-03-20T12:00:00.250+09:00") == Date(timeIntervalSince1970: 1_710_903_600.25))
        #expect(
            DiaryTime.string(try #require(DiaryTime.parse("2024-03-20T03:00:00.1234Z"))) == "2024-03-20T03:00:00.123Z")
        // Not RFC 3339 as written, or not a real instant: left to the formatter, which refuses these too.
        for text in [
            "2024-02-30T00:00:00Z", "2024-03-20T24:00:00Z", "2024-03-20 03:00:00Z", "2024-03-20T03:00:00",
            "2024-03-20T03:00:00.Z", "2024-03-20T03:00Z", "20240320T030000Z", "2024-03-20T03:00:00+0900x", "",
        ] {
            #expect(InternetDateTime.parse(Array(text.utf8)) == nil, "\(text)")
            #expect(DiaryTime.parse(text) == formatter(text), "\(text)")
        }
    }

    @Test("own CSV: documented header, BOM, and every note field survives a round trip")
    func csvRoundTrip() throws {
        let notes = sampleNotes()
        let data = DiaryCSVCodec.export(notes: notes, categories: [thriller, drama])
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "\u{FEFF}id,movieCode,title,watchedOn,rating,place,category,memo,createdAt,updatedAt,releaseYear,"))
        #expect(text.contains(",\"'=HYPERLINK(\"\"x\"\")"))
        #expect(text.contains("2024-03-01T00:00:00.123Z"))
        let parsed = try DiaryCSVCodec.parse(data, today: today)
        #expect(parsed.invalid.isEmpty)
        #expect(parsed.rows.count == 3)
        for (row, note) in zip(parsed.rows, notes) {
            #expect(row.id == note.id)
            #expect(row.movieCode == note.movieCode)
            #expect(row.title == note.title)
            #expect(row.watchedOn == note.watchedOn)
            #expect(row.memo == note.memo)
            #expect(row.rating == note.rating)
            #expect(row.place == note.place)
            #expect(row.createdAt == DiaryTime.normalized(note.createdAt))
            #expect(row.updatedAt == DiaryTime.normalized(note.updatedAt))
            #expect(row.snapshot == note.movie)
            #expect(row.chartDate == note.chartDate)
            #expect(row.chartRank == note.chartRank)
        }
        #expect(parsed.rows.map(\.categoryName) == ["스릴러, 서스펜스", "드라마", nil])
    }

    @Test("own CSV: rows with bad values are listed with the reason; a foreign file is refused")
    func csvInvalidRows() throws {
        let text = """
            movieCode,title,watchedOn,rating,memo
            20190001,기생충,2024-03-01,4.5,좋음
            20190001,,2024-03-01,,
            20190001,기생충,2024-03-21,,
            20190001,기생충,2023-02-29,,
            20190001,기생충,2024-03-01,6,
            20190001,기생충,2024-03-01,4.2,
            bad code!,기생충,2024-03-01,,
            """
        let parsed = try DiaryCSVCodec.parse(Data(text.utf8), today: today)
        #expect(parsed.rows.count == 1)
        #expect(parsed.rows[0].snapshot == nil)
        #expect(parsed.invalid.map(\.row) == [3, 4, 5, 6, 7, 8])
        #expect(parsed.invalid[0].reason.text == "title must not be empty.")
        #expect(parsed.invalid[1].reason.text.contains("in the future"))
        #expect(parsed.invalid[2].reason.text.contains("not a real day"))
        #expect(parsed.invalid[3].reason.text.contains("from 0.5 to 5"))
        #expect(parsed.invalid[4].reason.text.contains("half stars"))
        #expect(throws: DiaryFileProblem.self) {
            try DiaryCSVCodec.parse(Data("Date,Name,Year\n2024-01-01,Dune,2021".utf8), today: today)
        }
    }

    @Test("own JSON: a lossless copy of notes and categories")
    func jsonRoundTrip() throws {
        let notes = sampleNotes()
        let data = try DiaryJSONCodec.export(
            notes: notes, categories: [thriller, drama], exportedAt: DiaryFixtures.now)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "boxoffice-diary")
        #expect(object["version"] as? Int == 1)
        let parsed = try DiaryJSONCodec.parse(data, today: today)
        #expect(parsed.invalid.isEmpty)
        #expect(parsed.categories == [.init(name: "스릴러, 서스펜스", visible: false), .init(name: "드라마", visible: true)])
        for (row, note) in zip(parsed.rows, notes) {
            var rebuilt = DiaryNote(
                id: row.id!, movieCode: row.movieCode!, title: row.title, watchedOn: row.watchedOn, memo: row.memo,
                rating: row.rating, place: row.place, createdAt: row.createdAt!, updatedAt: row.updatedAt,
                movie: row.snapshot!, chartDate: row.chartDate, chartRank: row.chartRank)
            rebuilt.categoryId = note.categoryId
            var expected = note
            expected.createdAt = DiaryTime.normalized(note.createdAt)
            expected.updatedAt = DiaryTime.normalized(note.updatedAt)
            #expect(rebuilt == expected)
        }
        #expect(parsed.rows.map(\.categoryName) == ["스릴러, 서스펜스", "드라마", nil])
    }

    @Test("own JSON: malformed files are refused; bad notes are listed")
    func jsonInvalid() throws {
        for (text, expected) in [
            ("{", "This is not a BoxOffice diary JSON file: the JSON is malformed."),
            ("[]", "This is not a BoxOffice diary JSON file: the file must hold a JSON object."),
            (#"{"format":"other","version":1,"notes":[]}"#, "format is \"other\""),
            (#"{"format":"boxoffice-diary","version":2,"notes":[]}"#, "version 2"),
            (#"{"format":"boxoffice-diary","version":1,"notes":{}}"#, "notes must be an array"),
        ] {
            #expect(throws: DiaryFileProblem.self) { try DiaryJSONCodec.parse(Data(text.utf8), today: today) }
            do {
                _ = try DiaryJSONCodec.parse(Data(text.utf8), today: today)
            } catch {
                #expect(error.message.contains(expected), "\(text): \(error.message)")
            }
        }
        let text = """
            {"format":"boxoffice-diary","version":1,"notes":[
              {"id":"6F1B6F37-0A6B-4C33-9A4F-5E7C1E7B1A01","movieCode":"20190001","title":"기생충","watchedOn":"2024-03-01","createdAt":"2024-03-01T00:00:00.000Z"},
              {"id":"6F1B6F37-0A6B-4C33-9A4F-5E7C1E7B1A02","movieCode":"20190001","title":"기생충","watchedOn":"2024-03-01","rating":6,"createdAt":"2024-03-01T00:00:00.000Z"},
              {"id":"6F1B6F37-0A6B-4C33-9A4F-5E7C1E7B1A03","movieCode":"20190001","title":"기생충","watchedOn":"2030-01-01","createdAt":"2024-03-01T00:00:00.000Z"}
            ]}
            """
        let parsed = try DiaryJSONCodec.parse(Data(text.utf8), today: today)
        #expect(parsed.rows.count == 1)
        #expect(parsed.invalid.map(\.row) == [2, 3])
        #expect(parsed.invalid[0].reason.text.contains("notes[1].rating"))
        #expect(parsed.invalid[1].reason.text.contains("in the future"))
    }

    @Test("Letterboxd: reads a diary export, by column name")
    func letterboxdParse() throws {
        let text = """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
            2024-03-02,Parasite,2019,https://boxd.it/abc,4.5,,"korean, thriller",2024-03-01
            2024-03-05,"Dune: Part Two",2024,https://boxd.it/def,,Yes,,
            2024-03-06,Nope,2022,https://boxd.it/ghi,7,,,2024-03-06
            2024-03-07,,2022,,,,,2024-03-06
            2024-03-08,Future,2022,,,,,2025-01-01
            """
        let parsed = try LetterboxdCodec.parse(Data(text.utf8), today: today)
        #expect(parsed.rows.count == 2)
        let parasite = parsed.rows[0]
        #expect(parasite.title == "Parasite")
        #expect(parasite.year == 2019)
        #expect(parasite.rating?.stars == 4.5)
        #expect(parasite.tags == ["korean", "thriller"])
        #expect(parasite.watchedOn == DiaryFixtures.date("2024-03-01"))
        #expect(parasite.movieCode == nil)
        #expect(parasite.createdAt == DiaryFixtures.date("2024-03-02").startInstant(in: BoxOfficeCalendar.seoul))
        // No Watched Date: the logged date stands in.
        #expect(parsed.rows[1].watchedOn == DiaryFixtures.date("2024-03-05"))
        #expect(parsed.invalid.map(\.row) == [4, 5, 6])
        #expect(parsed.invalid[0].reason.text.contains("Rating must be from 0.5 to 5"))
        #expect(parsed.invalid[1].reason.text == "title must not be empty.")
        #expect(parsed.invalid[2].reason.text.contains("Watched Date \"2025-01-01\" is in the future"))
        #expect(throws: DiaryFileProblem.self) {
            try LetterboxdCodec.parse(Data("Title,When\nx,2024-01-01".utf8), today: today)
        }
    }

    @Test("Letterboxd: export uses English titles, marks rewatches and writes the category as a tag")
    func letterboxdExport() throws {
        let notes = sampleNotes()
        let text = String(decoding: LetterboxdCodec.export(notes: notes, categories: [thriller, drama]), as: UTF8.self)
        let records = try RFC4180.parse(text)
        #expect(
            records[0].fields == [
                "Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date",
            ])
        #expect(records[1].fields == ["2024-03-01", "Parasite", "2019", "", "4.5", "", "스릴러  서스펜스", "2024-03-01"])
        #expect(records[2].fields == ["2023-12-31", "-마이너스로 시작", "", "", "", "", "드라마", "2023-12-31"])
        #expect(records[3].fields == ["2024-03-01", "기생충", "", "", "1", "Yes", "", "2024-03-02"])
        #expect(text.contains(",'-마이너스로 시작,"))
        // Our own export reads back.
        let parsed = try LetterboxdCodec.parse(Data(text.utf8), today: today)
        #expect(parsed.rows.map(\.title) == ["Parasite", "-마이너스로 시작", "기생충"])
        #expect(parsed.rows.map(\.rating) == notes.map(\.rating))
    }
}
