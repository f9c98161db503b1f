public import Foundation

/// Number formatting shared by the web app and the CLI.
public enum NumberFormatting {
    /// `64050` → `"64,050"`. Locale-independent, so output is the same on every server.
    public static func thousands(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    public static func thousands(_ value: Int) -> String { thousands(Int64(value)) }

    /// `34.2` → `"34.2%"` (one decimal).
    public static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }
}

/// The colour meaning of a rank change, for views to map to their own colours
/// (Korean convention: rises in red, falls in blue).
public enum RankChangeTone: String, Sendable {
    /// New entry: red.
    case new
    /// Moved up: red.
    case rise
    /// Moved down: blue.
    case fall
    /// No change.
    case steady
}

extension RankChange {
    public var tone: RankChangeTone {
        switch self {
        case .new: return .new
        case .up: return .rise
        case .down: return .fall
        case .same: return .steady
        }
    }
}

/// Terminal column widths: East Asian wide characters (Hangul, CJK, full-width forms) take two
/// columns, combining marks none.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

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

/// The JSON encoding of the API and `--format json`: ISO-8601 instants, sorted keys.
public enum BoxOfficeJSON {
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
