import Foundation

/// A person named in a movie list row (`directors[{peopleNm}]`).
public struct PersonNameDTO: Codable, Hashable, Sendable {
    @WireText public var name: String
    public init(name: String) { self.name = name }
    enum CodingKeys: String, CodingKey { case name = "peopleNm" }
}

/// A company named in a movie list row (`companys[{companyCd, companyNm}]`).
public struct CompanyRefDTO: Codable, Hashable, Sendable {
    @WireText public var code: String
    @WireText public var name: String
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
    enum CodingKeys: String, CodingKey {
        case code = "companyCd"
        case name = "companyNm"
    }
}

/// One row of `searchMovieList`.
public struct MovieListItemDTO: Codable, Hashable, Sendable {
    public var movieCode: String
    public var movieName: String
    public var movieNameEnglish: String
    /// `prdtYear`; `nil` when empty.
    public var productionYear: Int?
    /// `openDt` (`YYYYMMDD`); `nil` when empty or blank (`" "`, as KOBIS sends for some re-releases).
    public var openDate: CalendarDate?
    /// `typeNm`: 장편, 단편, …
    public var typeName: String
    /// `prdtStatNm`: 개봉, 개봉예정, …
    public var productionStatus: String
    /// `nationAlt`, split at commas.
    public var nations: [String]
    /// `genreAlt`, split at commas.
    public var genres: [String]
    /// `repNationNm`.
    public var representativeNation: String
    /// `repGenreNm`.
    public var representativeGenre: String
    public var directors: [PersonNameDTO]
    public var companies: [CompanyRefDTO]

    public init(
        movieCode: String, movieName: String, movieNameEnglish: String, productionYear: Int?, openDate: CalendarDate?,
        typeName: String, productionStatus: String, nations: [String], genres: [String], representativeNation: String,
        representativeGenre: String, directors: [PersonNameDTO], companies: [CompanyRefDTO]
    ) {
        self.movieCode = movieCode
        self.movieName = movieName
        self.movieNameEnglish = movieNameEnglish
        self.productionYear = productionYear
        self.openDate = openDate
        self.typeName = typeName
        self.productionStatus = productionStatus
        self.nations = nations
        self.genres = genres
        self.representativeNation = representativeNation
        self.representativeGenre = representativeGenre
        self.directors = directors
        self.companies = companies
    }

    enum CodingKeys: String, CodingKey {
        case movieCd, movieNm, movieNmEn, prdtYear, openDt, typeNm, prdtStatNm, nationAlt, genreAlt, repNationNm
        case repGenreNm, directors, companys
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        movieCode = try c.movieCode(.movieCd)
        movieName = try c.text(.movieNm)
        movieNameEnglish = try c.text(.movieNmEn)
        productionYear = c.detailInt(.prdtYear, in: 1000...9999)
        openDate = c.detailDate(.openDt)
        typeName = try c.text(.typeNm)
        productionStatus = try c.text(.prdtStatNm)
        nations = MovieListItemDTO.splitList(try c.text(.nationAlt))
        genres = MovieListItemDTO.splitList(try c.text(.genreAlt))
        representativeNation = try c.text(.repNationNm)
        representativeGenre = try c.text(.repGenreNm)
        directors = try c.list(.directors)
        companies = try c.list(.companys)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(movieCode, forKey: .movieCd)
        try c.encode(movieName, forKey: .movieNm)
        try c.encode(movieNameEnglish, forKey: .movieNmEn)
        try c.encodeOptionalInt(productionYear, forKey: .prdtYear)
        try c.encode(openDate?.compactString ?? "", forKey: .openDt)
        try c.encode(typeName, forKey: .typeNm)
        try c.encode(productionStatus, forKey: .prdtStatNm)
        try c.encode(nations.joined(separator: ","), forKey: .nationAlt)
        try c.encode(genres.joined(separator: ","), forKey: .genreAlt)
        try c.encode(representativeNation, forKey: .repNationNm)
        try c.encode(representativeGenre, forKey: .repGenreNm)
        try c.encode(directors, forKey: .directors)
        try c.encode(companies, forKey: .companys)
    }

    static func splitList(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The `movieListResult` object.
public struct MovieListResultDTO: Codable, Hashable, Sendable {
    /// `totCnt`: the number of matches across all pages (a JSON number on the wire).
    public var totalCount: Int
    public var source: String?
    public var movies: [MovieListItemDTO]

    public init(totalCount: Int, source: String? = KOBISWireVocabulary.source, movies: [MovieListItemDTO]) {
        self.totalCount = totalCount
        self.source = source
        self.movies = movies
    }

    enum CodingKeys: String, CodingKey {
        case totalCount = "totCnt"
        case source
        case movies = "movieList"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try c.int(.totalCount)
        source = try c.optionalText(.source)
        movies = try c.list(.movies)
    }
}

/// `{"movieListResult": …}`.
public struct MovieListResponseDTO: Codable, Hashable, Sendable {
    public var movieListResult: MovieListResultDTO
    public init(movieListResult: MovieListResultDTO) { self.movieListResult = movieListResult }
}
