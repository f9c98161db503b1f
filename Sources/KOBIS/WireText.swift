import Foundation

/// A KOBIS text field decoded leniently: trimmed, and `""` when the key is missing or `null`.
///
/// Wire objects whose fields are all text declare them `@WireText` and let Swift write their `Codable`
/// conformance, instead of repeating `c.text(.key)` for each field in a hand-written `init(from:)`. The
/// field encodes back as a plain JSON string.
@propertyWrapper
public struct WireText: Hashable, Sendable, Codable {
    public var wrappedValue: String

    public init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        wrappedValue =
            value.decodeNil() ? "" : try value.decode(String.self).withoutControlCharacters.trimmingWhitespace()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

// The synthesized `Codable` of a type with `@WireText` fields calls these: a missing key is `""` rather than an
// error, and the value is read and written in place, without a nested decoder or encoder.
extension KeyedDecodingContainer {
    /// The text at `key` (see ``WireText``).
    public func decode(_ type: WireText.Type, forKey key: Key) throws -> WireText {
        WireText(wrappedValue: try text(key))
    }
}

extension KeyedEncodingContainer {
    /// The text as a JSON string at `key`.
    public mutating func encode(_ value: WireText, forKey key: Key) throws {
        try encode(value.wrappedValue, forKey: key)
    }
}
