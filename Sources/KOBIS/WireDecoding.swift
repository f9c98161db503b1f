import Foundation

/// KOBIS sends every scalar as a string ("64050", "34.2", "2022-01-05", ""), sometimes `null` in
/// company and people info, and `totCnt` as a number. These helpers are the one place that turns
/// those strings into typed values.
extension KeyedDecodingContainer {
    /// A trimmed string; `""` when the key is missing or `null`.
    func text(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// A trimmed string, or `nil` when missing, `null` or empty.
    func optionalText(_ key: Key) throws -> String? {
        let value = try text(key)
        return value.isEmpty ? nil : value
    }

    /// An integer sent as a string (or, leniently, as a number).
    func int64(_ key: Key) throws -> Int64 {
        if let number = try? decode(Int64.self, forKey: key) { return number }
        let raw = try text(key)
        guard let value = Int64(raw) ?? Int64(raw.replacingOccurrences(of: ",", with: "")) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer string, got \"\(raw)\"")
        }
        return value
    }

    func int(_ key: Key) throws -> Int { Int(try int64(key)) }

    /// An integer sent as a string, or `nil` when empty.
    func optionalInt(_ key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Int.self, forKey: key) { return number }
        let raw = try text(key)
        if raw.isEmpty { return nil }
        guard let value = Int(raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer string, got \"\(raw)\"")
        }
        return value
    }

    /// A decimal sent as a string in varying formats ("100", "100.0", "-17.9").
    func decimal(_ key: Key) throws -> Decimal {
        if let number = try? decode(Decimal.self, forKey: key) { return number }
        let raw = try text(key)
        guard let value = Decimal(string: raw, locale: Locale(identifier: "en_US_POSIX")),
            raw.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a decimal string, got \"\(raw)\"")
        }
        return value
    }

    /// A date in `YYYY-MM-DD` or `YYYYMMDD`, or `nil` when empty.
    func optionalDate(_ key: Key) throws -> CalendarDate? {
        guard let raw = try optionalText(key) else { return nil }
        guard let date = CalendarDate(raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a date, got \"\(raw)\"")
        }
        return date
    }

    /// An array that may be missing or `null` (treated as empty).
    func list<T: Decodable>(_ key: Key, of type: T.Type = T.self) throws -> [T] {
        try decodeIfPresent([T].self, forKey: key) ?? []
    }
}

extension KeyedEncodingContainer {
    /// Encodes any value in KOBIS's string form.
    mutating func encodeText(_ value: some CustomStringConvertible, forKey key: Key) throws {
        try encode(value.description, forKey: key)
    }

    mutating func encodeDecimal(_ value: Decimal, forKey key: Key) throws {
        try encode(NSDecimalNumber(decimal: value).stringValue, forKey: key)
    }

    mutating func encodeOptionalInt(_ value: Int?, forKey key: Key) throws {
        try encode(value.map(String.init) ?? "", forKey: key)
    }
}
