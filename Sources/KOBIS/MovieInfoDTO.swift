import Foundation

/// Movie info: a nation (`nations[{nationNm}]`).
public struct NationDTO: Codable, Hashable, Sendable {
    @WireText public var name: String
    public init(name: String) { self.name = name }
    enum CodingKeys: String, CodingKey { case name = "nationNm" }
}

/// Movie info: a genre (`genres[{genreNm}]`).
public struct GenreDTO: Codable, Hashable, Sendable {
    @WireText public var name: String
    public init(name: String) { self.name = name }
    enum CodingKeys: String, CodingKey { case name = "genreNm" }
}

/// Movie info: a director (`directors[{peopleNm, peopleNmEn}]`).
public struct DirectorDTO: Codable, Hashable, Sendable {
    @WireText public var name: String
    @WireText public var nameEnglish: String
    public init(name: String, nameEnglish: String) {
        self.name = name
        self.nameEnglish = nameEnglish
    }
    enum CodingKeys: String, CodingKey {
        case name = "peopleNm"
        case nameEnglish = "peopleNmEn"
    }
}

/// Movie info: an actor with the role played (`actors[{peopleNm, peopleNmEn, cast, castEn}]`).
public struct ActorDTO: Codable, Hashable, Sendable {
    @WireText public var name: String
    @WireText public var nameEnglish: String
    @WireText public var role: String
    @WireText public var roleEnglish: String
    public init(name: String, nameEnglish: String, role: String, roleEnglish: String) {
        self.name = name
        self.nameEnglish = nameEnglish
        self.role = role
        self.roleEnglish = roleEnglish
    }
    enum CodingKeys: String, CodingKey {
        case name = "peopleNm"
        case nameEnglish = "peopleNmEn"
        case role = "cast"
        case roleEnglish = "castEn"
    }
}

/// Movie info: a screening format (`showTypes[{showTypeGroupNm, showTypeNm}]`).
public struct ShowTypeDTO: Codable, Hashable, Sendable {
    @WireText public var group: String
    @WireText public var name: String
    public init(group: String, name: String) {
        self.group = group
        self.name = name
    }
    enum CodingKeys: String, CodingKey {
        case group = "showTypeGroupNm"
        case name = "showTypeNm"
    }
}

/// Movie info: a company and its part (`companys[{companyCd, companyNm, companyNmEn, companyPartNm}]`).
public struct MovieCompanyDTO: Codable, Hashable, Sendable {
    @WireText public var code: String
    @WireText public var name: String
    @WireText public var nameEnglish: String
    /// 제작사, 배급사, 수입사, …
    @WireText public var part: String
    public init(code: String, name: String, nameEnglish: String, part: String) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.part = part
    }
    enum CodingKeys: String, CodingKey {
        case code = "companyCd"
        case name = "companyNm"
        case nameEnglish = "companyNmEn"
        case part = "companyPartNm"
    }
}

/// Movie info: a rating decision (`audits[{auditNo, watchGradeNm}]`).
public struct AuditDTO: Codable, Hashable, Sendable {
    /// `auditNo`, trimmed (KOBIS sometimes sends a trailing space).
    @WireText public var number: String
    /// `watchGradeNm`: 전체관람가, 12세이상관람가, …
    @WireText public var grade: String
    public init(number: String, grade: String) {
        self.number = number
        self.grade = grade
    }
    enum CodingKeys: String, CodingKey {
        case number = "auditNo"
        case grade = "watchGradeNm"
    }
}

/// Movie info: a staff member (`staffs[{peopleNm, peopleNmEn, staffRoleNm}]`).
public struct StaffDTO: Codable, Hashable, Sendable {
    @WireText public var name: String
    @WireText public var nameEnglish: String
    @WireText public var role: String
    public init(name: String, nameEnglish: String, role: String) {
        self.name = name
        self.nameEnglish = nameEnglish
        self.role = role
    }
    enum CodingKeys: String, CodingKey {
        case name = "peopleNm"
        case nameEnglish = "peopleNmEn"
        case role = "staffRoleNm"
    }
}

/// The `movieInfo` object of `searchMovieInfo`.
public struct MovieInfoDTO: Codable, Hashable, Sendable {
    public var movieCode: String
    public var movieName: String
    public var movieNameEnglish: String
    /// `movieNmOg`: the original title; often empty.
    public var movieNameOriginal: String
    /// `showTm`, minutes; `nil` when empty.
    public var runtimeMinutes: Int?
    public var productionYear: Int?
    /// `openDt` (`YYYYMMDD`); `nil` when empty or blank (`" "`, as KOBIS sends for some re-releases).
    public var openDate: CalendarDate?
    public var productionStatus: String
    public var typeName: String
    public var nations: [NationDTO]
    public var genres: [GenreDTO]
    public var directors: [DirectorDTO]
    public var actors: [ActorDTO]
    public var showTypes: [ShowTypeDTO]
    public var companies: [MovieCompanyDTO]
    public var audits: [AuditDTO]
    public var staffs: [StaffDTO]

    public init(
        movieCode: String, movieName: String, movieNameEnglish: String, movieNameOriginal: String,
        runtimeMinutes: Int?, productionYear: Int?, openDate: CalendarDate?, productionStatus: String,
        typeName: String, nations: [NationDTO], genres: [GenreDTO], directors: [DirectorDTO], actors: [ActorDTO],
        showTypes: [ShowTypeDTO], companies: [MovieCompanyDTO], audits: [AuditDTO], staffs: [StaffDTO]
    ) {
        self.movieCode = movieCode
        self.movieName = movieName
        self.movieNameEnglish = movieNameEnglish
        self.movieNameOriginal = movieNameOriginal
        self.runtimeMinutes = runtimeMinutes
        self.productionYear = productionYear
        self.openDate = openDate
        self.productionStatus = productionStatus
        self.typeName = typeName
        self.nations = nations
        self.genres = genres
        self.directors = directors
        self.actors = actors
        self.showTypes = showTypes
        self.companies = companies
        self.audits = audits
        self.staffs = staffs
    }

    enum CodingKeys: String, CodingKey {
        case movieCd, movieNm, movieNmEn, movieNmOg, showTm, prdtYear, openDt, prdtStatNm, typeNm, nations, genres
        case directors, actors, showTypes, companys, audits, staffs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        movieCode = try c.movieCode(.movieCd, allowEmpty: true)
        movieName = try c.text(.movieNm)
        movieNameEnglish = try c.text(.movieNmEn)
        movieNameOriginal = try c.text(.movieNmOg)
        runtimeMinutes = c.detailInt(.showTm, in: 0...100_000)
        productionYear = c.detailInt(.prdtYear, in: 1000...9999)
        openDate = c.detailDate(.openDt)
        productionStatus = try c.text(.prdtStatNm)
        typeName = try c.text(.typeNm)
        nations = try c.list(.nations)
        genres = try c.list(.genres)
        directors = try c.list(.directors)
        actors = try c.list(.actors)
        showTypes = try c.list(.showTypes)
        companies = try c.list(.companys)
        audits = try c.list(.audits)
        staffs = try c.list(.staffs)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(movieCode, forKey: .movieCd)
        try c.encode(movieName, forKey: .movieNm)
        try c.encode(movieNameEnglish, forKey: .movieNmEn)
        try c.encode(movieNameOriginal, forKey: .movieNmOg)
        try c.encodeOptionalInt(runtimeMinutes, forKey: .showTm)
        try c.encodeOptionalInt(productionYear, forKey: .prdtYear)
        try c.encode(openDate?.compactString ?? "", forKey: .openDt)
        try c.encode(productionStatus, forKey: .prdtStatNm)
        try c.encode(typeName, forKey: .typeNm)
        try c.encode(nations, forKey: .nations)
        try c.encode(genres, forKey: .genres)
        try c.encode(directors, forKey: .directors)
        try c.encode(actors, forKey: .actors)
        try c.encode(showTypes, forKey: .showTypes)
        try c.encode(companies, forKey: .companys)
        try c.encode(audits, forKey: .audits)
        try c.encode(staffs, forKey: .staffs)
    }
}

extension MovieInfoDTO {
    /// A movie info with every field empty: what an unknown code decodes to.
    public static let empty = MovieInfoDTO(
        movieCode: "", movieName: "", movieNameEnglish: "", movieNameOriginal: "", runtimeMinutes: nil,
        productionYear: nil, openDate: nil, productionStatus: "", typeName: "", nations: [], genres: [], directors: [],
        actors: [], showTypes: [], companies: [], audits: [], staffs: [])
}

/// `{"movieInfoResult": {"movieInfo": …, "source": …}}`.
public struct MovieInfoResponseDTO: Codable, Hashable, Sendable {
    public struct Result: Codable, Hashable, Sendable {
        public var movieInfo: MovieInfoDTO
        public var source: String?
        public init(movieInfo: MovieInfoDTO, source: String? = KOBISWireVocabulary.source) {
            self.movieInfo = movieInfo
            self.source = source
        }
        enum CodingKeys: String, CodingKey { case movieInfo, source }
        /// A missing or `null` `movieInfo` decodes as an empty one (empty `movieCode`): "no such movie".
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            movieInfo = try c.decodeIfPresent(MovieInfoDTO.self, forKey: .movieInfo) ?? .empty
            source = try c.optionalText(.source)
        }
    }
    public var movieInfoResult: Result
    public init(movieInfoResult: Result) { self.movieInfoResult = movieInfoResult }
}
