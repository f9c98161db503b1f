import Foundation

/// A film in a company's or person's filmography (`filmos[{movieCd, movieNm, companyPartNm | moviePartNm}]`).
public struct FilmographyDTO: Codable, Hashable, Sendable {
    /// `movieCd`.
    public var movieCode: String
    /// `movieNm`, trimmed.
    public var movieName: String
    /// `companyPartNm` (company info: 제작사, 배급사, …) or `moviePartNm` (people info: 감독, 배우, …).
    public var part: String
    /// Creates a filmography entry.
    public init(movieCode: String, movieName: String, part: String) {
        self.movieCode = movieCode
        self.movieName = movieName
        self.part = part
    }
    enum CodingKeys: String, CodingKey { case movieCd, movieNm, companyPartNm, moviePartNm }
    /// Decodes a company's entry (`companyPartNm`) or a person's (`moviePartNm`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        movieCode = try c.movieCode(.movieCd)
        movieName = try c.text(.movieNm)
        part = try c.optionalText(.companyPartNm) ?? c.text(.moviePartNm)
    }
    /// Encodes a person's entry (`moviePartNm`); ``CompanyInfoDTO`` writes its own with `companyPartNm`.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, partKey: .moviePartNm)
    }

    /// Encodes with the part under `partKey`, the key KOBIS uses for the owner of the filmography.
    func encode(to encoder: any Encoder, partKey: CodingKeys) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(movieCode, forKey: .movieCd)
        try c.encode(movieName, forKey: .movieNm)
        try c.encode(part, forKey: partKey)
    }

    /// A company's entry in KOBIS's wire form: the part under `companyPartNm`.
    struct CompanyEntry: Encodable {
        var entry: FilmographyDTO
        func encode(to encoder: any Encoder) throws { try entry.encode(to: encoder, partKey: .companyPartNm) }
    }
}
