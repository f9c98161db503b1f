import Foundation
import KOBIS
import Testing

/// What KOBIS sends that no page shows or archive sums must not cost the answer: a chart with an empty change on
/// the day before, or a film whose running time reads "131분", is still the chart and the film.
@Suite("Fields nothing shows, and details a page can go without")
struct UnshownFieldTests {
    @Test(
        "a row's number and the changes on the day before read as 0 when empty, null, missing or not a number",
        arguments: [#""""#, "null", #""-""#, #""N/A""#, nil])
    func unshownFigures(value: String?) throws {
        var body = Fixtures.daily
        for field in ["rnum", "salesInten", "salesChange", "audiInten", "audiChange"] {
            let pattern = #""\#(field)":"[^"]*","#
            let replacement = value.map { #""\#(field)":\#($0),"# } ?? ""
            body = body.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        let entries = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
            .boxOfficeResult.entries
        #expect(entries.count == 2)
        let first = try #require(entries.first)
        #expect(first.rowNumber == 0 && first.salesDelta == 0 && first.salesChange == 0)
        #expect(first.audienceDelta == 0 && first.audienceChange == 0)
        // What the chart shows is untouched.
        #expect(first.audience == 64050 && first.audienceTotal == 69228 && first.salesShare == Decimal(string: "34.2"))
    }

    @Test("a new entry's rank change may be empty: it has none", arguments: [#""""#, "null", #""-""#])
    func newEntryRankChange(value: String) throws {
        let body = Fixtures.daily(replacing: #""rankInten":"0""#, with: #""rankInten":\#(value)"#)
        let first = try #require(
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body)).boxOfficeResult.entries
                .first)
        #expect(first.status == .new && first.rankDelta == 0)
    }

    @Test(
        "an open date that is no day counts as blank, in a chart, the movie list and movie info",
        arguments: ["0", "00000000", "2022", "20220600", "미정"])
    func openDateNoDay(value: String) throws {
        let chart = Fixtures.daily(replacing: #""openDt":"2022-01-12""#, with: #""openDt":"\#(value)""#)
        let row = try #require(
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(chart)).boxOfficeResult.entries
                .first)
        #expect(row.openDate == nil && row.audience == 64050)
        let info = Fixtures.movieInfo.replacingOccurrences(of: #""openDt":"20220622""#, with: #""openDt":"\#(value)""#)
        let movie = try KOBISClient.decode(MovieInfoResponseDTO.self, from: Fixtures.response(info))
            .movieInfoResult.movieInfo
        #expect(movie.openDate == nil && movie.movieName == "가상 매버릭")
        let list = Fixtures.movieList.replacingOccurrences(of: #""openDt":"""#, with: #""openDt":"\#(value)""#)
        let films = try KOBISClient.decode(MovieListResponseDTO.self, from: Fixtures.response(list))
            .movieListResult.movies
        #expect(films.first?.openDate == nil && films.last?.openDate == CalendarDate("2023-01-05"))
    }

    @Test(
        "a running time or production year that does not read, or no year could be, is no value; the film still reads",
        arguments: [("131분", "미정"), ("-1", "-9223372036854775808"), ("100001", "99999")])
    func detailsThatDoNotRead(runtime: String, year: String) throws {
        let info = Fixtures.movieInfo.replacingOccurrences(of: #""showTm":"130""#, with: #""showTm":"\#(runtime)""#)
            .replacingOccurrences(of: #""prdtYear":"2020""#, with: #""prdtYear":"\#(year)""#)
        let movie = try KOBISClient.decode(MovieInfoResponseDTO.self, from: Fixtures.response(info))
            .movieInfoResult.movieInfo
        #expect(movie.runtimeMinutes == nil && movie.productionYear == nil)
        #expect(movie.movieCode == "20194376" && movie.genres.count == 2)
        let list = Fixtures.movieList.replacingOccurrences(of: #""prdtYear":"2021""#, with: #""prdtYear":"\#(year)""#)
        let films = try KOBISClient.decode(MovieListResponseDTO.self, from: Fixtures.response(list))
            .movieListResult.movies
        #expect(films.first?.productionYear == nil && films.first?.movieCode == "2023C165")
    }
}
