import Foundation

/// `searchCompanyInfo`'s `companyInfo`. KOBIS sends `null` for a missing `companyNmEn` or `ceoNm`.
public struct CompanyInfoDTO: Codable, Hashable, Sendable {
    /// `companyCd`; empty for an unknown company (see ``empty``).
    public var code: String
    /// `companyNm`, trimmed.
    public var name: String
    /// `companyNmEn`; `nil` when `null` or empty.
    public var nameEnglish: String?
    /// `ceoNm`; `nil` when `null` or empty.
    public var ceoName: String?
    /// `parts[{companyPartNm}]`: 제작사, 배급사, 수입사, …
    public var parts: [String]
    /// `filmos`: the company's films with the part it played in each.
    public var filmography: [FilmographyDTO]
    /// Creates a company's details.
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
    /// Decodes KOBIS's object; `null` names are `nil`, missing or `null` lists are empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.companyCd)
        name = try c.text(.companyNm)
        nameEnglish = try c.optionalText(.companyNmEn)
        ceoName = try c.optionalText(.ceoNm)
        parts = try c.list(.parts, of: Part.self).compactMap { $0.companyPartNm }
        filmography = try c.list(.filmos)
    }
    /// Encodes in KOBIS's wire form: `null` for a missing English name or CEO, `companyPartNm` in `filmos`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .companyCd)
        try c.encode(name, forKey: .companyNm)
        try c.encode(nameEnglish, forKey: .companyNmEn)
        try c.encode(ceoName, forKey: .ceoNm)
        try c.encode(parts.map { Part(companyPartNm: $0) }, forKey: .parts)
        try c.encode(filmography.map(FilmographyDTO.CompanyEntry.init), forKey: .filmos)
    }
}

extension CompanyInfoDTO {
    /// A company info with every field empty: what an unknown code, or a missing or `null` `companyInfo`,
    /// decodes to (as ``MovieInfoDTO/empty`` for movies).
    public static let empty = CompanyInfoDTO(
        code: "", name: "", nameEnglish: nil, ceoName: nil, parts: [], filmography: [])
}

/// `{"companyInfoResult": {"companyInfo": …}}`.
public struct CompanyInfoResponseDTO: Codable, Hashable, Sendable {
    /// The `companyInfoResult` object.
    public struct Result: Codable, Hashable, Sendable {
        /// `companyInfo`; ``CompanyInfoDTO/empty`` when KOBIS sent none.
        public var companyInfo: CompanyInfoDTO
        /// Creates a result.
        public init(companyInfo: CompanyInfoDTO) { self.companyInfo = companyInfo }
        enum CodingKeys: String, CodingKey { case companyInfo }
        /// A missing or `null` `companyInfo` decodes as an empty one (empty `code`): "no such company".
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            companyInfo = try c.decodeIfPresent(CompanyInfoDTO.self, forKey: .companyInfo) ?? .empty
        }
    }
    /// The result object.
    public var companyInfoResult: Result
    /// Creates a response.
    public init(companyInfoResult: Result) { self.companyInfoResult = companyInfoResult }
}
