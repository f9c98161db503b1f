import Foundation
import KOBIS
import Testing

/// Our own fixtures, one per quirk in KOBIS-API.md.
enum Fixtures {
    static let dailyRow = """
        {"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"NEW","movieCd":"2023C109","movieNm":"프렌즈: 몬스터섬의비밀 ",\
        "openDt":"2022-01-12","salesAmt":"584559330","salesShare":"34.2","salesInten":"584559330","salesChange":"100",\
        "salesAcc":"62772471900","audiCnt":"64050","audiInten":"-64050","audiChange":"-47.0","audiAcc":"69228",\
        "scrnCnt":"1171","showCnt":"4416"}
        """

    static let daily = """
        {"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20220105~20220105","dailyBoxOfficeList":[\(dailyRow),
        {"rnum":"2","rank":"2","rankInten":"-3","rankOldAndNew":"OLD","movieCd":"20112207","movieNm":"미션","openDt":"",\
        "salesAmt":"1","salesShare":"3.0","salesInten":"-1","salesChange":"11149.8","salesAcc":"1","audiCnt":"1",\
        "audiInten":"0","audiChange":"100.0","audiAcc":"1","scrnCnt":"1","showCnt":"1"}]}}
        """

    static let weekly = """
        {"boxOfficeResult":{"boxofficeType":"주말 박스오피스","showRange":"20111230~20120101","yearWeekTime":"201152",\
        "weeklyBoxOfficeList":[\(dailyRow)]}}
        """

    static let movieList = """
        {"movieListResult":{"totCnt":95043,"source":"영화진흥위원회","movieList":[
        {"movieCd":"2023C165","movieNm":"가상의 영화","movieNmEn":"A Film","prdtYear":"2021","openDt":"","typeNm":"온라인전용",
        "prdtStatNm":"개봉예정","nationAlt":"인도,프랑스,미국","genreAlt":"드라마","repNationNm":"인도","repGenreNm":"드라마",
        "directors":[],"companys":[]},
        {"movieCd":"20231091","movieNm":"둘째","movieNmEn":"","prdtYear":"","openDt":"20230105","typeNm":"장편",
        "prdtStatNm":"개봉","nationAlt":"","genreAlt":"","repNationNm":"","repGenreNm":"",
        "directors":[{"peopleNm":"판 나린"}],"companys":[{"companyCd":"20100001","companyNm":"가상필름"}]}]}}
        """

    static let movieInfo = """
        {"movieInfoResult":{"movieInfo":{"movieCd":"20194376","movieNm":"가상 매버릭","movieNmEn":"Top","movieNmOg":"",
        "showTm":"130","prdtYear":"2020","openDt":"20220622","prdtStatNm":"개봉","typeNm":"장편",
        "nations":[{"nationNm":"미국"}],"genres":[{"genreNm":"액션"},{"genreNm":"드라마"}],
        "directors":[{"peopleNm":"조셉 코신스키","peopleNmEn":"Joseph Kosinski"}],
        "actors":[{"peopleNm":"가상 배우","peopleNmEn":"Actor","cast":"","castEn":""}],
        "showTypes":[{"showTypeGroupNm":"2D","showTypeNm":"디지털"}],
        "companys":[{"companyCd":"20100002","companyNm":"가상배급","companyNmEn":"Fake","companyPartNm":"배급사"}],
        "audits":[{"auditNo":"2022-MF01001 ","watchGradeNm":"12세이상관람가"}],"staffs":[]},"source":"영화진흥위원회"}}
        """

    static let companyInfoWithNulls = """
        {"companyInfoResult":{"companyInfo":{"companyCd":"20100001","companyNm":"가상필름","companyNmEn":null,"ceoNm":null,
        "parts":[{"companyPartNm":"제작사"}],"filmos":[{"movieCd":"20231091","movieNm":"둘째","companyPartNm":"제작사"}]}}}
        """

    static let peopleInfoWithNulls = """
        {"peopleInfoResult":{"peopleInfo":{"peopleCd":"10000001","peopleNm":"가상인","peopleNmEn":"Fake Person","sex":null,
        "repRoleNm":"감독","homepages":[],"filmos":[{"movieCd":"20231091","movieNm":"둘째","moviePartNm":"감독"}]}}}
        """

    static let peopleList = """
        {"peopleListResult":{"totCnt":"2","peopleList":[{"peopleCd":"1","peopleNm":"가","peopleNmEn":"","repRoleNm":"배우",
        "filmoNames":"아브델|뱀파이어"},{"peopleCd":"2","peopleNm":"나","peopleNmEn":null,"repRoleNm":"배우","filmoNames":null}]}}
        """

    static let codes = """
        {"codes":[{"fullCd":"0105001","korNm":"서울시","engNm":"Seoul"},{"fullCd":"0105002","korNm":"경기도","engNm":"Gyeonggi-do"}]}
        """

    /// The daily fixture with one field of its first row changed.
    static func daily(replacing field: String, with replacement: String) -> String {
        precondition(daily.contains(field))
        return daily.replacingOccurrences(of: field, with: replacement)
    }

    static func response(_ json: String, status: Int = 200) -> HTTPTransportResponse {
        HTTPTransportResponse(statusCode: status, body: Data(json.utf8))
    }
}

@Suite("Decoding KOBIS's quirks")
struct DecodingTests {
    @Test("daily rows: strings to Int64/Decimal, trimmed titles, alphanumeric code, empty openDt")
    func dailyQuirks() throws {
        let result = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(Fixtures.daily))
            .boxOfficeResult
        #expect(result.boxOfficeType == "일별 박스오피스")
        #expect(result.showRangeDates?.start == CalendarDate("2022-01-05"))
        #expect(result.yearWeekTime == nil)
        let first = try #require(result.entries.first)
        #expect(first.movieCode == "2023C109")
        #expect(first.movieName == "프렌즈: 몬스터섬의비밀")
        #expect(first.status == .new)
        #expect(first.salesTotal == 62_772_471_900)
        #expect(first.salesShare == Decimal(string: "34.2"))
        #expect(first.salesChange == 100)
        #expect(first.audienceChange == Decimal(string: "-47"))
        #expect(first.audienceDelta == -64050)
        #expect(first.openDate == CalendarDate("2022-01-12"))
        let second = result.entries[1]
        #expect(second.rankDelta == -3)
        #expect(second.openDate == nil)
        #expect(second.salesChange == Decimal(string: "11149.8"))
        #expect(second.salesShare == 3)
    }

    @Test("scalars: numbers as JSON numbers, white space of any width around values, commas in integers")
    func lenientScalars() throws {
        let row = """
            {"rnum":1,"rank":" 2 ","rankInten":"\\t-1\\n","rankOldAndNew":"old","movieCd":"20231091",\
            "movieNm":"\u{3000}가상 영화\u{3000}","openDt":" 2023-01-05 ","salesAmt":"1,234,567","salesShare":12.5,\
            "salesInten":"0","salesChange":" -3.5 ","salesAcc":"+7","audiCnt":640,"audiInten":"0","audiChange":"0",\
            "audiAcc":"640","scrnCnt":"3","showCnt":"9"}
            """
        let body =
            #"{"boxOfficeResult":{"boxofficeType":"x","showRange":"20230105~20230105","dailyBoxOfficeList":["#
            + row + "]}}"
        let result = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body)).boxOfficeResult
        let entry = try #require(result.entries.first)
        #expect(entry.rowNumber == 1)
        #expect(entry.rank == 2)
        #expect(entry.rankDelta == -1)
        #expect(entry.status == .old)
        #expect(entry.movieName == "가상 영화")
        #expect(entry.openDate == CalendarDate("2023-01-05"))
        #expect(entry.salesAmount == 1_234_567)
        #expect(entry.salesShare == Decimal(string: "12.5"))
        #expect(entry.salesChange == Decimal(string: "-3.5"))
        #expect(entry.salesTotal == 7)
        #expect(entry.audience == 640)
    }

    @Test("weekly result keeps yearWeekTime and reads weeklyBoxOfficeList")
    func weekly() throws {
        let result = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(Fixtures.weekly))
            .boxOfficeResult
        #expect(result.yearWeekTime == "201152")
        #expect(result.entries.count == 1)
        #expect(result.showRangeDates?.end == CalendarDate("2012-01-01"))
    }

    @Test("wire round trip: encoding gives every scalar as a string and decodes back equal")
    func roundTrip() throws {
        let decoded = try JSONDecoder().decode(BoxOfficeResponseDTO.self, from: Data(Fixtures.weekly.utf8))
        let encoded = try JSONEncoder().encode(decoded)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let result = try #require(object["boxOfficeResult"] as? [String: Any])
        let row = try #require((result["weeklyBoxOfficeList"] as? [[String: Any]])?.first)
        #expect(row.count == 18)
        #expect(row.values.allSatisfy { $0 is String })
        #expect(row["salesShare"] as? String == "34.2")
        #expect(try JSONDecoder().decode(BoxOfficeResponseDTO.self, from: encoded) == decoded)
    }

    @Test("movie list: totCnt as a number, comma lists, empty arrays, empty openDt")
    func movieList() throws {
        let result = try KOBISClient.decode(MovieListResponseDTO.self, from: Fixtures.response(Fixtures.movieList))
            .movieListResult
        #expect(result.totalCount == 95043)
        #expect(result.source == "영화진흥위원회")
        #expect(result.movies[0].nations == ["인도", "프랑스", "미국"])
        #expect(result.movies[0].openDate == nil)
        #expect(result.movies[0].directors.isEmpty)
        #expect(result.movies[0].productionYear == 2021)
        #expect(result.movies[1].productionYear == nil)
        #expect(result.movies[1].openDate == CalendarDate("2023-01-05"))
        #expect(result.movies[1].nations.isEmpty)
        #expect(result.movies[1].companies.first?.name == "가상필름")
    }

    @Test("movie info: trailing space in auditNo, runtime as Int")
    func movieInfo() throws {
        let info = try KOBISClient.decode(MovieInfoResponseDTO.self, from: Fixtures.response(Fixtures.movieInfo))
            .movieInfoResult.movieInfo
        #expect(info.audits.first?.number == "2022-MF01001")
        #expect(info.runtimeMinutes == 130)
        #expect(info.openDate == CalendarDate("2022-06-22"))
        #expect(info.genres.map(\.name) == ["액션", "드라마"])
        #expect(info.staffs.isEmpty)
        #expect(info.companies.first?.part == "배급사")
    }

    @Test("unknown movie: an empty or null movieInfo decodes as empty")
    func unknownMovie() throws {
        for body in [
            #"{"movieInfoResult":{"movieInfo":{},"source":"영화진흥위원회"}}"#,
            #"{"movieInfoResult":{"movieInfo":null,"source":"영화진흥위원회"}}"#,
        ] {
            let info = try KOBISClient.decode(MovieInfoResponseDTO.self, from: Fixtures.response(body))
                .movieInfoResult.movieInfo
            #expect(info.movieCode.isEmpty)
            #expect(info == MovieInfoDTO.empty)
        }
    }

    @Test("company and people info tolerate JSON null")
    func nulls() throws {
        let company = try KOBISClient.decode(
            CompanyInfoResponseDTO.self, from: Fixtures.response(Fixtures.companyInfoWithNulls)
        )
        .companyInfoResult.companyInfo
        #expect(company.nameEnglish == nil)
        #expect(company.ceoName == nil)
        #expect(company.parts == ["제작사"])
        #expect(company.filmography.first?.part == "제작사")
        let person = try KOBISClient.decode(
            PeopleInfoResponseDTO.self, from: Fixtures.response(Fixtures.peopleInfoWithNulls)
        )
        .peopleInfoResult.peopleInfo
        #expect(person.sex == nil)
        #expect(person.filmography.first?.part == "감독")
        let people = try KOBISClient.decode(PeopleListResponseDTO.self, from: Fixtures.response(Fixtures.peopleList))
            .peopleListResult
        #expect(people.totalCount == 2)
        #expect(people.people[0].filmographyNames == ["아브델", "뱀파이어"])
        #expect(people.people[1].filmographyNames.isEmpty)
        #expect(people.people[1].nameEnglish == nil)
    }

    @Test("common codes")
    func codes() throws {
        let codes = try KOBISClient.decode(CodeListResponseDTO.self, from: Fixtures.response(Fixtures.codes)).codes
        #expect(codes.map(\.code) == ["0105001", "0105002"])
        #expect(codes[0].englishName == "Seoul")
    }
}

@Suite("Errors")
struct ErrorMappingTests {
    @Test(
        "faultInfo with HTTP 200 becomes a fault keeping KOBIS's code and message",
        arguments: [
            ("320010", "유효하지않은 키값입니다."),
            ("320102", "날짜는 필수항목입니다.[parameterName=targetDt,parameterValue=null]"),
            ("320103", "날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=2025]"),
        ])
    func faultInfo(code: String, message: String) {
        let body = #"{"faultInfo":{"message":"\#(message)","errorCode":"\#(code)"}}"#
        #expect(throws: KOBISError.fault(code: code, message: message)) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
        }
        let error = KOBISError.fault(code: code, message: message)
        #expect(error.description.contains(message))
        #expect(error.isInvalidKey == (code == "320010"))
        #expect(!error.isTransient)
    }

    @Test("non-2xx status without faultInfo")
    func httpStatus() {
        #expect(throws: KOBISError.httpStatus(503)) {
            try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response("<html>busy</html>", status: 503))
        }
    }

    @Test(
        "malformed bodies name what was wrong",
        arguments: [
            (
                #"{"boxOfficeResult":{"boxofficeType":"x","showRange":"y","dailyBoxOfficeList":[{"rank":"1"#,
                "not valid JSON"
            ),
            (#"{"unexpected":{}}"#, "boxOfficeResult"),
            (
                #"{"boxOfficeResult":{"boxofficeType":"x","showRange":"y","dailyBoxOfficeList":[{"rnum":"1","rank":"one"}]}}"#,
                "rank"
            ),
            ("<html>", "not valid JSON"),
            (Fixtures.daily(replacing: #""salesShare":"34.2""#, with: #""salesShare":"3,5""#), "salesShare"),
            (Fixtures.daily(replacing: #""salesShare":"34.2""#, with: #""salesShare":"1e3""#), "salesShare"),
            (Fixtures.daily(replacing: #""audiCnt":"64050""#, with: #""audiCnt":"12abc""#), "audiCnt"),
            (Fixtures.daily(replacing: #""audiCnt":"64050""#, with: #""audiCnt":"""#), "audiCnt"),
            (Fixtures.daily(replacing: #""audiCnt":"64050","#, with: ""), "audiCnt"),
            // Past any real count: sums over the archive would overflow (and trap) on such values.
            (Fixtures.daily(replacing: #""audiCnt":"64050""#, with: #""audiCnt":"9223372036854775807""#), "audiCnt"),
            (Fixtures.daily(replacing: #""audiCnt":"64050""#, with: #""audiCnt":10000000000001"#), "audiCnt"),
            (Fixtures.daily(replacing: #""audiAcc":"69228""#, with: #""audiAcc":"-10000000000001""#), "audiAcc"),
            (Fixtures.daily(replacing: #""scrnCnt":"1171""#, with: #""scrnCnt":null"#), "scrnCnt"),
            (Fixtures.daily(replacing: #""salesAcc":"62772471900""#, with: #""salesAcc":"""#), "salesAcc"),
            // A film on the previous chart too has a rank change, and the page shows it.
            (Fixtures.daily.replacingOccurrences(of: #""rankInten":"-3""#, with: #""rankInten":"""#), "rankInten"),
        ])
    func malformed(body: String, mention: String) {
        do {
            _ = try KOBISClient.decode(BoxOfficeResponseDTO.self, from: Fixtures.response(body))
            Issue.record("expected an error")
        } catch {
            guard case .malformedResponse(let reason) = error else {
                Issue.record("expected malformedResponse, got \(error)")
                return
            }
            #expect(reason.contains(mention), "\(reason)")
        }
    }
}
