public import BoxOfficeCore
import Foundation

/// A film's title or a person's name as a page or a table shows it: in English it leads with KOBIS's English
/// name (`movieNmEn`, `peopleNmEn`) and keeps the Korean one beside it; in Korean, and for names KOBIS has no
/// English for, it is the Korean name alone.
public struct LeadingName: Sendable, Equatable {
    /// The name to show first.
    public var name: String
    /// The Korean name beside an English one, else `nil`.
    public var beside: String?

    /// The leading name of `korean` (KOBIS's name) and `english` (KOBIS's English name, maybe empty) in `language`.
    public init(korean: String, english: String, language: Language) {
        let english = english.trimmingCharacters(in: .whitespaces)
        if language == .english, !english.isEmpty, english != korean {
            name = english
            beside = korean
        } else {
            name = korean
            beside = nil
        }
    }
}
