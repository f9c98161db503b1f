import Foundation
import KOBIS
import Testing

/// The quirks of the real responses in `../shared/kobis-samples/more/`, on our own fixtures.
@Suite("Decoding the quirks of the directory services and of week charts")
struct QuirkDecodingTests {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try KOBISClient.decode(type, from: Fixtures.response(json))
    }

    @Test("company list: comma-joined titles, the '...총 N편' marker read as the total, never as a title")
    func companyList() throws {
        let result = try Self.decode(CompanyListResponseDTO.self, QuirkFixtures.companyList).companyListResult
        #expect(result.totalCount == 4)
        #expect(result.companies.count == 4)
        let first = result.companies[0]
        #expect(first.filmographyNames == ["첫째 영화", "둘째, 셋째", "넷째 영화"])
        #expect(first.filmographyTotal == nil)
        #expect(first.ceoName == "가대표")
        let cut = result.companies[1]
        #expect(cut.filmographyNames == ["하나", "둘", "셋"])
        #expect(cut.filmographyTotal == 1234)
        #expect(cut.name == "(주)가상배급")
        #expect(cut.nameEnglish == nil)
        #expect(cut.ceoName == nil)
        #expect(cut.partNames == ["제작사", "배급사", "수입사"])
        let empty = result.companies[2]
        #expect(empty.code == "20999")
        #expect(empty.filmographyNames.isEmpty)
        #expect(empty.filmographyTotal == nil)
        let nulls = result.companies[3]
        #expect(nulls.nameEnglish == nil && nulls.ceoName == nil)
        #expect(nulls.filmographyNames == ["다섯", "여섯"])
        #expect(nulls.filmographyTotal == 7)
        #expect(result.companies.allSatisfy { !$0.filmographyNames.contains { $0.contains("총") } })
    }

    @Test("company list: encoding joins with commas and appends the marker; decoding it again gives the same row")
    func companyListRoundTrip() throws {
        let row = CompanyListItemDTO(
            code: "20990002", name: "가상배급", nameEnglish: nil, partNames: ["배급사"], ceoName: nil,
            filmographyNames: ["하나", "둘, 셋"], filmographyTotal: 42)
        let data = try JSONEncoder().encode(row)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["filmoNames"] as? String == "하나,둘, 셋...총 42편")
        #expect(object["companyNmEn"] as? String == "")
        #expect(try JSONDecoder().decode(CompanyListItemDTO.self, from: data) == row)
        #expect(KOBISWireVocabulary.filmographyTotalMarker(420) == "...총 420편")
    }

    @Test("people list: titles split at '|' and trimmed, filmoNames null is no films, empty role is nil")
    func peopleList() throws {
        let result = try Self.decode(PeopleListResponseDTO.self, QuirkFixtures.peopleList).peopleListResult
        #expect(result.totalCount == 3)
        #expect(result.people[0].filmographyNames == ["가상 영화", "가상 영화 2", "세 번째", "생, 가상"])
        #expect(result.people[1].filmographyNames.isEmpty)
        #expect(result.people[1].representativeRole == "사운드팀")
        #expect(result.people[2].representativeRole == nil)
        #expect(result.people[2].nameEnglish == nil)
        #expect(result.people[2].filmographyNames == ["하나"])
        let encoded = try JSONEncoder().encode(result.people[1])
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["filmoNames"] is NSNull)
    }

    @Test("openDt ' ' is no date in charts, the movie list and movie info")
    func blankOpenDate() throws {
        let chart = try Self.decode(BoxOfficeResponseDTO.self, QuirkFixtures.dailyWithBlankOpenDate).boxOfficeResult
        #expect(chart.entries.count == 2)
        #expect(chart.entries[0].openDate == nil)
        #expect(chart.entries[0].movieName == "가상 오디세이")
        #expect(chart.entries[0].audienceTotal == 900)
        let list = try Self.decode(MovieListResponseDTO.self, QuirkFixtures.movieListWithBlankOpenDate)
        #expect(list.movieListResult.movies.count == 1)
        #expect(list.movieListResult.movies[0].openDate == nil)
        #expect(list.movieListResult.movies[0].productionYear == 1999)
        let info = try Self.decode(MovieInfoResponseDTO.self, QuirkFixtures.movieInfoWithBlankOpenDate)
        #expect(info.movieInfoResult.movieInfo.openDate == nil)
        #expect(info.movieInfoResult.movieInfo.runtimeMinutes == 149)
        // A chart row without a date is written as KOBIS writes it, and reads back the same.
        let encoded = try JSONEncoder().encode(chart.entries[0])
        let row = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(row["openDt"] as? String == " ")
        #expect(try JSONDecoder().decode(BoxOfficeEntryDTO.self, from: encoded) == chart.entries[0])
    }

    @Test("NEW is new to the chart, not the opening day: the row keeps its old opening date")
    func newIsNotOpeningDay() throws {
        let chart = try Self.decode(BoxOfficeResponseDTO.self, QuirkFixtures.dailyWithBlankOpenDate).boxOfficeResult
        let entry = chart.entries[1]
        #expect(entry.status == .new)
        #expect(entry.openDate == CalendarDate("2019-07-11"))
        #expect(entry.audienceTotal > entry.audience)
        #expect(chart.showRangeDates?.start == CalendarDate("2019-10-18"))
    }

    @Test("week chart (weekGb=0) across a year's end: ISO week 201501, decimal changes")
    func weekChart() throws {
        let chart = try Self.decode(BoxOfficeResponseDTO.self, QuirkFixtures.weekAcrossYearEnd).boxOfficeResult
        #expect(chart.boxOfficeType == KOBISWireVocabulary.weekChartType)
        #expect(chart.yearWeekTime == "201501")
        #expect(chart.showRangeDates?.start == CalendarDate("2014-12-29"))
        #expect(chart.showRangeDates?.end == CalendarDate("2015-01-04"))
        #expect(chart.entries.count == 2)
        #expect(chart.entries[0].salesChange == Decimal(string: "38135.3"))
        #expect(chart.entries[0].audienceChange == 42400)
        #expect(chart.entries[0].rankDelta == 26)
        #expect(chart.entries[1].salesDelta == -4_700_000_000)
        #expect(chart.entries[1].audienceChange == Decimal(string: "-41.8"))
    }

    @Test("company info: null English name and CEO; filmos keep companyPartNm on the wire")
    func companyInfoNulls() throws {
        let info = try Self.decode(CompanyInfoResponseDTO.self, QuirkFixtures.companyInfoWithNullNames)
            .companyInfoResult.companyInfo
        #expect(info.nameEnglish == nil && info.ceoName == nil)
        #expect(info.parts == ["수입사"])
        #expect(info.filmography.map(\.part) == ["수입사", "제작사"])
        #expect(info.filmography[0].movieName == "가상 수입작")
        let encoded = try JSONEncoder().encode(info)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["companyNmEn"] is NSNull && object["ceoNm"] is NSNull)
        let filmo = try #require((object["filmos"] as? [[String: Any]])?.first)
        #expect(filmo["companyPartNm"] as? String == "수입사" && filmo["moviePartNm"] == nil)
        #expect(try JSONDecoder().decode(CompanyInfoDTO.self, from: encoded) == info)
    }

    @Test("people info: null sex and null repRoleNm")
    func peopleInfoNulls() throws {
        let info = try Self.decode(PeopleInfoResponseDTO.self, QuirkFixtures.peopleInfoWithNullSexAndRole)
            .peopleInfoResult.peopleInfo
        #expect(info.sex == nil)
        #expect(info.representativeRole == nil)
        #expect(info.homepages.isEmpty)
        #expect(info.filmography == [FilmographyDTO(movieCode: "20990203", movieName: "가상 코미디", part: "배우")])
        let encoded = try JSONEncoder().encode(info)
        #expect(try JSONDecoder().decode(PeopleInfoDTO.self, from: encoded) == info)
    }

    @Test("a missing, null or empty companyInfo / peopleInfo decodes as empty, like movie info")
    func missingInfo() throws {
        for body in QuirkFixtures.missingInfoBodies {
            let company = try Self.decode(CompanyInfoResponseDTO.self, body.company).companyInfoResult.companyInfo
            #expect(company == .empty)
            #expect(company.code.isEmpty)
            let person = try Self.decode(PeopleInfoResponseDTO.self, body.people).peopleInfoResult.peopleInfo
            #expect(person == .empty)
            #expect(person.code.isEmpty)
        }
    }

    @Test("wide areas: 17 with 세종시, English names empty and kept empty")
    func wideAreas() throws {
        let codes = try Self.decode(CodeListResponseDTO.self, QuirkFixtures.wideAreas).codes
        #expect(codes.count == 17)
        #expect(codes.last == CommonCodeDTO(code: "0105017", koreanName: "세종시", englishName: ""))
        #expect(codes.allSatisfy { $0.englishName.isEmpty && !$0.koreanName.isEmpty })
        let nullName = try Self.decode(
            CodeListResponseDTO.self, #"{"codes":[{"fullCd":"0105001","korNm":"서울시","engNm":null}]}"#)
        #expect(nullName.codes == [CommonCodeDTO(code: "0105001", koreanName: "서울시", englishName: "")])
    }
}
