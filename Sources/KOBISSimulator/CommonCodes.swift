import KOBIS

/// The common code lists the simulator serves (`searchCodeList`) and uses for its figures.
enum CommonCodes {
    /// One wide area with its share of national admissions.
    struct WideArea: Sendable {
        let code: CommonCodeDTO
        /// Typical share of the country's admissions (before per-film variation).
        let weight: Double
    }

    /// 광역지역 (`comCode=0105000000`), the values `wideAreaCd` takes: KOBIS's 17 areas, named as KOBIS names
    /// them, with `engNm` empty as in every real answer.
    static let wideAreas: [WideArea] = [
        area("0105001", "서울시", 0.22), area("0105002", "경기도", 0.25), area("0105003", "강원도", 0.025),
        area("0105004", "충청북도", 0.025), area("0105005", "충청남도", 0.035), area("0105006", "경상북도", 0.035),
        area("0105007", "경상남도", 0.05), area("0105008", "전라북도", 0.03), area("0105009", "전라남도", 0.025),
        area("0105010", "제주도", 0.012), area("0105011", "부산시", 0.07), area("0105012", "대구시", 0.05),
        area("0105013", "대전시", 0.03), area("0105014", "울산시", 0.02), area("0105015", "인천시", 0.06),
        area("0105016", "광주시", 0.03), area("0105017", "세종시", 0.007),
    ]

    private static func area(_ code: String, _ koreanName: String, _ weight: Double) -> WideArea {
        WideArea(code: CommonCodeDTO(code: code, koreanName: koreanName, englishName: ""), weight: weight)
    }

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

    static let korea = Nation(code: "22041011", koreanName: KOBISWireVocabulary.koreaNationName, englishName: "Korea")
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
        CommonCodeDTO(code: "220101", koreanName: KOBISWireVocabulary.featureType, englishName: "Feature"),
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
