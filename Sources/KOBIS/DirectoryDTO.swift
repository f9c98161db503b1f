import Foundation

// Company, people and common-code services. Company and people info may carry JSON `null`
// (companyNmEn, ceoNm, sex, filmoNames), so those fields are optional.

/// One row of `searchCompanyList`.
public struct CompanyListItemDTO: Codable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var nameEnglish: String?
    /// `companyPartNames`, split at commas.
    public var partNames: [String]
    public var ceoName: String?
    /// `filmoNames`, split at `|`.
    public var filmographyNames: [String]

    public init(
        code: String, name: String, nameEnglish: String?, partNames: [String], ceoName: String?,
        filmographyNames: [String]
    ) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.partNames = partNames
        self.ceoName = ceoName
        self.filmographyNames = filmographyNames
    }

    enum CodingKeys: String, CodingKey { case companyCd, companyNm, companyNmEn, companyPartNames, ceoNm, filmoNames }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.companyCd)
        name = try c.text(.companyNm)
        nameEnglish = try c.optionalText(.companyNmEn)
        partNames = MovieListItemDTO.splitList(try c.text(.companyPartNames))
        ceoName = try c.optionalText(.ceoNm)
        filmographyNames = try c.text(.filmoNames).split(separator: "|").map { String($0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .companyCd)
        try c.encode(name, forKey: .companyNm)
        try c.encode(nameEnglish, forKey: .companyNmEn)
        try c.encode(partNames.joined(separator: ","), forKey: .companyPartNames)
        try c.encode(ceoName, forKey: .ceoNm)
        try c.encode(filmographyNames.joined(separator: "|"), forKey: .filmoNames)
    }
}

/// `{"companyListResult": {"totCnt", "companyList"}}`.
public struct CompanyListResponseDTO: Codable, Hashable, Sendable {
    public struct Result: Codable, Hashable, Sendable {
        public var totalCount: Int
        public var companies: [CompanyListItemDTO]
        public init(totalCount: Int, companies: [CompanyListItemDTO]) {
            self.totalCount = totalCount
            self.companies = companies
        }
        enum CodingKeys: String, CodingKey {
            case totalCount = "totCnt"
            case companies = "companyList"
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            totalCount = try c.int(.totalCount)
            companies = try c.list(.companies)
        }
    }
    public var companyListResult: Result
    public init(companyListResult: Result) { self.companyListResult = companyListResult }
}

/// A film in a company's or person's filmography.
public struct FilmographyDTO: Codable, Hashable, Sendable {
    public var movieCode: String
    public var movieName: String
    /// `companyPartNm` (company) or `moviePartNm` (person).
    public var part: String
    public init(movieCode: String, movieName: String, part: String) {
        self.movieCode = movieCode
        self.movieName = movieName
        self.part = part
    }
    enum CodingKeys: String, CodingKey { case movieCd, movieNm, companyPartNm, moviePartNm }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        movieCode = try c.text(.movieCd)
        movieName = try c.text(.movieNm)
        part = try c.optionalText(.companyPartNm) ?? c.text(.moviePartNm)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(movieCode, forKey: .movieCd)
        try c.encode(movieName, forKey: .movieNm)
        try c.encode(part, forKey: .moviePartNm)
    }
}

/// `searchCompanyInfo`'s `companyInfo`.
public struct CompanyInfoDTO: Codable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var nameEnglish: String?
    public var ceoName: String?
    public var parts: [String]
    public var filmography: [FilmographyDTO]
    public init(
        code: String, name: String, nameEnglish: String?, ceoName: String?, parts: [String],
        filmography: [FilmographyDTO]
    ) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.ceoName = ceoName
        self.parts = parts
        self.filmography = filmography
    }
    enum CodingKeys: String, CodingKey { case companyCd, companyNm, companyNmEn, ceoNm, parts, filmos }
    struct Part: Codable { var companyPartNm: String? }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.companyCd)
        name = try c.text(.companyNm)
        nameEnglish = try c.optionalText(.companyNmEn)
        ceoName = try c.optionalText(.ceoNm)
        parts = try c.list(.parts, of: Part.self).compactMap { $0.companyPartNm }
        filmography = try c.list(.filmos)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .companyCd)
        try c.encode(name, forKey: .companyNm)
        try c.encode(nameEnglish, forKey: .companyNmEn)
        try c.encode(ceoName, forKey: .ceoNm)
        try c.encode(parts.map { Part(companyPartNm: $0) }, forKey: .parts)
        try c.encode(filmography, forKey: .filmos)
    }
}

/// `{"companyInfoResult": {"companyInfo": …}}`.
public struct CompanyInfoResponseDTO: Codable, Hashable, Sendable {
    public struct Result: Codable, Hashable, Sendable {
        public var companyInfo: CompanyInfoDTO
        public init(companyInfo: CompanyInfoDTO) { self.companyInfo = companyInfo }
    }
    public var companyInfoResult: Result
    public init(companyInfoResult: Result) { self.companyInfoResult = companyInfoResult }
}

/// One row of `searchPeopleList`.
public struct PeopleListItemDTO: Codable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var nameEnglish: String?
    /// `repRoleNm`: 감독, 배우, …
    public var representativeRole: String?
    /// `filmoNames`, split at `|` (may be `null` on the wire).
    public var filmographyNames: [String]
    public init(
        code: String, name: String, nameEnglish: String?, representativeRole: String?, filmographyNames: [String]
    ) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.representativeRole = representativeRole
        self.filmographyNames = filmographyNames
    }
    enum CodingKeys: String, CodingKey { case peopleCd, peopleNm, peopleNmEn, repRoleNm, filmoNames }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.peopleCd)
        name = try c.text(.peopleNm)
        nameEnglish = try c.optionalText(.peopleNmEn)
        representativeRole = try c.optionalText(.repRoleNm)
        filmographyNames = try c.text(.filmoNames).split(separator: "|").map { String($0) }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .peopleCd)
        try c.encode(name, forKey: .peopleNm)
        try c.encode(nameEnglish, forKey: .peopleNmEn)
        try c.encode(representativeRole, forKey: .repRoleNm)
        try c.encode(filmographyNames.joined(separator: "|"), forKey: .filmoNames)
    }
}

/// `{"peopleListResult": {"totCnt", "peopleList"}}`.
public struct PeopleListResponseDTO: Codable, Hashable, Sendable {
    public struct Result: Codable, Hashable, Sendable {
        public var totalCount: Int
        public var people: [PeopleListItemDTO]
        public init(totalCount: Int, people: [PeopleListItemDTO]) {
            self.totalCount = totalCount
            self.people = people
        }
        enum CodingKeys: String, CodingKey {
            case totalCount = "totCnt"
            case people = "peopleList"
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            totalCount = try c.int(.totalCount)
            people = try c.list(.people)
        }
    }
    public var peopleListResult: Result
    public init(peopleListResult: Result) { self.peopleListResult = peopleListResult }
}

/// `searchPeopleInfo`'s `peopleInfo`.
public struct PeopleInfoDTO: Codable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var nameEnglish: String?
    /// `sex`; may be `null`.
    public var sex: String?
    public var representativeRole: String?
    public var homepages: [String]
    public var filmography: [FilmographyDTO]
    public init(
        code: String, name: String, nameEnglish: String?, sex: String?, representativeRole: String?,
        homepages: [String], filmography: [FilmographyDTO]
    ) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.sex = sex
        self.representativeRole = representativeRole
        self.homepages = homepages
        self.filmography = filmography
    }
    enum CodingKeys: String, CodingKey { case peopleCd, peopleNm, peopleNmEn, sex, repRoleNm, homepages, filmos }
    struct Homepage: Codable { var homepgUrl: String? }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.peopleCd)
        name = try c.text(.peopleNm)
        nameEnglish = try c.optionalText(.peopleNmEn)
        sex = try c.optionalText(.sex)
        representativeRole = try c.optionalText(.repRoleNm)
        homepages = try c.list(.homepages, of: Homepage.self).compactMap { $0.homepgUrl }
        filmography = try c.list(.filmos)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .peopleCd)
        try c.encode(name, forKey: .peopleNm)
        try c.encode(nameEnglish, forKey: .peopleNmEn)
        try c.encode(sex, forKey: .sex)
        try c.encode(representativeRole, forKey: .repRoleNm)
        try c.encode(homepages.map { Homepage(homepgUrl: $0) }, forKey: .homepages)
        try c.encode(filmography, forKey: .filmos)
    }
}

/// `{"peopleInfoResult": {"peopleInfo": …}}`.
public struct PeopleInfoResponseDTO: Codable, Hashable, Sendable {
    public struct Result: Codable, Hashable, Sendable {
        public var peopleInfo: PeopleInfoDTO
        public init(peopleInfo: PeopleInfoDTO) { self.peopleInfo = peopleInfo }
    }
    public var peopleInfoResult: Result
    public init(peopleInfoResult: Result) { self.peopleInfoResult = peopleInfoResult }
}

/// One common code (`codes[{fullCd, korNm, engNm}]`).
public struct CommonCodeDTO: Codable, Hashable, Sendable {
    public var code: String
    public var koreanName: String
    public var englishName: String
    public init(code: String, koreanName: String, englishName: String) {
        self.code = code
        self.koreanName = koreanName
        self.englishName = englishName
    }
    enum CodingKeys: String, CodingKey {
        case code = "fullCd"
        case koreanName = "korNm"
        case englishName = "engNm"
    }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.code)
        koreanName = try c.text(.koreanName)
        englishName = try c.text(.englishName)
    }
}

/// `{"codes": […]}` from `searchCodeList`.
public struct CodeListResponseDTO: Codable, Hashable, Sendable {
    public var codes: [CommonCodeDTO]
    public init(codes: [CommonCodeDTO]) { self.codes = codes }
}

/// `{"faultInfo": {"message", "errorCode"}}`: how KOBIS reports errors, with HTTP 200.
public struct FaultInfoResponseDTO: Codable, Hashable, Sendable {
    public struct FaultInfo: Codable, Hashable, Sendable {
        public var message: String
        public var errorCode: String
        public init(message: String, errorCode: String) {
            self.message = message
            self.errorCode = errorCode
        }
    }
    public var faultInfo: FaultInfo
    public init(faultInfo: FaultInfo) { self.faultInfo = faultInfo }
}
