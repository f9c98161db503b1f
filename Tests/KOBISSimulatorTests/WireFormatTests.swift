import Foundation
import KOBIS
import Testing
@testable import KOBISSimulator

@Suite("KOBIS wire format")
struct WireFormatTests {
    /// Every scalar under `value` (objects and arrays walked), with its path.
    static func scalars(_ value: Any, path: String = "") -> [(path: String, value: Any)] {
        if let object = value as? [String: Any] {
            return object.flatMap { scalars($0.value, path: path + "." + $0.key) }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { scalars($0.element, path: path + "[\($0.offset)]") }
        }
        return [(path, value)]
    }

    @Test("box-office and movie-info bodies hold only strings and decode with KOBISClient")
    func allStrings() throws {
        let daily = Fixture.get("boxoffice/searchDailyBoxOfficeList", ["key": "k", "targetDt": "20240315"])
        #expect(daily.status == 200)
        #expect(daily.contentType == "application/json;charset=UTF-8")
        let weekly = Fixture.get(
            "boxoffice/searchWeeklyBoxOfficeList", ["key": "k", "targetDt": "20240315", "weekGb": "0"])
        for response in [daily, weekly] {
            let values = Self.scalars(try Fixture.json(response))
            #expect(values.count > 150)
            for (path, value) in values {
                #expect(value is String, "\(path) is \(type(of: value))")
            }
            let decoded = try KOBISClient.decode(
                BoxOfficeResponseDTO.self, from: HTTPTransportResponse(statusCode: 200, body: response.body))
            #expect(decoded.boxOfficeResult.entries.count == 10)
        }
        let dailyObject = try #require(try Fixture.json(daily) as? [String: Any])
        let result = try #require(dailyObject["boxOfficeResult"] as? [String: Any])
        #expect(Set(result.keys) == ["boxofficeType", "showRange", "dailyBoxOfficeList"])
        let row = try #require((result["dailyBoxOfficeList"] as? [[String: Any]])?.first)
        #expect(row.count == 18)
        #expect((row["openDt"] as? String)?.count == 10)  // YYYY-MM-DD in charts
        // Field order as KOBIS sends it.
        let text = String(decoding: daily.body, as: UTF8.self)
        #expect(
            text.hasPrefix(
                #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20240315~20240315","dailyBoxOfficeList":[{"rnum":"1","rank":"1","rankInten":""#
            ))

        let code = try #require((row["movieCd"] as? String))
        let info = Fixture.get("movie/searchMovieInfo", ["key": "k", "movieCd": code])
        for (path, value) in Self.scalars(try Fixture.json(info)) {
            #expect(value is String, "\(path) is \(type(of: value))")
        }
        let decodedInfo = try KOBISClient.decode(
            MovieInfoResponseDTO.self, from: .init(statusCode: 200, body: info.body))
        #expect(decodedInfo.movieInfoResult.movieInfo.movieCode == code)
        #expect(decodedInfo.movieInfoResult.source == "영화진흥위원회")
        #expect(decodedInfo.movieInfoResult.movieInfo.openDate?.compactString.count == 8)
    }

    @Test("faults are KOBIS's, word for word, with HTTP 200")
    func faults() throws {
        func fault(_ response: SimulatorResponse) throws -> (code: String, message: String) {
            #expect(response.status == 200)
            do {
                _ = try KOBISClient.decode(
                    BoxOfficeResponseDTO.self, from: .init(statusCode: response.status, body: response.body))
            } catch .fault(let code, let message) {
                return (code, message)
            }
            Issue.record("no fault in \(String(decoding: response.body, as: UTF8.self))")
            return ("", "")
        }
        let service = "boxoffice/searchDailyBoxOfficeList"
        let noKey = try fault(Fixture.get(service, ["targetDt": "20240315"]))
        #expect(noKey.code == "320010" && noKey.message == "유효하지않은 키값입니다.")
        let emptyKey = try fault(Fixture.get(service, ["key": "", "targetDt": "20240315"]))
        #expect(emptyKey.code == "320010")
        let movieNoKey = try fault(Fixture.get("movie/searchMovieList", [:]))
        #expect(movieNoKey.code == "320010")
        let noDate = try fault(Fixture.get(service, ["key": "k"]))
        #expect(noDate.code == "320102")
        #expect(noDate.message == "날짜는 필수항목입니다.[parameterName=targetDt,parameterValue=null]")
        let shortDate = try fault(Fixture.get("boxoffice/searchWeeklyBoxOfficeList", ["key": "k", "targetDt": "2025"]))
        #expect(shortDate.code == "320103")
        #expect(shortDate.message == "날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=2025]")
        for bad in ["2024-03-15", "20240230", "2024031a"] {
            let malformed = try fault(Fixture.get(service, ["key": "k", "targetDt": bad]))
            #expect(malformed.code == "320103")
            #expect(malformed.message.hasSuffix("parameterValue=\(bad)]"))
        }
        // The exact bytes of a fault body.
        #expect(
            String(decoding: Fixture.get(service, ["targetDt": "20240315"]).body, as: UTF8.self)
                == #"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#)
    }

    @Test("unknown paths are 404; any service path prefix works")
    func paths() {
        let simulator = Fixture.simulator
        #expect(
            simulator.respond(path: "/kobisopenapi/webservice/rest/boxoffice/nope.json", query: ["key": "k"]).status
                == 404)
        #expect(
            simulator.respond(path: "/kobisopenapi/webservice/rest/movie/searchMovieInfo.xml", query: ["key": "k"])
                .status == 404)
        #expect(simulator.respond(path: "/elsewhere", query: ["key": "k"]).status == 404)
        let short = simulator.respond(
            path: "boxoffice/searchDailyBoxOfficeList.json", query: ["key": "k", "targetDt": "20240315"])
        #expect(short.status == 200)
        let long = simulator.respond(
            path: "/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json",
            query: ["key": "k", "targetDt": "20240315"])
        #expect(short.body == long.body)
    }

    @Test("the same clock gives the same bytes, from any instance")
    func determinism() {
        let first = KOBISSimulator(now: { Fixture.now })
        let second = KOBISSimulator(now: { Fixture.now })
        let requests: [(String, [String: String])] = [
            ("boxoffice/searchDailyBoxOfficeList", ["key": "a", "targetDt": "20230101"]),
            (
                "boxoffice/searchDailyBoxOfficeList",
                ["key": "b", "targetDt": "20100505", "wideAreaCd": "0105011", "repNationCd": "K"]
            ),
            (
                "boxoffice/searchWeeklyBoxOfficeList",
                ["key": "c", "targetDt": "20190710", "weekGb": "0", "multiMovieYn": "Y"]
            ),
            ("movie/searchMovieList", ["key": "d", "movieNm": "여름", "itemPerPage": "20"]),
            ("code/searchCodeList", ["key": "e", "comCode": "0105000000"]),
        ]
        for (service, query) in requests {
            let a = Fixture.get(service, query, simulator: first)
            let b = Fixture.get(service, query, simulator: second)
            #expect(a == b, "\(service)")
        }
        let code = first.dailyBoxOffice(Fixture.date("2016-08-08")).entries[0].movieCode
        #expect(first.movieInfo(code: code) == second.movieInfo(code: code))
        // Identity is pure integer arithmetic, so it is the same in every process and on every
        // platform: pin a few values (a change here changes every film of the universe).
        #expect(DeterministicHash.hash(.filmCount, 1) == 14_298_649_919_556_373_006)
        let film = FilmSchedule.film(week: 1_000, slot: 0)
        #expect(FilmSchedule.filmCount(inWeek: 1_000) == 7)
        #expect(film.code == "20231000")
        #expect(FilmTitle.title(for: film).korean == "골목의 사람들 2")
    }
}
