/// A film's name as a page shows it: on English pages KOBIS's English title, where the archive keeps one, with the
/// Korean title beside it (`lang="ko"`); elsewhere the Korean title alone.
///
/// Rows hand templates `titleBeside` as a string with `hasTitleBeside`, never as an absent optional: Mustache looks a
/// missing key up in the enclosing contexts, and a film page has a `titleBeside` of its own (its film's Korean title).
struct FilmTitleViewModel: Sendable, Equatable {
    var title: String
    /// The Korean title, when the English one leads.
    var titleBeside: String?
    var hasTitleBeside: Bool { titleBeside != nil }

    /// `english` is the archive's English title for the film (only looked up for English pages).
    init(korean: String, english: String?) {
        if let english, !english.isEmpty, english != korean {
            title = english
            titleBeside = korean
        } else {
            title = korean
            titleBeside = nil
        }
    }

    /// `title`, with the Korean title in brackets when it stands beside: for sentences and SVG labels.
    var inline: String { titleBeside.map { "\(title) (\($0))" } ?? title }
}
