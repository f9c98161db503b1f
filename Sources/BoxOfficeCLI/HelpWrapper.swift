/// Wraps a line of help text to a terminal's width, counting the columns a terminal gives each character: two for
/// Hangul and other wide East Asian characters. Continuation lines hang under the line's text: after a section's
/// title (`사용법: `), under an option's description, or at the line's own indent.
enum HelpWrapper {
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

    /// The columns `text` takes in a terminal.
    static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

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
        // An option: two spaces, its label, at least two spaces, its description.
        if line.distance(from: line.startIndex, to: lead) == 2, let gap = line[lead...].range(of: "  ") {
            return line[gap.upperBound...].firstIndex { $0 != " " } ?? line.endIndex
        }
        return lead
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
            return true
        default:
            return false
        }
    }
}
