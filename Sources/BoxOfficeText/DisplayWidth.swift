/// Terminal column widths: East Asian wide characters (Hangul, CJK, full-width forms) take two
/// columns, combining marks none. The CLI's tables and the web's SVG labels and poster placeholders measure text
/// with it.
public enum DisplayWidth {
    /// The columns `text` takes in a terminal.
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one scalar takes: 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            || (0x200B...0x200F).contains(v) || (0x1160...0x11FF).contains(v)
        {
            return 0
        }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// Pads `text` with spaces to `width` columns (left-aligned), or right-aligns it.
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? padding + text : text + padding
    }

    /// Cuts `text` to at most `width` columns, ending with `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = character.unicodeScalars.reduce(0) { $0 + self.width(of: $1) }
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }
}
