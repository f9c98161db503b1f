import Foundation

/// One row of `searchCompanyList`.
public struct CompanyListItemDTO: Codable, Hashable, Sendable {
    /// `companyCd`: an opaque code, usually 8 digits (5 to 7 also occur).
    public var code: String
    /// `companyNm`, trimmed.
    public var name: String
    /// `companyNmEn`; `nil` when empty or `null`.
    public var nameEnglish: String?
    /// `companyPartNames`, split at commas (`제작사,배급사,수입사`).
    public var partNames: [String]
    /// `ceoNm`; `nil` when empty or `null`.
    public var ceoName: String?
    /// The titles of `filmoNames`, which KOBIS joins with commas; without the `...총 N편` marker that ends a
    /// cut-short list (see ``filmographyTotal``).
    ///
    /// A comma followed by a space stays inside a title (`금붕어, 여자`). A title with a bare comma
    /// (`이,기적인 남자`) cannot be told from two titles on the wire and comes out as two.
    public var filmographyNames: [String]
    /// How many films the company has when KOBIS cut ``filmographyNames`` short (its `...총 420편` marker);
    /// `nil` when the list is complete.
    public var filmographyTotal: Int?

    /// Creates a row; `filmographyTotal` is the full count when `filmographyNames` lists only some films.
    public init(
        code: String, name: String, nameEnglish: String?, partNames: [String], ceoName: String?,
        filmographyNames: [String], filmographyTotal: Int? = nil
    ) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.partNames = partNames
        self.ceoName = ceoName
        self.filmographyNames = filmographyNames
        self.filmographyTotal = filmographyTotal
    }

    enum CodingKeys: String, CodingKey { case companyCd, companyNm, companyNmEn, companyPartNames, ceoNm, filmoNames }

    /// Decodes KOBIS's row: comma-joined part names and titles, a trailing `...총 N편` marker read as the total.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.text(.companyCd)
        name = try c.text(.companyNm)
        nameEnglish = try c.optionalText(.companyNmEn)
        partNames = MovieListItemDTO.splitList(try c.text(.companyPartNames))
        ceoName = try c.optionalText(.ceoNm)
        (filmographyNames, filmographyTotal) = FilmographyNames.companyTitles(try c.text(.filmoNames))
    }

    /// Encodes in KOBIS's wire form: titles joined with commas, the marker appended when the list is cut short.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .companyCd)
        try c.encode(name, forKey: .companyNm)
        try c.encode(nameEnglish ?? "", forKey: .companyNmEn)
        try c.encode(partNames.joined(separator: ","), forKey: .companyPartNames)
        try c.encode(ceoName ?? "", forKey: .ceoNm)
        try c.encode(
            FilmographyNames.companyText(filmographyNames, total: filmographyTotal), forKey: .filmoNames)
    }
}

/// `{"companyListResult": {"totCnt", "companyList"}}`.
public struct CompanyListResponseDTO: Codable, Hashable, Sendable {
    /// The `companyListResult` object.
    public struct Result: Codable, Hashable, Sendable {
        /// `totCnt`: the number of matches across all pages.
        public var totalCount: Int
        /// `companyList`: this page's rows.
        public var companies: [CompanyListItemDTO]
        /// Creates a result.
        public init(totalCount: Int, companies: [CompanyListItemDTO]) {
            self.totalCount = totalCount
            self.companies = companies
        }
        enum CodingKeys: String, CodingKey {
            case totalCount = "totCnt"
            case companies = "companyList"
        }
        /// Decodes `totCnt` as a number or a string; a missing or `null` list is empty.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            totalCount = try c.int(.totalCount)
            companies = try c.list(.companies)
        }
    }
    /// The result object.
    public var companyListResult: Result
    /// Creates a response.
    public init(companyListResult: Result) { self.companyListResult = companyListResult }
}
