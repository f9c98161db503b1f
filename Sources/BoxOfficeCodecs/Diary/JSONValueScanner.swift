/// Finds where one JSON value ends, a byte at a time, without parsing it: strings (with their escapes) and the depth
/// of brackets. Whether the value is well formed is for the decoder to say.
struct JSONValueScanner {
    enum Step {
        case more
        /// The value ends with this byte.
        case endsWith
        /// The value ended just before this byte (a number or literal, ended by what follows it).
        case endedBefore
    }

    private var depth = 0
    private var inString = false
    private var escaped = false
    private var inScalar = false

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func step(_ byte: UInt8) -> Step {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if depth == 0 { return .endsWith }
            }
            return .more
        }
        if inScalar {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return .endedBefore
            default: return Self.isWhitespace(byte) ? .endedBefore : .more
            }
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard depth > 0 else { return .endedBefore }
            depth -= 1
            if depth == 0 { return .endsWith }
        default:
            if depth == 0, !Self.isWhitespace(byte) { inScalar = true }
        }
        return .more
    }
}
