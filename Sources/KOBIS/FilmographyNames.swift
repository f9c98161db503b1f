import Foundation

/// How the list services join film titles into one `filmoNames` string, both ways.
///
/// - The company list joins titles with commas (`천국,평평남녀,영도`) and cuts long lists short, ending them
///   with a marker of the full count glued to the last title: `…,대물맛...총 420편`.
/// - The people list joins titles with `|` and may pad a title with spaces (`이은미-가슴큰누나 |수상한동거 `).
enum FilmographyNames {
    /// A company list's `filmoNames`: the titles, and the full count when the marker says the list was cut.
    ///
    /// A comma followed by a space stays inside a title (`금붕어, 여자`), since KOBIS joins without one; a
    /// title with a bare comma (`이,기적인 남자`) cannot be told from two titles and comes out as two.
    static func companyTitles(_ text: String) -> (titles: [String], total: Int?) {
        let (body, total) = splitTotalMarker(text)
        var titles: [String] = []
        var current = ""
        var characters = body.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            if character == ",", next != " " {
                titles.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        titles.append(current)
        return (cleaned(titles), total)
    }

    /// The company list's wire form of `titles` (and the marker when `total` is given).
    static func companyText(_ titles: [String], total: Int?) -> String {
        titles.joined(separator: ",") + (total.map(KOBISWireVocabulary.filmographyTotalMarker) ?? "")
    }

    /// A people list's `filmoNames`: the titles between `|`, each trimmed.
    static func peopleTitles(_ text: String) -> [String] {
        cleaned(text.split(separator: "|", omittingEmptySubsequences: false).map(String.init))
    }

    /// The people list's wire form of `titles`.
    static func peopleText(_ titles: [String]) -> String {
        titles.joined(separator: "|")
    }

    /// Each title trimmed; empty ones dropped.
    private static func cleaned(_ titles: [String]) -> [String] {
        titles.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// `text` without a trailing `...총 N편` marker, and N; `text` untouched and `nil` when it has no marker.
    static func splitTotalMarker(_ text: String) -> (body: Substring, total: Int?) {
        let trimmed = Substring(text.trimmingWhitespace())
        guard trimmed.hasSuffix(KOBISWireVocabulary.filmographyTotalEnd),
            let start = trimmed.range(of: KOBISWireVocabulary.filmographyTotalStart, options: .backwards)
        else { return (trimmed, nil) }
        let count = trimmed[start.upperBound...].dropLast(KOBISWireVocabulary.filmographyTotalEnd.count)
            .filter { $0 != "," && !$0.isWhitespace }
        guard !count.isEmpty, count.allSatisfy({ $0.isASCII && $0.isNumber }), let total = Int(count) else {
            return (trimmed, nil)
        }
        var body = trimmed[..<start.lowerBound]
        while body.last == "," || body.last?.isWhitespace == true { body = body.dropLast() }
        return (body, total)
    }
}
