import Foundation

/// `searchPeopleInfo`'s `peopleInfo`. KOBIS sends `null` for a missing `sex` or `repRoleNm`.
public struct PeopleInfoDTO: Codable, Hashable, Sendable {
    /// `peopleCd`; empty for an unknown person (see ``empty``).
    public var code: String
    /// `peopleNm`, trimmed.
    public var name: String
    /// `peopleNmEn`; `nil` when empty or `null`.
    public var nameEnglish: String?
    /// `sex` (남자, 여자); `nil` when `null` or empty.
    public var sex: String?
    /// `repRoleNm` (감독, 배우, …); `nil` when `null` or empty.
    public var representativeRole: String?
    /// `homepages[{homepgUrl}]`.
    public var homepages: [String]
    /// `filmos`: the person's films with the part they played in each.
    public var filmography: [FilmographyDTO]
    /// Creates a person's details.
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
    /// Decodes KOBIS's object; `null` values are `nil`, missing or `null` lists are empty.
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
    /// Encodes in KOBIS's wire form: `null` for a missing sex or role.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .peopleCd)
        try c.encode(name, forKey: .peopleNm)
        try c.encode(nameEnglish ?? "", forKey: .peopleNmEn)
        try c.encode(sex, forKey: .sex)
        try c.encode(representativeRole, forKey: .repRoleNm)
        try c.encode(homepages.map { Homepage(homepgUrl: $0) }, forKey: .homepages)
        try c.encode(filmography, forKey: .filmos)
    }
}

extension PeopleInfoDTO {
    /// A people info with every field empty: what an unknown code, or a missing or `null` `peopleInfo`,
    /// decodes to (as ``MovieInfoDTO/empty`` for movies).
    public static let empty = PeopleInfoDTO(
        code: "", name: "", nameEnglish: nil, sex: nil, representativeRole: nil, homepages: [], filmography: [])
}

/// `{"peopleInfoResult": {"peopleInfo": …}}`.
public struct PeopleInfoResponseDTO: Codable, Hashable, Sendable {
    /// The `peopleInfoResult` object.
    public struct Result: Codable, Hashable, Sendable {
        /// `peopleInfo`; ``PeopleInfoDTO/empty`` when KOBIS sent none.
        public var peopleInfo: PeopleInfoDTO
        /// Creates a result.
        public init(peopleInfo: PeopleInfoDTO) { self.peopleInfo = peopleInfo }
        enum CodingKeys: String, CodingKey { case peopleInfo }
        /// A missing or `null` `peopleInfo` decodes as an empty one (empty `code`): "no such person".
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            peopleInfo = try c.decodeIfPresent(PeopleInfoDTO.self, forKey: .peopleInfo) ?? .empty
        }
    }
    /// The result object.
    public var peopleInfoResult: Result
    /// Creates a response.
    public init(peopleInfoResult: Result) { self.peopleInfoResult = peopleInfoResult }
}
