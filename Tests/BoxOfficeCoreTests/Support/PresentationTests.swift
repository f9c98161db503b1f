import BoxOfficeCore
import BoxOfficeText
import Foundation
import KOBIS
import Testing

@Suite("Presentation helpers")
struct PresentationTests {
    @Test(
        "thousands separators",
        arguments: [
            (Int64(0), "0"), (999, "999"), (1000, "1,000"), (64050, "64,050"), (6_252_827, "6,252,827"),
            (62_772_471_900, "62,772,471,900"), (-1234, "-1,234"),
        ])
    func thousands(value: Int64, expected: String) {
        #expect(NumberFormatting.thousands(value) == expected)
    }

    @Test("rank change rule and tones")
    func rankChange() {
        #expect(RankChange(isNew: true, rankDelta: 5) == .new)
        #expect(RankChange(isNew: false, rankDelta: 2) == .up(2))
        #expect(RankChange(isNew: false, rankDelta: -3) == .down(3))
        #expect(RankChange(isNew: false, rankDelta: 0) == .same)
        #expect(RankChange.up(2).tone == .rise)
        #expect(RankChange.down(2).tone == .fall)
    }

    @Test("rank change JSON is {kind, amount}")
    func rankChangeJSON() throws {
        let data = try BoxOfficeJSON.encoder().encode([RankChange.up(3), .new])
        #expect(String(decoding: data, as: UTF8.self) == #"[{"amount":3,"kind":"up"},{"amount":0,"kind":"new"}]"#)
        #expect(try JSONDecoder().decode([RankChange].self, from: data) == [.up(3), .new])
    }

    @Test("chart JSON has the contract's field names")
    func chartJSON() throws {
        let result = try JSONDecoder().decode(
            BoxOfficeResponseDTO.self,
            from: Data(
                #"""
                {"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20220105~20220105","dailyBoxOfficeList":[
                {"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20199882","movieNm":"경관의 피","openDt":"2022-01-05",
                "salesAmt":"584559330","salesShare":"34.2","salesInten":"584559330","salesChange":"100","salesAcc":"631402330",
                "audiCnt":"64050","audiInten":"64050","audiChange":"100","audiAcc":"69228","scrnCnt":"1171","showCnt":"4416"}]}}
                """#.utf8)
        ).boxOfficeResult
        let fetched = Date(timeIntervalSince1970: 1_795_849_200)
        let chart = DomainMapping.chart(
            result, query: .daily(CalendarDate("2022-01-05")!), source: .kobis, fetchedAt: fetched)
        let object = try #require(
            try JSONSerialization.jsonObject(with: BoxOfficeJSON.encoder().encode(chart)) as? [String: Any])
        #expect(object["kind"] as? String == "daily")
        #expect(object["source"] as? String == "kobis")
        #expect(object["stale"] as? Bool == false)
        #expect(object["fetchedAt"] as? String == "2026-11-28T07:00:00Z")
        #expect((object["range"] as? [String: String]) == ["start": "2022-01-05", "end": "2022-01-05"])
        let entry = try #require((object["entries"] as? [[String: Any]])?.first)
        #expect(entry["rank"] as? Int == 1)
        #expect((entry["change"] as? [String: Any])?["kind"] as? String == "new")
        #expect(entry["movieCode"] as? String == "20199882")
        #expect(entry["title"] as? String == "경관의 피")
        #expect(entry["openDate"] as? String == "2022-01-05")
        #expect(entry["audience"] as? Int == 64050)
        #expect(entry["audienceTotal"] as? Int == 69228)
        #expect(entry["sales"] as? Int == 584_559_330)
        #expect(entry["salesShare"] as? Double == 34.2)
        #expect(entry["salesTotal"] as? Int == 631_402_330)
        #expect(entry["screens"] as? Int == 1171)
        #expect(entry["shows"] as? Int == 4416)
    }

    @Test("movie mapping: grades without repeats, distributor, people")
    func movieMapping() {
        let info = MovieInfoDTO(
            movieCode: "1", movieName: "가", movieNameEnglish: "A", movieNameOriginal: "", runtimeMinutes: 100,
            productionYear: 2020, openDate: CalendarDate("2021-01-01"), productionStatus: "개봉", typeName: "장편",
            nations: [NationDTO(name: "한국")], genres: [GenreDTO(name: "드라마")],
            directors: [DirectorDTO(name: "감독", nameEnglish: "D")],
            actors: [ActorDTO(name: "배우", nameEnglish: "", role: "역", roleEnglish: "")], showTypes: [],
            companies: [
                MovieCompanyDTO(code: "c", name: "배급사A", nameEnglish: "", part: "배급사"),
                MovieCompanyDTO(code: "d", name: "제작사B", nameEnglish: "", part: "제작사"),
            ],
            audits: [AuditDTO(number: "1", grade: "15세이상관람가"), AuditDTO(number: "2", grade: "15세이상관람가")], staffs: [])
        let movie = DomainMapping.movie(info, source: .kobis, fetchedAt: Date())
        #expect(movie.grades == ["15세이상관람가"])
        #expect(movie.distributors.map(\.name) == ["배급사A"])
        #expect(movie.actors.first?.role == "역")
        #expect(movie.directors.first?.name == "감독")
    }
}
