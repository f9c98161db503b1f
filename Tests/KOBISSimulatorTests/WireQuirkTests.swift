import Foundation
import KOBIS
import Testing

@testable import KOBISSimulator

/// The simulator writes the quirks of KOBIS's real answers, so that the client's handling of them is exercised.
@Suite("KOBIS's quirks in the simulator's answers")
struct WireQuirkTests {
    @Test("company list: titles joined with commas; a long filmography ends with '...총 N편', read back as the total")
    func companyListFilmography() throws {
        let response = Fixture.get("company/searchCompanyList", ["key": "k", "itemPerPage": "100"])
        let raw = try #require(try Fixture.json(response) as? [String: Any])
        let rows = try #require((raw["companyListResult"] as? [String: Any])?["companyList"] as? [[String: Any]])
        let texts = rows.compactMap { $0["filmoNames"] as? String }
        #expect(texts.count == rows.count)
        #expect(!texts.contains { $0.contains("|") })
        #expect(texts.contains { $0.contains(",") })
        let marked = texts.filter { $0.hasSuffix("편") && $0.contains("...총 ") }
        #expect(!marked.isEmpty, "a distributor has more films than a row lists")

        let decoded = try KOBISClient.decode(
            CompanyListResponseDTO.self, from: .init(statusCode: 200, body: response.body))
        let limit = KOBISSimulator.companyListFilmographyLimit
        var cut = 0
        for company in decoded.companyListResult.companies {
            let info = try #require(Fixture.simulator.companyInfo(code: company.code))
            let films = info.filmography.map(\.movieName)
            #expect(!company.filmographyNames.contains { $0.contains("총") })
            if let total = company.filmographyTotal {
                cut += 1
                #expect(total == films.count && total > limit)
                #expect(company.filmographyNames == Array(films.prefix(limit)))
            } else {
                #expect(company.filmographyNames == films)
            }
        }
        #expect(cut == marked.count)
    }

    @Test("company info: filmos carry companyPartNm, as KOBIS sends them")
    func companyInfoParts() throws {
        let company = try #require(Fixture.simulator.companyList(CompanyListRequest(itemsPerPage: 1)).companies.first)
        let response = Fixture.get("company/searchCompanyInfo", ["key": "k", "companyCd": company.code])
        let raw = try #require(try Fixture.json(response) as? [String: Any])
        let info = try #require((raw["companyInfoResult"] as? [String: Any])?["companyInfo"] as? [String: Any])
        let filmos = try #require(info["filmos"] as? [[String: Any]])
        #expect(!filmos.isEmpty)
        #expect(filmos.allSatisfy { $0["companyPartNm"] is String && $0["moviePartNm"] == nil })
    }

    @Test("some re-releases show openDt ' ' in their chart rows, deterministically; their details keep the date")
    func blankOpenDate() throws {
        let days = Fixture.days(from: "2024-02-01", count: 29)
        var found: [String: CalendarDate] = [:]
        for day in days {
            let response = Fixture.get(
                "boxoffice/searchDailyBoxOfficeList", ["key": "k", "targetDt": day.compactString, "multiMovieYn": "Y"])
            let rows = try #require(
                ((try Fixture.json(response) as? [String: Any])?["boxOfficeResult"] as? [String: Any])?[
                    "dailyBoxOfficeList"] as? [[String: String]])
            let chart = try KOBISClient.decode(
                BoxOfficeResponseDTO.self, from: .init(statusCode: 200, body: response.body))
            for (row, entry) in zip(rows, chart.boxOfficeResult.entries) {
                let isReRelease = try #require(FilmSchedule.film(code: entry.movieCode)).isReRelease
                #expect((row["openDt"] == " ") == isReRelease)
                #expect((entry.openDate == nil) == isReRelease)
                if isReRelease { found[entry.movieCode] = day }
            }
        }
        #expect(!found.isEmpty, "a re-release plays in February 2024's diversity charts")
        let other = KOBISSimulator(now: { Fixture.now })
        for (code, day) in found {
            #expect(
                other.dailyBoxOffice(day, multiMovie: .diversity).entries.contains {
                    $0.movieCode == code && $0.openDate == nil
                })
            let info = try #require(Fixture.simulator.movieInfo(code: code))
            #expect(info.openDate != nil)
            let weekly = Fixture.simulator.weeklyBoxOffice(day, range: .week, multiMovie: .diversity)
            #expect(
                weekly.entries.allSatisfy { $0.openDate != nil || FilmSchedule.film(code: $0.movieCode)!.isReRelease })
        }
    }

    @Test("wide areas: KOBIS's 17, with 세종시 and an empty engNm, and a chart for each")
    func wideAreas() throws {
        let response = Fixture.get("code/searchCodeList", ["key": "k", "comCode": "0105000000"])
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasSuffix(#"{"fullCd":"0105017","korNm":"세종시","engNm":""}]}"#))
        let codes = try KOBISClient.decode(CodeListResponseDTO.self, from: .init(statusCode: 200, body: response.body))
            .codes
        #expect(
            codes.map(\.koreanName) == [
                "서울시", "경기도", "강원도", "충청북도", "충청남도", "경상북도", "경상남도", "전라북도", "전라남도", "제주도",
                "부산시", "대구시", "대전시", "울산시", "인천시", "광주시", "세종시",
            ])
        #expect(codes.allSatisfy { $0.englishName.isEmpty })
        let sejong = Fixture.simulator.dailyBoxOffice(Fixture.date("2024-03-16"), wideAreaCode: "0105017")
        #expect(!sejong.entries.isEmpty)
        let national = Fixture.simulator.dailyBoxOffice(Fixture.date("2024-03-16"))
        #expect(sejong.entries[0].audience < national.entries[0].audience / 50)
    }
}
