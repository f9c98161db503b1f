import Foundation

/// One row of `searchPeopleList`.
public struct PeopleListItemDTO: Codable, Hashable, Sendable {
    /// `peopleCd`.
    public var code: String
    /// `peopleNm`, trimmed.
    public var name: String
    /// `peopleNmEn`; `nil` when empty or `null`.
    public var nameEnglish: String?
    /// `repRoleNm`: 감독, 배우, …; `nil` when empty or `null`.
    public var representativeRole: String?
    /// `filmoNames`, split at `|`, each title trimmed (KOBIS pads some with spaces); empty when `null`.
    public var filmographyNames: [String]
    /// Creates a row.
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
    /// Decodes KOBIS's row: `|`-joined titles, trimmed; `null` values tolerated.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.peopleCd)
        name = try c.text(.peopleNm)
        nameEnglish = try c.optionalText(.peopleNmEn)
        representativeRole = try c.optionalText(.repRoleNm)
        filmographyNames = FilmographyNames.peopleTitles(try c.text(.filmoNames))
    }
    /// Encodes in KOBIS's wire form: titles joined with `|`, `null` for an empty filmography.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .peopleCd)
        try c.encode(name, forKey: .peopleNm)
        try c.encode(nameEnglish ?? "", forKey: .peopleNmEn)
        try c.encode(representativeRole ?? "", forKey: .repRoleNm)
        try c.encode(
            filmographyNames.isEmpty ? nil : FilmographyNames.peopleText(filmographyNames), forKey: .filmoNames)
    }
}

/// `{"peopleListResult": {"totCnt", "peopleList"}}`.
public struct PeopleListResponseDTO: Codable, Hashable, Sendable {
    /// The `peopleListResult` object.
    public struct Result: Codable, Hashable, Sendable {
        /// `totCnt`: the number of matches across all pages.
        public var totalCount: Int
        /// `peopleList`: this page's rows.
        public var people: [PeopleListItemDTO]
        /// Creates a result.
        public init(totalCount: Int, people: [PeopleListItemDTO]) {
            self.totalCount = totalCount
            self.people = people
        }
        enum CodingKeys: String, CodingKey {
            case totalCount = "totCnt"
            case people = "peopleList"
        }
        /// Decodes `totCnt` as a number or a string; a missing or `null` list is empty.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            totalCount = try c.int(.totalCount)
            people = try c.list(.people)
        }
    }
    /// The result object.
    public var peopleListResult: Result
    /// Creates a response.
    public init(peopleListResult: Result) { self.peopleListResult = peopleListResult }
}
