import Foundation

/// A request to one KOBIS REST service.
///
/// `parameters` lists the query parameters (without `key`) in a fixed order, so identical requests
/// always produce identical URLs — which is what caching and request coalescing key on.
public protocol KOBISRequest: Sendable, Hashable {
    /// What the service's JSON body decodes to.
    associatedtype Envelope: Decodable & Sendable
    /// What the caller gets: the useful part of the envelope.
    associatedtype Response: Sendable

    /// The service path below the REST base, without extension, e.g. `boxoffice/searchDailyBoxOfficeList`.
    static var path: String { get }
    /// Query parameters in a stable order, excluding `key`.
    var parameters: [(name: String, value: String)] { get }
    /// Throws ``KOBISError/invalidRequest(_:)`` for values KOBIS would reject.
    func validate() throws(KOBISError)
    /// Extracts the response from the decoded envelope.
    static func unwrap(_ envelope: Envelope) -> Response
}

extension KOBISRequest {
    public func validate() throws(KOBISError) {}
}

/// `repNationCd` for box-office charts: Korean or foreign films.
public enum NationFilter: String, Codable, Sendable, CaseIterable, Hashable {
    case korean = "K"
    case foreign = "F"
}

/// `multiMovieYn`: diversity (indie/art) or commercial films.
public enum MultiMovieFilter: String, Codable, Sendable, CaseIterable, Hashable {
    case diversity = "Y"
    case commercial = "N"
}

/// `weekGb`: which days of the week a weekly chart covers.
public enum WeeklyRange: String, Codable, Sendable, CaseIterable, Hashable {
    /// Monday–Sunday (`0`).
    case week = "0"
    /// Friday–Sunday (`1`, KOBIS's default).
    case weekend = "1"
    /// Monday–Thursday (`2`).
    case weekdays = "2"
}

/// The most rows a box-office chart request may ask for.
public let maximumBoxOfficeItemsPerPage = 10

func validateItemsPerPage(_ value: Int?, maximum: Int?) throws(KOBISError) {
    guard let value else { return }
    if value < 1 { throw KOBISError.invalidRequest("itemPerPage must be at least 1, got \(value)") }
    if let maximum, value > maximum {
        throw KOBISError.invalidRequest("itemPerPage must be at most \(maximum), got \(value)")
    }
}

func validatePage(_ value: Int?) throws(KOBISError) {
    if let value, value < 1 { throw KOBISError.invalidRequest("curPage must be at least 1, got \(value)") }
}

/// The code a details service looks up (`movieCd`, `companyCd`, `peopleCd`) must not be blank.
func validateCode(_ code: String, name: String) throws(KOBISError) {
    if code.trimmingCharacters(in: .whitespaces).isEmpty {
        throw KOBISError.invalidRequest("\(name) must not be empty")
    }
}

/// Paging rules of the list services: `curPage` from 1, `itemPerPage` from 1 to 100.
func validateListPaging(page: Int?, itemsPerPage: Int?) throws(KOBISError) {
    try validatePage(page)
    try validateItemsPerPage(itemsPerPage, maximum: 100)
}

/// The parameters that have a value, in the order given.
func presentParameters(_ pairs: KeyValuePairs<String, String?>) -> [(name: String, value: String)] {
    pairs.compactMap { pair in pair.value.map { (name: pair.key, value: $0) } }
}

/// 일별 박스오피스: `boxoffice/searchDailyBoxOfficeList`.
public struct DailyBoxOfficeRequest: KOBISRequest {
    public typealias Envelope = BoxOfficeResponseDTO
    public static let path = "boxoffice/searchDailyBoxOfficeList"

    public var targetDate: CalendarDate
    public var itemsPerPage: Int?
    public var multiMovie: MultiMovieFilter?
    public var nation: NationFilter?
    /// `wideAreaCd`, a code from common code list `0105000000` (e.g. `0105001` Seoul).
    public var wideAreaCode: String?

    public init(
        targetDate: CalendarDate, itemsPerPage: Int? = nil, multiMovie: MultiMovieFilter? = nil,
        nation: NationFilter? = nil, wideAreaCode: String? = nil
    ) {
        self.targetDate = targetDate
        self.itemsPerPage = itemsPerPage
        self.multiMovie = multiMovie
        self.nation = nation
        self.wideAreaCode = wideAreaCode
    }

    public var parameters: [(name: String, value: String)] {
        presentParameters([
            "targetDt": targetDate.compactString, "itemPerPage": itemsPerPage.map(String.init),
            "multiMovieYn": multiMovie?.rawValue, "repNationCd": nation?.rawValue, "wideAreaCd": wideAreaCode,
        ])
    }

    public func validate() throws(KOBISError) {
        try validateItemsPerPage(itemsPerPage, maximum: maximumBoxOfficeItemsPerPage)
    }
    public static func unwrap(_ envelope: Envelope) -> BoxOfficeResultDTO { envelope.boxOfficeResult }
}

/// 주간/주말 박스오피스: `boxoffice/searchWeeklyBoxOfficeList`.
public struct WeeklyBoxOfficeRequest: KOBISRequest {
    public typealias Envelope = BoxOfficeResponseDTO
    public static let path = "boxoffice/searchWeeklyBoxOfficeList"

    /// Any day inside the wanted week.
    public var targetDate: CalendarDate
    public var range: WeeklyRange?
    public var itemsPerPage: Int?
    public var multiMovie: MultiMovieFilter?
    public var nation: NationFilter?
    public var wideAreaCode: String?

    public init(
        targetDate: CalendarDate, range: WeeklyRange? = nil, itemsPerPage: Int? = nil,
        multiMovie: MultiMovieFilter? = nil, nation: NationFilter? = nil, wideAreaCode: String? = nil
    ) {
        self.targetDate = targetDate
        self.range = range
        self.itemsPerPage = itemsPerPage
        self.multiMovie = multiMovie
        self.nation = nation
        self.wideAreaCode = wideAreaCode
    }

    public var parameters: [(name: String, value: String)] {
        presentParameters([
            "targetDt": targetDate.compactString, "weekGb": range?.rawValue,
            "itemPerPage": itemsPerPage.map(String.init), "multiMovieYn": multiMovie?.rawValue,
            "repNationCd": nation?.rawValue, "wideAreaCd": wideAreaCode,
        ])
    }

    public func validate() throws(KOBISError) {
        try validateItemsPerPage(itemsPerPage, maximum: maximumBoxOfficeItemsPerPage)
    }
    public static func unwrap(_ envelope: Envelope) -> BoxOfficeResultDTO { envelope.boxOfficeResult }
}

/// 영화목록: `movie/searchMovieList`.
public struct MovieListRequest: KOBISRequest {
    public typealias Envelope = MovieListResponseDTO
    public static let path = "movie/searchMovieList"

    public var page: Int?
    public var itemsPerPage: Int?
    public var movieName: String?
    public var directorName: String?
    /// `openStartDt`: a release **year** despite the name.
    public var openStartYear: Int?
    /// `openEndDt`: a release **year** despite the name.
    public var openEndYear: Int?
    public var productionStartYear: Int?
    public var productionEndYear: Int?
    /// `repNationCd`: nationality codes from common code list `2204` (e.g. `22041011` Korea).
    public var nationCodes: [String]
    /// `movieTypeCd`: movie-type codes from common code list `2201`.
    public var movieTypeCodes: [String]

    public init(
        page: Int? = nil, itemsPerPage: Int? = nil, movieName: String? = nil, directorName: String? = nil,
        openStartYear: Int? = nil, openEndYear: Int? = nil, productionStartYear: Int? = nil,
        productionEndYear: Int? = nil, nationCodes: [String] = [], movieTypeCodes: [String] = []
    ) {
        self.page = page
        self.itemsPerPage = itemsPerPage
        self.movieName = movieName
        self.directorName = directorName
        self.openStartYear = openStartYear
        self.openEndYear = openEndYear
        self.productionStartYear = productionStartYear
        self.productionEndYear = productionEndYear
        self.nationCodes = nationCodes
        self.movieTypeCodes = movieTypeCodes
    }

    public var parameters: [(name: String, value: String)] {
        // How KOBIS takes several codes is undocumented; comma-joined is what its web client sends.
        presentParameters([
            "curPage": page.map(String.init), "itemPerPage": itemsPerPage.map(String.init), "movieNm": movieName,
            "directorNm": directorName, "openStartDt": openStartYear.map(String.init),
            "openEndDt": openEndYear.map(String.init), "prdtStartYear": productionStartYear.map(String.init),
            "prdtEndYear": productionEndYear.map(String.init),
            "repNationCd": nationCodes.isEmpty ? nil : nationCodes.joined(separator: ","),
            "movieTypeCd": movieTypeCodes.isEmpty ? nil : movieTypeCodes.joined(separator: ","),
        ])
    }

    public func validate() throws(KOBISError) { try validateListPaging(page: page, itemsPerPage: itemsPerPage) }
    public static func unwrap(_ envelope: Envelope) -> MovieListResultDTO { envelope.movieListResult }
}

/// 영화 상세정보: `movie/searchMovieInfo`.
public struct MovieInfoRequest: KOBISRequest {
    public typealias Envelope = MovieInfoResponseDTO
    public static let path = "movie/searchMovieInfo"
    public var movieCode: String
    public init(movieCode: String) { self.movieCode = movieCode }
    public var parameters: [(name: String, value: String)] { [("movieCd", movieCode)] }
    public func validate() throws(KOBISError) { try validateCode(movieCode, name: "movieCd") }
    public static func unwrap(_ envelope: Envelope) -> MovieInfoDTO { envelope.movieInfoResult.movieInfo }
}

/// 영화사목록: `company/searchCompanyList`.
public struct CompanyListRequest: KOBISRequest {
    public typealias Envelope = CompanyListResponseDTO
    public static let path = "company/searchCompanyList"
    public var page: Int?
    public var itemsPerPage: Int?
    public var companyName: String?
    public var ceoName: String?
    public var companyPartCode: String?
    public init(
        page: Int? = nil, itemsPerPage: Int? = nil, companyName: String? = nil, ceoName: String? = nil,
        companyPartCode: String? = nil
    ) {
        self.page = page
        self.itemsPerPage = itemsPerPage
        self.companyName = companyName
        self.ceoName = ceoName
        self.companyPartCode = companyPartCode
    }
    public var parameters: [(name: String, value: String)] {
        presentParameters([
            "curPage": page.map(String.init), "itemPerPage": itemsPerPage.map(String.init), "companyNm": companyName,
            "ceoNm": ceoName, "companyPartCd": companyPartCode,
        ])
    }
    public func validate() throws(KOBISError) { try validateListPaging(page: page, itemsPerPage: itemsPerPage) }
    public static func unwrap(_ envelope: Envelope) -> CompanyListResponseDTO.Result { envelope.companyListResult }
}

/// 영화사 상세정보: `company/searchCompanyInfo`.
public struct CompanyInfoRequest: KOBISRequest {
    public typealias Envelope = CompanyInfoResponseDTO
    public static let path = "company/searchCompanyInfo"
    public var companyCode: String
    public init(companyCode: String) { self.companyCode = companyCode }
    public var parameters: [(name: String, value: String)] { [("companyCd", companyCode)] }
    public func validate() throws(KOBISError) { try validateCode(companyCode, name: "companyCd") }
    public static func unwrap(_ envelope: Envelope) -> CompanyInfoDTO { envelope.companyInfoResult.companyInfo }
}

/// 영화인목록: `people/searchPeopleList`.
public struct PeopleListRequest: KOBISRequest {
    public typealias Envelope = PeopleListResponseDTO
    public static let path = "people/searchPeopleList"
    public var page: Int?
    public var itemsPerPage: Int?
    public var peopleName: String?
    public var filmographyName: String?
    public init(page: Int? = nil, itemsPerPage: Int? = nil, peopleName: String? = nil, filmographyName: String? = nil) {
        self.page = page
        self.itemsPerPage = itemsPerPage
        self.peopleName = peopleName
        self.filmographyName = filmographyName
    }
    public var parameters: [(name: String, value: String)] {
        presentParameters([
            "curPage": page.map(String.init), "itemPerPage": itemsPerPage.map(String.init), "peopleNm": peopleName,
            "filmoNames": filmographyName,
        ])
    }
    public func validate() throws(KOBISError) { try validateListPaging(page: page, itemsPerPage: itemsPerPage) }
    public static func unwrap(_ envelope: Envelope) -> PeopleListResponseDTO.Result { envelope.peopleListResult }
}

/// 영화인 상세정보: `people/searchPeopleInfo`.
public struct PeopleInfoRequest: KOBISRequest {
    public typealias Envelope = PeopleInfoResponseDTO
    public static let path = "people/searchPeopleInfo"
    public var peopleCode: String
    public init(peopleCode: String) { self.peopleCode = peopleCode }
    public var parameters: [(name: String, value: String)] { [("peopleCd", peopleCode)] }
    public func validate() throws(KOBISError) { try validateCode(peopleCode, name: "peopleCd") }
    public static func unwrap(_ envelope: Envelope) -> PeopleInfoDTO { envelope.peopleInfoResult.peopleInfo }
}

/// 공통코드 조회: `code/searchCodeList`.
public struct CodeListRequest: KOBISRequest {
    public typealias Envelope = CodeListResponseDTO
    public static let path = "code/searchCodeList"
    /// `0105000000` wide regions, `2204` nationalities, `2201` movie types.
    public var commonCode: String
    public init(commonCode: String) { self.commonCode = commonCode }
    public var parameters: [(name: String, value: String)] { [("comCode", commonCode)] }
    public static func unwrap(_ envelope: Envelope) -> [CommonCodeDTO] { envelope.codes }

    /// 광역지역 (wide regions) for `wideAreaCd`.
    public static let wideAreas = CodeListRequest(commonCode: "0105000000")
    /// 국적 (nationalities).
    public static let nations = CodeListRequest(commonCode: "2204")
    /// 영화유형 (movie types).
    public static let movieTypes = CodeListRequest(commonCode: "2201")
}
