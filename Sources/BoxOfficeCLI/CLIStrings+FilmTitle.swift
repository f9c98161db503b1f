import BoxOfficeText

extension CLIStrings {
    /// A film's title in a table cell, as English pages show it: in English, KOBIS's English title first and the
    /// Korean one beside it ("The Policeman's Lineage (경관의 피)") where the archive keeps one; else the Korean title.
    /// Cut to `width` columns, or to `width + 24` when both titles show.
    func filmTitle(_ korean: String, english: String?, width: Int) -> String {
        let name = leading(korean, english ?? "")
        guard let beside = name.beside else { return DisplayWidth.truncate(name.name, to: width) }
        return DisplayWidth.truncate("\(name.name) (\(beside))", to: width + 24)
    }
}
