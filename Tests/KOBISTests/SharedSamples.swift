import Foundation
import KOBIS
import Testing

/// The real KOBIS responses in `../shared/kobis-samples/` (and its `more/` folder), when that folder is present.
/// They are read where they are, never copied into the repository.
enum SharedSamples {
    static let directory: URL = {
        // Tests/KOBISTests/SharedSamples.swift → repository root → ../shared/kobis-samples
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/kobis-samples")
    }()

    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }

    static let absentMessage = "../shared/kobis-samples is not present; real-response decoding tests skipped"

    static var moreIsPresent: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("more").path)
    }

    static let moreAbsentMessage =
        "../shared/kobis-samples/more is not present; decoding tests of the later real responses skipped"

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The sample `name` decoded as KOBISClient decodes a body (faults first).
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try KOBISClient.decode(type, from: HTTPTransportResponse(statusCode: 200, body: data(name)))
    }

    /// The sample `name` as plain JSON, to compare the decoded values with the text KOBIS sent.
    static func json(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data(name)) as? [String: Any])
    }

    /// The rows of a box-office sample as KOBIS sent them.
    static func rows(_ name: String) throws -> [[String: String]] {
        let result = try #require(try json(name)["boxOfficeResult"] as? [String: Any])
        return try #require(
            (result["dailyBoxOfficeList"] ?? result["weeklyBoxOfficeList"]) as? [[String: String]])
    }

    /// Every field of `entry` equals the text of `row`: integers and codes exactly, decimals as numbers,
    /// titles trimmed, a blank `openDt` as no date.
    static func expectExact(
        _ entry: BoxOfficeEntryDTO, _ row: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func int(_ key: String) -> Int64? { row[key].flatMap { Int64($0) } }
        func decimal(_ key: String) -> Decimal? { row[key].flatMap { Decimal(string: $0) } }
        let name = row["movieCd"] ?? "?"
        #expect(Int64(entry.rowNumber) == int("rnum"), "\(name) rnum", sourceLocation: sourceLocation)
        #expect(Int64(entry.rank) == int("rank"), "\(name) rank", sourceLocation: sourceLocation)
        #expect(Int64(entry.rankDelta) == int("rankInten"), "\(name) rankInten", sourceLocation: sourceLocation)
        #expect(entry.status.rawValue == row["rankOldAndNew"], "\(name) status", sourceLocation: sourceLocation)
        #expect(entry.movieCode == row["movieCd"], sourceLocation: sourceLocation)
        #expect(
            entry.movieName == row["movieNm"]?.trimmingCharacters(in: .whitespaces), sourceLocation: sourceLocation)
        let openDate = row["openDt"]?.trimmingCharacters(in: .whitespaces) ?? ""
        #expect(entry.openDate?.isoString ?? "" == openDate, "\(name) openDt", sourceLocation: sourceLocation)
        #expect(entry.salesAmount == int("salesAmt"), "\(name) salesAmt", sourceLocation: sourceLocation)
        #expect(entry.salesShare == decimal("salesShare"), "\(name) salesShare", sourceLocation: sourceLocation)
        #expect(entry.salesDelta == int("salesInten"), "\(name) salesInten", sourceLocation: sourceLocation)
        #expect(entry.salesChange == decimal("salesChange"), "\(name) salesChange", sourceLocation: sourceLocation)
        #expect(entry.salesTotal == int("salesAcc"), "\(name) salesAcc", sourceLocation: sourceLocation)
        #expect(entry.audience == int("audiCnt"), "\(name) audiCnt", sourceLocation: sourceLocation)
        #expect(entry.audienceDelta == int("audiInten"), "\(name) audiInten", sourceLocation: sourceLocation)
        #expect(entry.audienceChange == decimal("audiChange"), "\(name) audiChange", sourceLocation: sourceLocation)
        #expect(entry.audienceTotal == int("audiAcc"), "\(name) audiAcc", sourceLocation: sourceLocation)
        #expect(Int64(entry.screens) == int("scrnCnt"), "\(name) scrnCnt", sourceLocation: sourceLocation)
        #expect(Int64(entry.shows) == int("showCnt"), "\(name) showCnt", sourceLocation: sourceLocation)
    }

    /// Decodes the box-office sample `name`, checks every row against its text and returns the result.
    static func chart(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> BoxOfficeResultDTO {
        let result = try decode(BoxOfficeResponseDTO.self, name).boxOfficeResult
        let rows = try rows(name)
        #expect(result.entries.count == rows.count, "\(name): rows", sourceLocation: sourceLocation)
        for (entry, row) in zip(result.entries, rows) { expectExact(entry, row, sourceLocation: sourceLocation) }
        return result
    }
}
