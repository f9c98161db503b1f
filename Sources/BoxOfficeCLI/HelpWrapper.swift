import BoxOfficeText

/// Wraps a line of help text to a terminal's width, counting the columns a terminal gives each character
/// (``DisplayWidth``: two for Hangul). Continuation lines hang under the line's text: after a section's
/// title (`사용법: `), under an option's description, or at the line's own indent.
enum HelpWrapper {
    /// The column ArgumentParser starts an option's description at.
    static let descriptionColumn = 26

    static func wrap(_ line: String, width: Int) -> String {
        guard columns(line) > width else { return line }
        let prefix = String(line[..<textStart(line)])
        let indent = columns(prefix)
        var lines: [String] = []
        var current = prefix
        var currentColumns = indent
        for word in words(String(line.dropFirst(prefix.count))) {
            let wordColumns = columns(word)
            if currentColumns > indent, currentColumns + 1 + wordColumns > width {
                lines.append(current)
                current = String(repeating: " ", count: indent)
                currentColumns = indent
            }
            if currentColumns > indent {
                current += " "
                currentColumns += 1
            }
            current += word
            currentColumns += wordColumns
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    static func columns(_ text: some StringProtocol) -> Int { DisplayWidth.of(String(text)) }

    /// The words of `text`, a `[…]` or `<…>` group kept whole (`[--date <date>]` is one).
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var depth = 0
        for character in text {
            if character == " ", depth == 0 {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">", depth > 0 { depth -= 1 }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Where the wrapped text starts, which continuation lines start under: after a title (`사용법: `), at an
    /// option's description, or at the line's indent.
    private static func textStart(_ line: String) -> String.Index {
        let lead = line.firstIndex { $0 != " " } ?? line.endIndex
        if lead == line.startIndex, let colon = line.firstIndex(of: ":"), !line[..<colon].contains(" "),
            line[line.index(after: colon)...].hasPrefix(" ")
        {
            return line.index(colon, offsetBy: 2)
        }
        // An option: two spaces, its label, then its description at ArgumentParser's column 26 (after one space when
        // the label fills the column) or further after a longer gap.
        guard line.distance(from: line.startIndex, to: lead) == 2 else { return lead }
        if let column = line.index(line.startIndex, offsetBy: Self.descriptionColumn, limitedBy: line.endIndex),
            column < line.endIndex, line[line.index(before: column)] == " ", line[column] != " "
        {
            return column
        }
        if let gap = line[lead...].range(of: "  ") {
            return line[gap.upperBound...].firstIndex { $0 != " " } ?? line.endIndex
        }
        return lead
    }
}
