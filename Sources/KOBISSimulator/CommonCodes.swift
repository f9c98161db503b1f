import KOBIS

/// The common code lists the simulator serves (`searchCodeList`) and uses for its figures.
enum CommonCodes {
    /// One wide area with its share of national admissions.
    struct WideArea: Sendable {
        let code: CommonCodeDTO
        /// Typical share of the country's admissions (before per-film variation).
        let weight: Double
    }

    /// 광역지역 (`comCode=0105000000`), the values `wideAreaCd` takes.
    static let wideAreas: [WideArea] = [
        WideArea(code: CommonCodeDTO(code: "0105001", koreanName: "서울시", englishName: "Seoul"), weight: 0.22),
        WideArea(code: CommonCodeDTO(code: "0105002", koreanName: "경기도", englishName: "Gyeonggi-do"), weight: 0.25),
        WideArea(code: CommonCodeDTO(code: "0105003", koreanName: "강원도", englishName: "Gangwon-do"), weight: 0.025),
        WideArea(
            code: CommonCodeDTO(code: "0105004", koreanName: "충청북도", englishName: "Chungcheongbuk-do"), weight: 0.025),
        WideArea(
            code: CommonCodeDTO(code: "0105005", koreanName: "충청남도", englishName: "Chungcheongnam-do"), weight: 0.035),
        WideArea(
            code: CommonCodeDTO(code: "0105006", koreanName: "경상북도", englishName: "Gyeongsangbuk-do"), weight: 0.035),
        WideArea(
            code: CommonCodeDTO(code: "0105007", koreanName: "경상남도", englishName: "Gyeongsangnam-do"), weight: 0.05),
        WideArea(code: CommonCodeDTO(code: "0105008", koreanName: "전라북도", englishName: "Jeollabuk-do"), weight: 0.03),
        WideArea(code: CommonCodeDTO(code: "0105009", koreanName: "전라남도", englishName: "Jeollanam-do"), weight: 0.025),
        WideArea(code: CommonCodeDTO(code: "0105010", koreanName: "제주도", englishName: "Jeju-do"), weight: 0.012),
        WideArea(code: CommonCodeDTO(code: "0105011", koreanName: "부산시", englishName: "Busan"), weight: 0.07),
        WideArea(code: CommonCodeDTO(code: "0105012", koreanName: "대구시", englishName: "Daegu"), weight: 0.05),
        WideArea(code: CommonCodeDTO(code: "0105013", koreanName: "대전시", englishName: "Daejeon"), weight: 0.03),
        WideArea(code: CommonCodeDTO(code: "0105014", koreanName: "울산시", englishName: "Ulsan"), weight: 0.02),
        WideArea(code: CommonCodeDTO(code: "0105015", koreanName: "인천시", englishName: "Incheon"), weight: 0.06),
        WideArea(code: CommonCodeDTO(code: "0105016", koreanName: "광주시", englishName: "Gwangju"), weight: 0.03),
    ]

    /// The index in ``wideAreas`` of `code`, or `nil` when it is not a wide-area code.
    static func wideAreaIndex(of code: String) -> Int? {
        wideAreas.firstIndex { $0.code.code == code }
    }

    /// A nationality with its code in list 2204. Only 22041011 (한국) is a documented real code;
    /// the others are plausible inventions in the same shape.
    struct Nation: Sendable {
        let code: String
        let koreanName: String
        let englishName: String
    }

    static let korea = Nation(code: "22041011", koreanName: "한국", englishName: "Korea")
    /// Nations of foreign films, most common first.
    static let foreignNations: [Nation] = [
        Nation(code: "22042002", koreanName: "미국", englishName: "USA"),
        Nation(code: "22041008", koreanName: "일본", englishName: "Japan"),
        Nation(code: "22043003", koreanName: "영국", englishName: "UK"),
        Nation(code: "22043004", koreanName: "프랑스", englishName: "France"),
        Nation(code: "22042001", koreanName: "캐나다", englishName: "Canada"),
        Nation(code: "22043002", koreanName: "독일", englishName: "Germany"),
        Nation(code: "22043007", koreanName: "스페인", englishName: "Spain"),
        Nation(code: "22044001", koreanName: "호주", englishName: "Australia"),
    ]
    static let allNations = [korea] + foreignNations

    /// 국적 (`comCode=2204`).
    static var nationCodes: [CommonCodeDTO] {
        allNations.map { CommonCodeDTO(code: $0.code, koreanName: $0.koreanName, englishName: $0.englishName) }
    }

    /// 영화유형 (`comCode=2201`). Every simulated film is a feature (장편).
    static let movieTypes: [CommonCodeDTO] = [
        CommonCodeDTO(code: "220101", koreanName: "장편", englishName: "Feature"),
        CommonCodeDTO(code: "220102", koreanName: "단편", englishName: "Short"),
        CommonCodeDTO(code: "220103", koreanName: "옴니버스", englishName: "Omnibus"),
        CommonCodeDTO(code: "220104", koreanName: "온라인전용", englishName: "Online only"),
        CommonCodeDTO(code: "220105", koreanName: "기타", englishName: "Etc"),
    ]
    static let featureTypeCode = "220101"

    /// The list for `comCode`, or `nil` for an unknown list.
    static func list(_ comCode: String) -> [CommonCodeDTO]? {
        switch comCode {
        case "0105000000": return wideAreas.map(\.code)
        case "2204": return nationCodes
        case "2201": return movieTypes
        default: return nil
        }
    }
}
