import Foundation

/// KOBIS sends every scalar as a string ("64050", "34.2", "2022-01-05", ""), sometimes `null` in
/// company and people info, and `totCnt` as a number. These helpers are the one place that turns
/// those strings into typed values.
extension KeyedDecodingContainer {
    // KOBIS's usual form (a string) is tried first and numbers only after it: a decode that throws builds a
    // `DecodingError` with its coding path, and doing that for every field made decoding a chart cost a sync
    // a quarter of its CPU.

    /// The string at `key` as sent, or `nil` when the key is missing, `null` or not a string.
    private func rawString(_ key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    /// A trimmed string without control characters; `""` when the key is missing or `null`.
    func text(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key)?.withoutControlCharacters.trimmingWhitespace() ?? ""
    }

    /// A film's code (`movieCd`): 1 to 20 ASCII letters and digits, as every code KOBIS gives is (`20199882`,
    /// `2023C109`). Anything else is a broken answer: the code goes into addresses (`/movies/{code}`). Empty only
    /// when `allowEmpty` (KOBIS's empty `movieInfo` for a film it does not know).
    func movieCode(_ key: Key, allowEmpty: Bool = false) throws -> String {
        let code = try text(key)
        if code.isEmpty && allowEmpty { return code }
        let plain = code.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard !code.isEmpty, code.utf8.count <= 20, plain else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a film code")
        }
        return code
    }

    /// A trimmed string, or `nil` when missing, `null` or empty.
    func optionalText(_ key: Key) throws -> String? {
        let value = try text(key)
        return value.isEmpty ? nil : value
    }

    /// No count or sum of won KOBIS reports comes near this (a whole year's sales are about 10^12): a larger
    /// magnitude is a broken answer, refused here so that sums over the archive can never overflow.
    static var maximumMagnitude: Int64 { 10_000_000_000_000 }

    /// An integer sent as a string (or, leniently, as a number), at most ``maximumMagnitude`` either way.
    func int64(_ key: Key) throws -> Int64 {
        let value: Int64
        if let string = rawString(key) {
            if let parsed = Int64(string) {
                value = parsed
            } else {
                let raw = string.trimmingWhitespace()
                guard let parsed = Int64(raw) ?? Int64(raw.replacingOccurrences(of: ",", with: "")) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: self,
                        debugDescription: "expected an integer string, got \"\(raw.quotedInError)\"")
                }
                value = parsed
            }
        } else if let number = try? decode(Int64.self, forKey: key) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer string, got \"\"")
        }
        guard (-Self.maximumMagnitude...Self.maximumMagnitude).contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "an integer out of range: \(value)")
        }
        return value
    }

    func int(_ key: Key) throws -> Int { Int(try int64(key)) }

    /// An integer sent as a string, or `nil` when empty.
    func optionalInt(_ key: Key) throws -> Int? {
        guard let string = rawString(key) else {
            guard contains(key), try !decodeNil(forKey: key) else { return nil }
            if let number = try? decode(Int.self, forKey: key) { return number }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer string")
        }
        let raw = string.trimmingWhitespace()
        if raw.isEmpty { return nil }
        guard let value = Int(raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer string, got \"\(raw.quotedInError)\"")
        }
        return value
    }

    /// A decimal sent as a string in varying formats ("100", "100.0", "-17.9").
    func decimal(_ key: Key) throws -> Decimal {
        guard let string = rawString(key) else {
            if let number = try? decode(Decimal.self, forKey: key) { return number }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a decimal string, got \"\"")
        }
        let raw = string.trimmingWhitespace()
        // Without a locale the separator is ".", KOBIS's; plain ASCII only, so "1,5" or "12abc" is refused
        // rather than read in part.
        guard raw.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }),
            let value = Decimal(string: raw)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a decimal string, got \"\(raw.quotedInError)\"")
        }
        return value
    }

    /// A date in `YYYY-MM-DD` or `YYYYMMDD`, or `nil` when empty or blank (KOBIS sends `" "` for some
    /// re-releases).
    func optionalDate(_ key: Key) throws -> CalendarDate? {
        guard let raw = try optionalText(key) else { return nil }
        guard let date = CalendarDate(raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a date, got \"\(raw.quotedInError)\"")
        }
        return date
    }

    /// A figure KOBIS sends that nothing here shows or sums (a row's number, the change on the day before): 0 when it
    /// is missing, empty or does not read, so that it never costs the figures that are shown.
    func unshownInt64(_ key: Key) -> Int64 { (try? int64(key)) ?? 0 }

    /// ``unshownInt64(_:)`` for a percentage.
    func unshownDecimal(_ key: Key) -> Decimal { (try? decimal(key)) ?? 0 }

    /// A film's detail a page can go without (a running time, a production year): `nil` when it does not read
    /// ("131분", "미정") or lies outside `range`, as when it is empty, rather than losing the film (or meeting
    /// arithmetic that a value near `Int.min` would overflow).
    func detailInt(_ key: Key, in range: ClosedRange<Int>) -> Int? {
        guard let value = (try? optionalInt(key)) ?? nil, range.contains(value) else { return nil }
        return value
    }

    /// ``optionalDate(_:)`` for an open date: one that is no day ("0", "00000000", "2022") counts as blank, as KOBIS's
    /// own `" "` does, rather than losing the chart or the film.
    func detailDate(_ key: Key) -> CalendarDate? { (try? optionalDate(key)) ?? nil }

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

extension String {
    /// Without C0 and C1 control characters (NUL, ESC, …; a tab, line break, form feed or NEL becomes a space):
    /// KOBIS's text is a title, a name or a sentence, and a control character in it would reach pages and log lines
    /// raw. Checked byte by byte first, as almost no text has one. Public for the other texts people give as KOBIS
    /// gives them (a diary file's film details).
    public var withoutControlCharacters: String {
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
        var kept = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09...0x0D, 0x85: kept.append(" ")
            case 0..<0x20, 0x7F...0x9F: continue
            default: kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// At most `count` Unicode scalars (not characters: one character may hold any number of combining marks).
    func prefix(scalars count: Int) -> String {
        guard unicodeScalars.count > count else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.prefix(count)))
    }

    /// A value KOBIS sent, as an error quotes it: without control characters and at most 40 scalars.
    var quotedInError: String {
        let clean = withoutControlCharacters
        let cut = clean.prefix(scalars: 40)
        return cut.unicodeScalars.count < clean.unicodeScalars.count ? cut + "…" : cut
    }

    /// The string without leading and trailing white space (Unicode White_Space: spaces of every width,
    /// tabs, line breaks), as `trimmingCharacters(in: .whitespacesAndNewlines)` gives it; returns `self`
    /// untouched, without copying, in the usual case where there is none.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        else { return self }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start && scalars[scalars.index(before: end)].properties.isWhitespace {
            end = scalars.index(before: end)
        }
        return String(scalars[start..<end])
    }
}
