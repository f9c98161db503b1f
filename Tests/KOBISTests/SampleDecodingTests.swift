import Foundation
import KOBIS
import Testing

@Suite(
    "Real KOBIS responses from ../shared/kobis-samples",
    .enabled(if: SharedSamples.isPresent, Comment(rawValue: SharedSamples.absentMessage)))
struct SampleDecodingTests {
    @Test(
        "daily samples decode with every row's figures exact",
        arguments: [
            ("daily-20120101.json", "20112207", Int64(353_274), Int64(40_541_108_500), [Int]()),
            ("daily-20220105.json", "20199882", 64_050, 631_402_330, [1, 3]),
            ("daily-20230423.json", "20231089", 113_983, 12_940_719_230, []),
        ])
    func daily(file: String, firstCode: String, firstAudience: Int64, firstSalesTotal: Int64, newRanks: [Int]) throws {
        let result = try SharedSamples.chart(file)
        #expect(result.boxOfficeType == KOBISWireVocabulary.dailyChartType)
        #expect(result.yearWeekTime == nil)
        #expect(result.entries.count == 10)
        #expect(result.entries.map(\.rank) == Array(1...10))
        #expect(result.entries[0].movieCode == firstCode)
        #expect(result.entries[0].audience == firstAudience)
        #expect(result.entries[0].salesTotal == firstSalesTotal)
        #expect(result.entries.filter { $0.status == .new }.map(\.rank) == newRanks)
        let day = try #require(CalendarDate(String(file.dropFirst("daily-".count).prefix(8))))
        #expect(result.showRangeDates?.start == day && result.showRangeDates?.end == day)
    }

    @Test("2022-01-05's first row is 경관의 피, new, 64,050")
    func knownRow() throws {
        let result = try SharedSamples.decode(BoxOfficeResponseDTO.self, "daily-20220105.json").boxOfficeResult
        let first = try #require(result.entries.first)
        #expect(first.movieName == "경관의 피")
        #expect(first.status == .new)
        #expect(first.audience == 64050)
        #expect(first.audienceTotal == 69228)
        #expect(first.salesShare == Decimal(string: "34.2"))
        #expect(first.openDate == CalendarDate("2022-01-05"))
    }

    /// What each movie-info sample holds: code, runtime, opening day, and the length of every list.
    struct MovieInfoFigures: Sendable, CustomStringConvertible {
        var file: String
        var code: String
        var runtime: Int
        var openDate: String
        var counts: [Int]  // nations, genres, directors, actors, showTypes, companies, audits, staffs
        var auditNumber: String
        var description: String { file }
    }

    @Test(
        "movie info samples decode with exact figures and every list's length",
        arguments: [
            MovieInfoFigures(
                file: "movie-info-20124079.json", code: "20124079", runtime: 131, openDate: "2012-09-13",
                counts: [1, 2, 1, 36, 6, 14, 1, 345], auditNumber: "2012-F610"),
            MovieInfoFigures(
                file: "movie-info-20194376.json", code: "20194376", runtime: 130, openDate: "2022-06-22",
                counts: [1, 1, 1, 11, 5, 3, 1, 0], auditNumber: "2022-MF01001"),
            MovieInfoFigures(
                file: "movie-info-2023C109.json", code: "2023C109", runtime: 90, openDate: "2023-05-16",
                counts: [1, 3, 0, 2, 1, 1, 1, 0], auditNumber: "2022-MF02496"),
        ])
    func movieInfo(expected: MovieInfoFigures) throws {
        let result = try SharedSamples.decode(MovieInfoResponseDTO.self, expected.file).movieInfoResult
        let info = result.movieInfo
        #expect(result.source == KOBISWireVocabulary.source)
        #expect(info.movieCode == expected.code)
        #expect(!info.movieName.isEmpty)
        #expect(info.runtimeMinutes == expected.runtime)
        #expect(info.openDate?.isoString == expected.openDate)
        let counts = [
            info.nations.count, info.genres.count, info.directors.count, info.actors.count, info.showTypes.count,
            info.companies.count, info.audits.count, info.staffs.count,
        ]
        #expect(counts == expected.counts)
        #expect(info.audits.first?.number == expected.auditNumber)
        #expect(info.companies.contains { $0.part == KOBISWireVocabulary.distributorPart })
    }

    @Test("extracted weekend chart: every row exact, ISO week 201152")
    func extractedWeekend() throws {
        let weekly = try SharedSamples.chart("extracted/weekly-weekend-20120101.extracted.json")
        #expect(weekly.boxOfficeType == KOBISWireVocabulary.weekendChartType)
        #expect(weekly.yearWeekTime == "201152")
        #expect(weekly.showRange == "20111230~20120101")
        #expect(weekly.entries.count == 10)
        #expect(weekly.entries[0].audience == 1_007_683)
        #expect(weekly.entries[0].audienceTotal == 5_328_435)
        #expect(weekly.entries.filter { $0.status == .new }.map(\.rank) == [7])
        // The weekend ends on 2012-01-01: each film's totals are the daily chart's of that day.
        let daily = try SharedSamples.decode(BoxOfficeResponseDTO.self, "daily-20120101.json").boxOfficeResult
        let dailyTotals = Dictionary(uniqueKeysWithValues: daily.entries.map { ($0.movieCode, $0.audienceTotal) })
        #expect(weekly.entries.allSatisfy { dailyTotals[$0.movieCode] == $0.audienceTotal })
    }

    @Test("extracted movie list: totCnt a number, alphanumeric code, empty openDt and lists")
    func extractedMovieList() throws {
        let name = "extracted/movie-list-default-page1.extracted.json"
        let list = try SharedSamples.decode(MovieListResponseDTO.self, name).movieListResult
        #expect(list.totalCount == 95043)
        #expect(list.source == KOBISWireVocabulary.source)
        #expect(list.movies.count == 10)
        #expect(list.movies.contains { $0.movieCode == "2023C165" })
        #expect(list.movies.filter { $0.openDate == nil }.count == 7)
        #expect(list.movies[0].nations == ["인도", "프랑스", "미국"])
        #expect(list.movies.map(\.directors.count) == [1, 1, 1, 1, 1, 0, 1, 1, 1, 1])
        #expect(list.movies.map(\.companies.count) == [0, 0, 0, 0, 0, 0, 1, 2, 0, 1])
    }
}
