import KOBIS

/// Whether a film counts as Korean or foreign in the box office (KOBIS's `repNationCd` K or F).
public enum MovieNationality: String, Codable, Sendable, Hashable, CaseIterable {
    case korean
    case foreign
    /// The archive holds no movie details for the film yet.
    case unknown

    /// The Korean name KOBIS gives Korea in movie details.
    public static let koreaName = KOBISWireVocabulary.koreaNationName

    /// Classifies a film by its representative nation: the first of the nations KOBIS lists in movie
    /// details (the movie list's `repNationNm` is the first entry of `nationAlt`). `nil` or empty: unknown.
    public init(representativeNation: String?) {
        guard let nation = representativeNation?.trimmingCharacters(in: .whitespaces), !nation.isEmpty else {
            self = .unknown
            return
        }
        self = nation == Self.koreaName ? .korean : .foreign
    }
}
