import BoxOfficeCore

extension ArchiveService {
    /// The English titles a page in `language` shows beside the Korean ones (``FilmTitleViewModel``): read from the
    /// store for English pages only, never from KOBIS. None when the store cannot be read: the Korean titles then
    /// stand alone rather than the page failing.
    func pageTitles(of movieCodes: [String], for language: Language) async -> [String: String] {
        guard language == .english, !movieCodes.isEmpty else { return [:] }
        return (try? await englishTitles(of: Array(Set(movieCodes)))) ?? [:]
    }
}
