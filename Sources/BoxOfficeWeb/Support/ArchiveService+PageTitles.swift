import BoxOfficeCore

extension ArchiveService {
    /// The English titles a page in `language` leads films' names with (``LeadingName``): read from the store for
    /// English pages only, never from KOBIS. None when the store cannot be read: the Korean titles then stand alone
    /// rather than the page failing.
    ///
    /// Rows hand templates the Korean title beside as a string with a Bool (`hasTitleBeside`), never as an absent
    /// optional: Mustache looks a missing key up in the enclosing contexts, and a film page has a `titleBeside` of its
    /// own (its film's Korean title).
    func pageTitles(of movieCodes: [String], for language: Language) async -> [String: String] {
        guard language == .english, !movieCodes.isEmpty else { return [:] }
        return (try? await englishTitles(of: Array(Set(movieCodes)))) ?? [:]
    }
}
