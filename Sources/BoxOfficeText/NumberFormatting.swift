import Foundation

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
