import BoxOfficeCore

/// A film's title or a person's name as a page shows it: English pages lead with KOBIS's English name
/// (`movieNmEn`, `peopleNmEn`) and keep the Korean one beside it; Korean pages, and names KOBIS has no English
/// for, show the Korean name alone.
struct LeadingName: Sendable, Equatable {
    var name: String
    /// The Korean name beside an English one, else `nil`.
    var beside: String?

    init(korean: String, english: String, language: Language) {
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
