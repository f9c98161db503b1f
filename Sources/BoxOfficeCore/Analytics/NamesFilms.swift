/// An analytics answer that names films by movie code, often the same film many times (a year's daily #1s): it
/// carries their English titles once, as a map, filled by ``ArchiveService/withEnglishTitles(_:)``.
public protocol NamesFilms: Sendable {
    /// Every film the answer names, each once, in the order first named.
    var movieCodes: [String] { get }
    /// KOBIS's English title of each named film the store keeps one for (movie code → title): the archive's, kept
    /// with the nations, or a film run's stored details when no chart lists it; `nil` when none.
    var englishTitles: [String: String]? { get set }
}

extension NamesFilms {
    /// `codes` without repeats, in their order.
    static func firstMentions(_ codes: [String]) -> [String] {
        var seen = Set<String>()
        return codes.filter { seen.insert($0).inserted }
    }
}
