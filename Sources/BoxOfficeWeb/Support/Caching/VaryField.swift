import Hummingbird

extension HTTPFields {
    /// Adds `names` to `Vary`, keeping every name already there (a feed's `Accept-Language` survives compression's
    /// `Accept-Encoding`), each once whatever its case; `Vary: *` stays as it is. Several `Vary` fields become one.
    /// Every kept answer goes through it: it compares and trims bytes, not Foundation's character sets.
    /// Callers with several names add them at once, so `Vary` is read and written once (a second call would find the
    /// first one's field and take it apart again).
    mutating func addVary(_ names: [String]) {
        guard !names.isEmpty else { return }
        var listed: [String] = []
        // Most answers have no `Vary` yet: nothing to read and take away.
        if self[.vary] != nil {
            for value in self[values: .vary] {
                for name in value.split(separator: ",") {
                    let trimmed = Self.trimmingSpaces(name)
                    if !trimmed.isEmpty { listed.append(String(trimmed)) }
                }
            }
            if listed.contains("*") { return }
            self[values: .vary] = []
        }
        for name in names where !listed.contains(where: { Self.sameName($0, name) }) {
            listed.append(name)
        }
        self[.vary] = listed.joined(separator: ", ")
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmingSpaces(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[first...last]
    }

    /// Whether two field names are the same, whatever the case of their ASCII letters.
    private static func sameName(_ a: String, _ b: String) -> Bool {
        let lower = { (byte: UInt8) -> UInt8 in (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }
}
