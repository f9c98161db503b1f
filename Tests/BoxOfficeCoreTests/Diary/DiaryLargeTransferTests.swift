import BoxOfficeApp
import Foundation
import Testing

@testable import BoxOfficeCodecs
@testable import BoxOfficeCore

@Suite("Diary service: large exports and imports")
struct DiaryLargeTransferTests {
    /// A JSON export of `count` notes, in the store's order, with all four categories.
    static func file(notes count: Int, seed: UInt64) throws -> (data: Data, notes: [DiaryNote]) {
        let (notes, categories) = DiaryExportFixtures.diary(notes: count, seed: seed)
        return (try DiaryJSONCodec.export(notes: notes, categories: categories, exportedAt: Date()), notes)
    }

    /// The CSV's records without their first field (the id, which an import into another account replaces), sorted.
    static func recordsWithoutIDs(_ csv: Data) -> [Substring] {
        String(decoding: csv, as: UTF8.self).split(separator: "\r\n").map { record in
            record.firstIndex(of: ",").map { record[record.index(after: $0)...] } ?? record
        }.sorted()
    }

    @Test(
        "50,000 notes import whole, export in chunks unchanged, and the export imports into another account as the same diary"
    )
    func fiftyThousand() async throws {
        var harness = DiaryHarness()
        harness.transferSettings.exportChunkSize = 1000
        let user = try await harness.user()
        let (data, _) = try Self.file(notes: 50_000, seed: 11)
        let report = try await harness.transfer.importFile(data, format: .json, for: user)
        #expect(report.rows == 50_000)
        // The fixture's titles and memos with control characters are refused row by row; every other row is in.
        #expect(report.imported + report.skipped.count == 50_000)
        #expect(report.skipped.allSatisfy { if case .invalid = $0.reason { true } else { false } })
        #expect(report.imported > 35_000)
        #expect(await harness.store.importBatches == 1)

        let export = try await harness.transfer.export(.csv, for: user)
        var chunks = 0
        var csv = Data()
        for try await chunk in export.chunks {
            chunks += 1
            csv.append(chunk)
        }
        #expect(chunks == (report.imported + 999) / 1000)
        let stored = try await harness.store.allNotes(userID: user.id).sorted {
            DiaryNoteCursor(after: $0).precedes($1)
        }
        let categories = try await harness.store.categories(userID: user.id)
        #expect(csv == ReferenceDiaryExport.csv(notes: stored, categories: categories))

        // Its JSON export, imported into another account, is the same diary (ids aside), and only once.
        let json = try await harness.transfer.export(.json, for: user).data()
        let other = try await harness.user("jisoo")
        #expect(try await harness.transfer.importFile(json, format: .json, for: other).imported == report.imported)
        let copy = try await harness.transfer.export(.csv, for: other).data()
        #expect(Self.recordsWithoutIDs(copy) == Self.recordsWithoutIDs(csv))
        #expect(try await harness.transfer.importFile(json, format: .json, for: other).imported == 0)
    }

    @Test("a file over the row limit is refused with its true row count, nothing written")
    func tooManyRows() async throws {
        var harness = DiaryHarness()
        harness.transferSettings.importRowLimit = 100
        let user = try await harness.user()
        let (data, _) = try Self.file(notes: 150, seed: 12)
        await #expect(throws: BoxOfficeError.invalid(nil, .tooManyRows(count: 150, limit: 100))) {
            try await harness.transfer.importFile(data, format: .json, for: user)
        }
        #expect(await harness.store.importBatches == 0)
        // Exactly at the limit it imports.
        let (fits, _) = try Self.file(notes: 100, seed: 13)
        #expect(try await harness.transfer.importFile(fits, format: .json, for: user).rows == 100)
    }

    @Test("an empty body is refused as empty in every format", arguments: DiaryFileFormat.allCases)
    func emptyBody(format: DiaryFileFormat) async throws {
        let harness = DiaryHarness()
        let user = try await harness.user()
        await #expect(throws: BoxOfficeError.invalid(nil, .emptyBody)) {
            try await harness.transfer.importFile(Data(), format: format, for: user)
        }
    }
}
