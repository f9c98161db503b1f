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
