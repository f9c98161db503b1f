import Foundation

/// Our own fixtures (fictional names and figures) for the quirks of the real responses in
/// `../shared/kobis-samples/more/`, one per quirk, so the tests hold without that folder.
enum QuirkFixtures {
    /// A company list: titles joined with commas (one with a comma and a space inside it), a long list cut
    /// short with the `...총 N편` marker glued to its last title, a 5-character code, empty English name and CEO,
    /// a trailing space in a name, and an empty filmography.
    static let companyList = """
        {"companyListResult":{"totCnt":4,"companyList":[
        {"companyCd":"20990001","companyNm":"가상 프로덕션","companyNmEn":"Fictional Production",\
        "companyPartNames":"제작사","ceoNm":"가대표","filmoNames":"첫째 영화,둘째, 셋째,넷째 영화"},
        {"companyCd":"20990002","companyNm":"(주)가상배급 ","companyNmEn":"","companyPartNames":"제작사,배급사,수입사",\
        "ceoNm":"","filmoNames":"하나,둘,셋...총 1,234편"},
        {"companyCd":"20999","companyNm":"가상 무비","companyNmEn":"","companyPartNames":"제작사","ceoNm":"나대표",\
        "filmoNames":""},
        {"companyCd":"20990004","companyNm":"가상 필름","companyNmEn":null,"companyPartNames":"수입사","ceoNm":null,\
        "filmoNames":"다섯,여섯 ...총 7편"}]}}
        """

    /// A people list: `|`-joined titles padded with spaces, `filmoNames: null`, an empty role.
    static let peopleList = """
        {"peopleListResult":{"totCnt":3,"peopleList":[
        {"peopleCd":"20990101","peopleNm":"가배우","peopleNmEn":"KA Bae-u","repRoleNm":"배우",\
        "filmoNames":"가상 영화 |가상 영화 2| 세 번째|생, 가상"},
        {"peopleCd":"20990102","peopleNm":"나기사","peopleNmEn":"NA Gi-sa","repRoleNm":"사운드팀","filmoNames":null},
        {"peopleCd":"20990103","peopleNm":"다감독","peopleNmEn":"","repRoleNm":"","filmoNames":"하나"}]}}
        """

    /// A daily chart whose rows show a re-release with a blank `openDt` (`" "`) and a film `NEW` to the chart
    /// months after it opened.
    static let dailyWithBlankOpenDate = """
        {"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"20191018~20191018","dailyBoxOfficeList":[
        {"rnum":"1","rank":"1","rankInten":"2","rankOldAndNew":"OLD","movieCd":"19990001","movieNm":"가상 오디세이",\
        "openDt":" ","salesAmt":"1200000","salesShare":"10.5","salesInten":"300000","salesChange":"33.3",\
        "salesAcc":"9000000","audiCnt":"120","audiInten":"30","audiChange":"33.3","audiAcc":"900","scrnCnt":"12",\
        "showCnt":"20"},
        {"rnum":"2","rank":"2","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20190002","movieNm":"가상 기록",\
        "openDt":"2019-07-11","salesAmt":"900000","salesShare":"0.3","salesInten":"900000","salesChange":"100",\
        "salesAcc":"8000000","audiCnt":"90","audiInten":"90","audiChange":"100","audiAcc":"1200","scrnCnt":"6",\
        "showCnt":"14"}]}}
        """

    /// A movie list and a movie info whose `openDt` is a single space.
    static let movieListWithBlankOpenDate = """
        {"movieListResult":{"totCnt":1,"source":"영화진흥위원회","movieList":[{"movieCd":"19990001",\
        "movieNm":"가상 오디세이","movieNmEn":"A Fictional Odyssey","prdtYear":"1999","openDt":" ","typeNm":"장편",\
        "prdtStatNm":"개봉","nationAlt":"미국,영국","genreAlt":"SF","repNationNm":"미국","repGenreNm":"SF",\
        "directors":[{"peopleNm":"가감독"}],"companys":[]}]}}
        """

    static let movieInfoWithBlankOpenDate = """
        {"movieInfoResult":{"movieInfo":{"movieCd":"19990001","movieNm":"가상 오디세이","movieNmEn":"A Fictional Odyssey",\
        "movieNmOg":"","showTm":"149","prdtYear":"1999","openDt":" ","prdtStatNm":"개봉","typeNm":"장편",\
        "nations":[{"nationNm":"미국"}],"genres":[{"genreNm":"SF"}],"directors":[],"actors":[],"showTypes":[],\
        "companys":[],"audits":[],"staffs":[]},"source":"영화진흥위원회"}}
        """

    /// A week chart (`weekGb=0`) across a year's end, ISO week 1 of the next year, with decimal changes.
    static let weekAcrossYearEnd = """
        {"boxOfficeResult":{"boxofficeType":"주간 박스오피스","showRange":"20141229~20150104","yearWeekTime":"201501",
        "weeklyBoxOfficeList":[
        {"rnum":"1","rank":"1","rankInten":"26","rankOldAndNew":"OLD","movieCd":"20140003","movieNm":"가상 펭귄",\
        "openDt":"2014-12-31","salesAmt":"6500000000","salesShare":"10.0","salesInten":"6483000000",\
        "salesChange":"38135.3","salesAcc":"6530000000","audiCnt":"850000","audiInten":"848000","audiChange":"42400.0",\
        "audiAcc":"853000","scrnCnt":"600","showCnt":"9000"},
        {"rnum":"2","rank":"2","rankInten":"-1","rankOldAndNew":"OLD","movieCd":"20140004","movieNm":"가상 기술자",\
        "openDt":"2014-12-24","salesAmt":"6300000000","salesShare":"9.6","salesInten":"-4700000000",\
        "salesChange":"-42.7","salesAcc":"17400000000","audiCnt":"820000","audiInten":"-590000","audiChange":"-41.8",\
        "audiAcc":"2240000","scrnCnt":"590","showCnt":"15000"}]}}
        """

    /// Company and people info with every nullable field `null`.
    static let companyInfoWithNullNames = """
        {"companyInfoResult":{"companyInfo":{"companyCd":"20990004","companyNm":"가상 필름","companyNmEn":null,\
        "ceoNm":null,"parts":[{"companyPartNm":"수입사"}],"filmos":[{"movieCd":"20990201","movieNm":"가상 수입작 ",\
        "companyPartNm":"수입사"},{"movieCd":"20990202","movieNm":"가상 제작작","companyPartNm":"제작사"}]}}}
        """

    static let peopleInfoWithNullSexAndRole = """
        {"peopleInfoResult":{"peopleInfo":{"peopleCd":"20990104","peopleNm":"라배우","peopleNmEn":"RA Bae-u",\
        "sex":null,"repRoleNm":null,"homepages":[],"filmos":[{"movieCd":"20990203","movieNm":"가상 코미디",\
        "moviePartNm":"배우"}]}}}
        """

    /// Info answers whose object is missing or `null` (what an unknown code may give).
    static let missingInfoBodies: [(company: String, people: String)] = [
        (#"{"companyInfoResult":{"companyInfo":null}}"#, #"{"peopleInfoResult":{"peopleInfo":null}}"#),
        (#"{"companyInfoResult":{}}"#, #"{"peopleInfoResult":{}}"#),
        (#"{"companyInfoResult":{"companyInfo":{}}}"#, #"{"peopleInfoResult":{"peopleInfo":{}}}"#),
    ]

    /// The 17 wide areas with an empty English name, as KOBIS lists them (세종시 last).
    static let wideAreas: String = {
        let names = [
            "서울시", "경기도", "강원도", "충청북도", "충청남도", "경상북도", "경상남도", "전라북도", "전라남도", "제주도",
            "부산시", "대구시", "대전시", "울산시", "인천시", "광주시", "세종시",
        ]
        let codes = names.enumerated().map { index, name in
            let number = String(index + 1)
            let code = "0105" + String(repeating: "0", count: 3 - number.count) + number
            return #"{"fullCd":"\#(code)","korNm":"\#(name)","engNm":""}"#
        }
        return #"{"codes":["# + codes.joined(separator: ",") + "]}"
    }()
}
