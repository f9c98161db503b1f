import Foundation
import KOBIS
import Testing

@Suite(
    "Real KOBIS responses from ../shared/kobis-samples",
    .enabled(if: SharedSamples.isPresent, Comment(rawValue: SharedSamples.absentMessage)))
struct SampleDecodingTests {
    @Test(
        "daily samples decode with exact figures",
        arguments: ["daily-20120101.json", "daily-20220105.json", "daily-20230423.json"])
    func daily(file: String) throws {
        let result = try KOBISClient.decode(
            BoxOfficeResponseDTO.self, from: HTTPTransportResponse(statusCode: 200, body: SharedSamples.data(file))
        ).boxOfficeResult
        #expect(result.entries.count == 10)
        #expect(result.entries.map(\.rank) == Array(1...10))
        #expect(result.entries.allSatisfy { $0.movieName == $0.movieName.trimmingCharacters(in: .whitespaces) })
        let raw = try #require(try JSONSerialization.jsonObject(with: SharedSamples.data(file)) as? [String: Any])
        let rows = try #require(
            (raw["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: String]])
        for (row, entry) in zip(rows, result.entries) {
            #expect(String(entry.audienceTotal) == row["audiAcc"])
            #expect(String(entry.salesTotal) == row["salesAcc"])
            #expect(entry.movieCode == row["movieCd"])
            #expect(entry.status.rawValue == row["rankOldAndNew"])
        }
    }

    @Test("2022-01-05's first row is 경관의 피, new, 64,050")
    func knownRow() throws {
        let result = try KOBISClient.decode(
            BoxOfficeResponseDTO.self,
            from: HTTPTransportResponse(statusCode: 200, body: SharedSamples.data("daily-20220105.json"))
        ).boxOfficeResult
        let first = try #require(result.entries.first)
        #expect(first.movieName == "경관의 피")
        #expect(first.status == .new)
        #expect(first.audience == 64050)
        #expect(first.audienceTotal == 69228)
        #expect(first.salesShare == Decimal(string: "34.2"))
    }

    @Test(
        "movie info samples decode",
        arguments: ["movie-info-20124079.json", "movie-info-20194376.json", "movie-info-2023C109.json"])
    func movieInfo(file: String) throws {
        let info = try KOBISClient.decode(
            MovieInfoResponseDTO.self, from: HTTPTransportResponse(statusCode: 200, body: SharedSamples.data(file))
        ).movieInfoResult.movieInfo
        #expect(file.contains(info.movieCode))
        #expect(!info.movieName.isEmpty)
        #expect(info.runtimeMinutes != nil)
        #expect(info.audits.allSatisfy { $0.number == $0.number.trimmingCharacters(in: .whitespaces) })
    }

    @Test("extracted weekly and movie-list responses decode")
    func extracted() throws {
        let weekly = try KOBISClient.decode(
            BoxOfficeResponseDTO.self,
            from: HTTPTransportResponse(
                statusCode: 200, body: SharedSamples.data("extracted/weekly-weekend-20120101.extracted.json"))
        ).boxOfficeResult
        #expect(weekly.yearWeekTime == "201152")
        #expect(weekly.entries.count == 10)
        let list = try KOBISClient.decode(
            MovieListResponseDTO.self,
            from: HTTPTransportResponse(
                statusCode: 200, body: SharedSamples.data("extracted/movie-list-default-page1.extracted.json"))
        ).movieListResult
        #expect(list.totalCount == 95043)
        #expect(list.movies.contains { $0.movieCode == "2023C165" })
    }
}
