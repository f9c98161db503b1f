import Foundation

/// One common code (`codes[{fullCd, korNm, engNm}]`).
public struct CommonCodeDTO: Codable, Hashable, Sendable {
    /// `fullCd`, e.g. `0105001`.
    @WireText public var code: String
    /// `korNm`, e.g. `서울시`.
    @WireText public var koreanName: String
    /// `engNm` as KOBIS sends it: `""` for every wide area (`0105000000`) in its real answers, and `""` when
    /// missing or `null`. A view that needs an English name must find one elsewhere or fall back to
    /// ``koreanName``.
    @WireText public var englishName: String
    /// Creates a code.
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
}

/// `{"codes": […]}` from `searchCodeList`.
public struct CodeListResponseDTO: Codable, Hashable, Sendable {
    /// `codes`.
    public var codes: [CommonCodeDTO]
    /// Creates a response.
    public init(codes: [CommonCodeDTO]) { self.codes = codes }
}
