import Foundation
import Testing

@testable import BoxOfficeCodecs
@testable import BoxOfficeCore

@Suite("Diary JSON read as it arrives")
struct DiaryJSONImportReaderTests {
    static let today = CalendarDate(year: 2024, month: 3, day: 20)!

    enum Outcome: Equatable {
        case parsed(rows: [DiaryImportRow], invalid: [DiarySkippedRow], categories: [DiaryImportBatch.Category])
        case failed(DiaryFileProblem)
    }

    static func outcome(_ body: () throws(DiaryFileProblem) -> ParsedDiaryFile) -> Outcome {
        do throws(DiaryFileProblem) {
            let parsed = try body()
            return .parsed(rows: parsed.rows, invalid: parsed.invalid, categories: parsed.categories)
        } catch {
            return .failed(error)
        }
    }

    /// Reads `data` in pieces of `piece` bytes.
    static func streamed(_ data: Data, piece: Int, rowLimit: Int = .max) -> (Outcome, rowCount: Int) {
        var reader = DiaryJSONImportReader(today: today, rowLimit: rowLimit)
        let outcome = outcome { () throws(DiaryFileProblem) in
            var offset = data.startIndex
            while offset < data.endIndex {
                let end = min(data.endIndex, offset + piece)
                try reader.read(data[offset..<end])
                offset = end
            }
            return try reader.finish()
        }
        return (outcome, reader.rowCount)
    }

    static func whole(_ data: Data) -> Outcome {
        outcome { () throws(DiaryFileProblem) in try DiaryJSONCodec.parseWhole(data, today: today) }
    }

    @Test("an export reads into the same rows in pieces of any size", arguments: [UInt64(7), 8])
    func export(seed: UInt64) throws {
        let (notes, categories) = DiaryExportFixtures.diary(notes: 300, seed: seed)
        for layout in [DiaryJSONCodec.Layout.prettyPrinted, .compact] {
            let data = try DiaryJSONCodec.export(
                notes: notes, categories: categories, exportedAt: Date(), layout: layout)
            let expected = Self.whole(data)
            guard case .parsed(let rows, let invalid, let parsedCategories) = expected else {
                Issue.record("the export does not read: \(expected)")
                return
            }
            #expect(rows.count + invalid.count == 300)
            #expect(parsedCategories.count == 4)
            for piece in [1, 3, 64, 4096, data.count] {
                let (outcome, count) = Self.streamed(data, piece: piece)
                #expect(outcome == expected, "\(layout), pieces of \(piece)")
                #expect(count == 300)
            }
        }
    }

    static let note =
        #"{"id":"6F1C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A01","movieCode":"20190001","title":"기생충","watchedOn":"2024-03-01","createdAt":"2024-03-01T10:00:00.000Z"}"#
    static let category = #"{"id":"1E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A02","name":"극장","visible":true,"position":0}"#
    static let categorized =
        #"{"id":"6F1C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A03","movieCode":"20190002","title":"괴물","watchedOn":"2024-03-02","createdAt":"2024-03-02T10:00:00.000Z","categoryId":"1E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A02","memo":"\"]}[{,\\"}"#
    static let unknownCategory =
        #"{"id":"6F1C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A04","movieCode":"20190003","title":"마더","watchedOn":"2024-03-03","createdAt":"2024-03-03T10:00:00.000Z","categoryId":"9E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A09"}"#
    static let head = #"{"format":"boxoffice-diary","version":1,"#

    /// Files good and bad: each reads (or fails) in pieces exactly as it does whole.
    static let files: [String] = [
        "", "   ", "\u{FEFF}" + head + #""notes":[]}"#, "[]", "[\(note)]", "5", "\"text\"", "null", "{", "{}",
        "{\"notes\":[]}", head + #""notes":[]}"#, head + #""notes":[] }  "#, head + #""notes":[]} x"#,
        head + #""notes":[\#(note)]"#, head + #""notes":[\#(note),]}"#, head + #""notes":[,\#(note)]}"#,
        head + #""notes":[\#(note)\#(note)]}"#, head + #""notes":[],}"#, "{,}", head + #""notes":[\#(note),,]}"#,
        head + #"   , "notes":[]}"#, head + #""notes":[\#(note)] "version":1}"#,
        head + #""notes":[\#(note), 5, null, "x", [], {}, true, 1.5e3, {"id":"bad"}]}"#,
        head + #""notes":[{"movieCode": tru}]}"#, head + #""notes":[{"movieCode":"20190001",}]}"#,
        head + #""notes":{"a":1}}"#, head + #""notes":null}"#, head + #""notes":5}"#,
        #"{"format":"boxoffice-diary","notes":[\#(note)]}"#, #"{"format":"other","version":1,"notes":[\#(note)]}"#,
        #"{"format":"boxoffice-diary","version":2,"notes":[\#(unknownCategory)]}"#,
        #"{"format":"boxoffice-diary","version":1}"#,
        head + #""categories":[\#(category)],"notes":[\#(note),\#(categorized),\#(unknownCategory),\#(note)]}"#,
        head + #""notes":[\#(note),\#(categorized),\#(unknownCategory)],"categories":[\#(category)]}"#,
        head + #""notes":[\#(categorized),\#(note)],"categories":[\#(category)]}"#,
        head + #""categories":[\#(category)],"notes":[\#(categorized),\#(note)]}"#,
        head + #""categories":[{"id":"x","name":"a"}],"notes":[\#(categorized)]}"#,
        head + #""categories":[{"id":"1E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A02","name":""}],"notes":[\#(note)]}"#,
        head + #""categories":5,"notes":[\#(note)]}"#,
        #"{"no\u0074es":[\#(note)],"format":"boxoffice-diary","version":1, "exportedAt" : "2024-03-01T00:00:00.000Z"}"#,
        #"{ "format" : "boxoffice-diary" , "version" : 1 , "notes" : [ "#
            + "\n\t\(note) ,\r\n \(note) ] , \"extra\" : {\"a\":[1,{\"b\":\"]}\"}]} }",
        head
            + #""notes":[{"id":"6F1C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A01","movieCode":"20190001","title":"","watchedOn":"2030-01-01","createdAt":"2024-03-01T10:00:00.000Z"}]}"#,
        head + #""notes":[\#(note)]}"# + "\u{0}",
    ]

    @Test("good and bad files read in pieces exactly as they do whole")
    func sameOutcome() {
        for (index, text) in Self.files.enumerated() {
            let data = Data(text.utf8)
            let expected = Self.whole(data)
            for piece in [1, 2, 5, 17, max(1, data.count)] {
                #expect(Self.streamed(data, piece: piece).0 == expected, "file \(index) in pieces of \(piece): \(text)")
            }
        }
        // Not UTF-8 at all.
        let bytes = Data([0x7B, 0xFF, 0xFE, 0x7D])
        #expect(Self.streamed(bytes, piece: 1).0 == Self.whole(bytes))
    }

    @Test("notes past the row limit are counted, not read")
    func rowLimit() throws {
        let (notes, categories) = DiaryExportFixtures.diary(notes: 50, seed: 9)
        let data = try DiaryJSONCodec.export(notes: notes, categories: categories, exportedAt: Date())
        let (outcome, count) = Self.streamed(data, piece: 100, rowLimit: 20)
        #expect(count == 50)
        guard case .parsed(let rows, let invalid, _) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(rows.count + invalid.count == 20)
    }

    @Test("a file that does not begin as an object is kept only so far: past 64 KB it is simply not an object")
    func notAnObjectIsNotKept() {
        let small = Data("[0,0,0]".utf8)
        #expect(
            Self.streamed(small, piece: 3).0 == Self.whole(small), "a small one is worded as the whole read words it")
        let large = Data(("[" + String(repeating: "0,", count: 100_000) + "0]").utf8)
        for piece in [1 << 10, 1 << 20, large.count] {
            #expect(Self.streamed(large, piece: piece).0 == .failed(.notDiaryJSON(InputProblem(nil, .notJSONObject))))
        }
    }
}
