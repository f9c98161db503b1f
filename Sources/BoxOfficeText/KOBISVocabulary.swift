public import BoxOfficeCore
import Foundation

/// KOBIS's words for films, in the reader's language. KOBIS names genres, nations, watch grades, movie types,
/// production statuses, screening formats, company parts and regions in Korean only (its wide-area code list has
/// an empty `engNm` for every area), so English pages, `?lang=en` JSON and the CLI's English tables take their
/// English names from the tables here; a word no table knows stays as KOBIS wrote it, so a name is never blank.
public struct KOBISVocabulary: Sendable {
    /// Which of KOBIS's word lists a word comes from.
    public enum Kind: Sendable, CaseIterable {
        /// Genres (`genreNm`, `repGenreNm`).
        case genre
        /// Nations (`nationNm`, `repNationNm`).
        case nation
        /// Watch grades (`watchGradeNm`).
        case grade
        /// Movie types (`typeNm`).
        case movieType
        /// Production statuses (`prdtStatNm`).
        case productionStatus
        /// Screening formats (`showTypeGroupNm`, `showTypeNm`).
        case showType
        /// Company parts (`companyPartNm`).
        case companyPart
        /// The wide areas of the region filter.
        case region
    }

    /// True for the English table; the Korean one leaves every word as KOBIS wrote it.
    public let isEnglish: Bool

    /// KOBIS's words as KOBIS writes them.
    public static let korean = KOBISVocabulary(isEnglish: false)
    /// KOBIS's words in English.
    public static let english = KOBISVocabulary(isEnglish: true)

    /// The table for `language`.
    public static func table(for language: Language) -> KOBISVocabulary {
        language == .english ? english : korean
    }

    /// `korean` in the table's language: itself in Korean, else its English name or, when no table knows it,
    /// itself.
    public func name(_ korean: String, _ kind: Kind) -> String {
        guard isEnglish else { return korean }
        let trimmed = korean.trimmingCharacters(in: .whitespaces)
        return Self.english(trimmed, kind) ?? trimmed
    }

    /// Each of `names` in the table's language.
    public func names(_ names: [String], _ kind: Kind) -> [String] {
        isEnglish ? names.map { name($0, kind) } : names
    }

    /// A wide area's name: KOBIS's own English name when it gives one, else the table's, else the Korean name
    /// (and the code when even that is empty).
    public func region(_ region: Region) -> String {
        let korean = region.koreanName.trimmingCharacters(in: .whitespaces)
        guard isEnglish else { return korean.isEmpty ? region.code : korean }
        let english = region.englishName.trimmingCharacters(in: .whitespaces)
        if !english.isEmpty { return english }
        if let known = Self.english(korean, .region) ?? Self.regionsByCode[region.code] { return known }
        return korean.isEmpty ? region.code : korean
    }

    /// The English name of the Korean term `korean` of `kind`, or `nil` when the table does not know it.
    public static func english(_ korean: String, _ kind: Kind) -> String? {
        switch kind {
        case .genre: return genres[korean]
        case .nation: return nations[korean]
        case .grade: return grades[korean]
        case .movieType: return movieTypes[korean]
        case .productionStatus: return productionStatuses[korean]
        case .showType: return showTypes[korean]
        case .companyPart: return companyParts[korean]
        case .region: return regions[korean]
        }
    }

    /// Every Korean term a table knows for `kind`.
    public static func knownTerms(_ kind: Kind) -> [String] {
        switch kind {
        case .genre: return Array(genres.keys)
        case .nation: return Array(nations.keys)
        case .grade: return Array(grades.keys)
        case .movieType: return Array(movieTypes.keys)
        case .productionStatus: return Array(productionStatuses.keys)
        case .showType: return Array(showTypes.keys)
        case .companyPart: return Array(companyParts.keys)
        case .region: return Array(regions.keys)
        }
    }

    /// KOBIS's genres (`genreNm`, `repGenreNm`), with the spellings KOBIS has used over the years.
    private static let genres: [String: String] = [
        "드라마": "Drama", "코미디": "Comedy", "액션": "Action", "멜로/로맨스": "Romance", "멜로": "Romance",
        "로맨스": "Romance", "스릴러": "Thriller", "미스터리": "Mystery", "미스테리": "Mystery", "공포(호러)": "Horror",
        "공포": "Horror", "호러": "Horror", "어드벤처": "Adventure", "어드벤쳐": "Adventure", "모험": "Adventure",
        "범죄": "Crime", "가족": "Family", "판타지": "Fantasy", "SF": "Science fiction", "서부극(웨스턴)": "Western",
        "서부극": "Western", "웨스턴": "Western", "사극": "Historical drama", "애니메이션": "Animation",
        "다큐멘터리": "Documentary", "전쟁": "War", "뮤지컬": "Musical", "성인물(에로)": "Adult", "성인물": "Adult",
        "에로": "Adult", "공연": "Performance", "무협": "Martial arts", "기타": "Other",
    ]

    /// Watch grades (`watchGradeNm`): today's five and the older forms early films carry.
    private static let grades: [String: String] = [
        "전체관람가": "All ages", "모두관람가": "All ages", "연소자관람가": "All ages (minors admitted)",
        "12세이상관람가": "12 and over", "12세관람가": "12 and over", "15세이상관람가": "15 and over",
        "15세관람가": "15 and over", "청소년관람불가": "18 and over", "18세관람가": "18 and over",
        "18세이상관람가": "18 and over", "연소자관람불가": "No minors", "미성년자관람불가": "No minors",
        "고등학생이상관람가": "High school age and over", "중학생이상관람가": "Middle school age and over",
        "국민학생관람불가": "No primary school children", "제한상영가": "Restricted screening", "기타": "Other",
    ]

    /// Movie types (`typeNm`, common code list 2201).
    private static let movieTypes: [String: String] = [
        "장편": "Feature", "단편": "Short", "옴니버스": "Omnibus", "온라인전용": "Online only", "기타": "Other",
    ]

    /// Production statuses (`prdtStatNm`).
    private static let productionStatuses: [String: String] = [
        "개봉": "Released", "개봉예정": "Coming soon", "개봉준비": "Preparing release", "촬영진행": "Filming",
        "촬영준비": "Pre-production", "후반작업": "Post-production", "기획진행": "In development", "기타": "Other",
    ]

    /// Screening formats (`showTypeGroupNm`, `showTypeNm`); Latin names (2D, IMAX, ScreenX …) need no entry.
    private static let showTypes: [String: String] = [
        "필름": "Film", "디지털": "Digital", "디지털 가치봄": "Digital, barrier-free",
        "디지털 영문자막": "Digital, English subtitles", "디지털 일어자막": "Digital, Japanese subtitles",
        "디지털 중국어자막": "Digital, Chinese subtitles", "디지털 더빙": "Digital, dubbed",
        "청각장애인용 자막": "Subtitles for the deaf", "화면해설": "Audio description", "더빙": "Dubbed",
        "자막": "Subtitled", "일반": "Standard", "기타": "Other",
    ]

    /// Company parts (`companyPartNm`).
    private static let companyParts: [String: String] = [
        "제작사": "Production company", "배급사": "Distributor", "수입사": "Importer", "제공": "Presenter",
        "공동제공": "Co-presenter", "공동제작": "Co-production", "공동배급": "Co-distributor",
        "해외세일즈사": "International sales", "제작대행": "Production services", "기획사": "Development company",
        "투자사": "Investor", "기타": "Other",
    ]

    /// The 17 wide areas of common code list `0105000000` (KOBIS's own spellings) and the official names some
    /// areas have taken since.
    private static let regions: [String: String] = [
        "서울시": "Seoul", "경기도": "Gyeonggi", "강원도": "Gangwon", "충청북도": "North Chungcheong",
        "충청남도": "South Chungcheong", "경상북도": "North Gyeongsang", "경상남도": "South Gyeongsang",
        "전라북도": "North Jeolla", "전라남도": "South Jeolla", "제주도": "Jeju", "부산시": "Busan", "대구시": "Daegu",
        "대전시": "Daejeon", "울산시": "Ulsan", "인천시": "Incheon", "광주시": "Gwangju", "세종시": "Sejong",
        "서울특별시": "Seoul", "부산광역시": "Busan", "대구광역시": "Daegu", "인천광역시": "Incheon",
        "광주광역시": "Gwangju", "대전광역시": "Daejeon", "울산광역시": "Ulsan", "세종특별자치시": "Sejong",
        "강원특별자치도": "Gangwon", "전북특별자치도": "North Jeolla", "제주특별자치도": "Jeju",
    ]

    /// The same areas by code, for a code list that renames an area in a way the names above miss.
    private static let regionsByCode: [String: String] = [
        "0105001": "Seoul", "0105002": "Gyeonggi", "0105003": "Gangwon", "0105004": "North Chungcheong",
        "0105005": "South Chungcheong", "0105006": "North Gyeongsang", "0105007": "South Gyeongsang",
        "0105008": "North Jeolla", "0105009": "South Jeolla", "0105010": "Jeju", "0105011": "Busan",
        "0105012": "Daegu", "0105013": "Daejeon", "0105014": "Ulsan", "0105015": "Incheon", "0105016": "Gwangju",
        "0105017": "Sejong",
    ]

    /// Nations (`nationNm`, `repNationNm`, `nationAlt`, common code list 2204), including former states that old
    /// films name.
    private static let nations: [String: String] = [
        "한국": "South Korea", "대한민국": "South Korea", "북한": "North Korea", "미국": "USA", "일본": "Japan",
        "중국": "China", "홍콩": "Hong Kong", "대만": "Taiwan", "마카오": "Macau", "영국": "UK", "프랑스": "France",
        "독일": "Germany", "서독": "West Germany", "동독": "East Germany", "이탈리아": "Italy", "스페인": "Spain",
        "포르투갈": "Portugal", "캐나다": "Canada", "호주": "Australia", "뉴질랜드": "New Zealand", "인도": "India",
        "태국": "Thailand", "베트남": "Vietnam", "필리핀": "Philippines", "인도네시아": "Indonesia",
        "말레이시아": "Malaysia", "싱가포르": "Singapore", "캄보디아": "Cambodia", "미얀마": "Myanmar", "라오스": "Laos",
        "몽골": "Mongolia", "네팔": "Nepal", "부탄": "Bhutan", "스리랑카": "Sri Lanka", "방글라데시": "Bangladesh",
        "파키스탄": "Pakistan", "아프가니스탄": "Afghanistan", "이란": "Iran", "이라크": "Iraq", "이스라엘": "Israel",
        "팔레스타인": "Palestine", "레바논": "Lebanon", "요르단": "Jordan", "시리아": "Syria", "사우디아라비아": "Saudi Arabia",
        "아랍에미리트": "United Arab Emirates", "카타르": "Qatar", "터키": "Turkey", "튀르키예": "Türkiye",
        "카자흐스탄": "Kazakhstan", "우즈베키스탄": "Uzbekistan", "키르기스스탄": "Kyrgyzstan", "타지키스탄": "Tajikistan",
        "조지아": "Georgia", "그루지야": "Georgia", "아르메니아": "Armenia", "아제르바이잔": "Azerbaijan",
        "러시아": "Russia", "구소련": "Soviet Union", "소련": "Soviet Union", "우크라이나": "Ukraine",
        "벨라루스": "Belarus", "폴란드": "Poland", "체코": "Czech Republic", "체코슬로바키아": "Czechoslovakia",
        "슬로바키아": "Slovakia", "헝가리": "Hungary", "루마니아": "Romania", "불가리아": "Bulgaria",
        "세르비아": "Serbia", "크로아티아": "Croatia", "슬로베니아": "Slovenia", "보스니아 헤르체고비나": "Bosnia and Herzegovina",
        "북마케도니아": "North Macedonia", "마케도니아": "Macedonia", "유고슬라비아": "Yugoslavia", "알바니아": "Albania",
        "그리스": "Greece", "키프로스": "Cyprus", "몰타": "Malta", "에스토니아": "Estonia", "라트비아": "Latvia",
        "리투아니아": "Lithuania", "핀란드": "Finland", "스웨덴": "Sweden", "노르웨이": "Norway", "덴마크": "Denmark",
        "아이슬란드": "Iceland", "아일랜드": "Ireland", "네덜란드": "Netherlands", "벨기에": "Belgium",
        "룩셈부르크": "Luxembourg", "스위스": "Switzerland", "오스트리아": "Austria", "리히텐슈타인": "Liechtenstein",
        "모나코": "Monaco", "멕시코": "Mexico", "쿠바": "Cuba", "과테말라": "Guatemala", "코스타리카": "Costa Rica",
        "파나마": "Panama", "도미니카공화국": "Dominican Republic", "푸에르토리코": "Puerto Rico", "브라질": "Brazil",
        "아르헨티나": "Argentina", "칠레": "Chile", "콜롬비아": "Colombia", "페루": "Peru", "베네수엘라": "Venezuela",
        "우루과이": "Uruguay", "파라과이": "Paraguay", "볼리비아": "Bolivia", "에콰도르": "Ecuador", "이집트": "Egypt",
        "모로코": "Morocco", "알제리": "Algeria", "튀니지": "Tunisia", "나이지리아": "Nigeria", "가나": "Ghana",
        "세네갈": "Senegal", "케냐": "Kenya", "에티오피아": "Ethiopia", "남아프리카공화국": "South Africa",
        "남아공": "South Africa", "기타": "Other",
    ]
}
