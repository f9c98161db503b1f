import Foundation
import Testing

@testable import BoxOfficeCodecs
@testable import BoxOfficeCore

@Suite("Diary export written a piece at a time")
struct DiaryExportWriterTests {
    static let exportedAt = Date(timeIntervalSince1970: 1_710_900_000.123)

    /// The file in chunks of `chunk` notes, as the export streams it.
    static func streamed(
        _ format: DiaryFileFormat, notes: [DiaryNote], categories: [DiaryCategory], chunk: Int,
        layout: DiaryJSONCodec.Layout = .prettyPrinted
    ) throws -> Data {
        var writer = try DiaryExportWriter(
            format: format, categories: categories, exportedAt: exportedAt, layout: layout)
        var data = Data()
        for start in stride(from: 0, to: notes.count, by: chunk) {
            data.append(try writer.write(Array(notes[start..<min(notes.count, start + chunk)])))
        }
        data.append(try writer.finish())
        return data
    }

    static func reference(_ format: DiaryFileFormat, notes: [DiaryNote], categories: [DiaryCategory]) throws -> Data {
        switch format {
        case .csv: ReferenceDiaryExport.csv(notes: notes, categories: categories)
        case .json: try ReferenceDiaryExport.json(notes: notes, categories: categories, exportedAt: exportedAt)
        case .letterboxd: ReferenceDiaryExport.letterboxd(notes: notes, categories: categories)
        }
    }

    @Test(
        "streamed files are byte for byte the whole-file encoding, whatever the chunk size",
        arguments: DiaryFileFormat.allCases, [UInt64(1), 2, 3])
    func sameBytes(format: DiaryFileFormat, seed: UInt64) throws {
        let (notes, categories) = DiaryExportFixtures.diary(notes: 300, seed: seed)
        let expected = try Self.reference(format, notes: notes, categories: categories)
        for chunk in [1, 7, 128, 300, 500] {
            let streamed = try Self.streamed(format, notes: notes, categories: categories, chunk: chunk)
            #expect(streamed == expected, "\(format), chunks of \(chunk)")
        }
        // The whole-file functions are the writer too.
        let whole: Data =
            switch format {
            case .csv: DiaryCSVCodec.export(notes: notes, categories: categories)
            case .json: try DiaryJSONCodec.export(notes: notes, categories: categories, exportedAt: Self.exportedAt)
            case .letterboxd: LetterboxdCodec.export(notes: notes, categories: categories)
            }
        #expect(whole == expected)
    }

    @Test("an empty diary's file comes whole from finish()", arguments: DiaryFileFormat.allCases)
    func emptyDiary(format: DiaryFileFormat) throws {
        let (_, categories) = DiaryExportFixtures.diary(notes: 0, seed: 4)
        for categories in [categories, []] {
            var writer = try DiaryExportWriter(format: format, categories: categories, exportedAt: Self.exportedAt)
            #expect(try writer.write([]).isEmpty)
            #expect(try writer.finish() == Self.reference(format, notes: [], categories: categories))
        }
    }

    @Test("the compact JSON is the pretty one without its layout, and valid JSON of the same shape")
    func compactJSON() throws {
        let (notes, categories) = DiaryExportFixtures.diary(notes: 120, seed: 5)
        let compact = try Self.streamed(.json, notes: notes, categories: categories, chunk: 11, layout: .compact)
        let pretty = try Self.streamed(.json, notes: notes, categories: categories, chunk: 11)
        #expect(!compact.contains(UInt8(ascii: "\n")))
        let a = try #require(try JSONSerialization.jsonObject(with: compact) as? NSDictionary)
        let b = try #require(try JSONSerialization.jsonObject(with: pretty) as? NSDictionary)
        #expect(a == b)
        #expect((a["notes"] as? [Any])?.count == 120)
        #expect(a["format"] as? String == "boxoffice-diary")
        // A one-shot encoding of the same document, compact.
        let encoder = DiaryJSONCodec.encoder(.compact)
        let expected = try encoder.encode(
            DiaryJSONCodec.ExportArchive(
                exportedAt: Self.exportedAt,
                categories: categories.map {
                    DiaryJSONCodec.ArchivedCategory(
                        id: $0.id, name: $0.name, visible: $0.visible, position: $0.position)
                }, notes: notes))
        #expect(compact == expected)
    }
}
