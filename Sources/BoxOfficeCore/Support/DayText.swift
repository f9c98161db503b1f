public import KOBIS

/// A day people type as `YYYY-MM-DD`, read one way everywhere: text of another shape is a format mistake
/// (``InputRule/dayFormat``), a well-formed day the calendar lacks (`2024-02-30`) is said to be one
/// (``InputRule/notARealDay``).
public enum DayText {
    /// The day `text` names, exactly as written (callers trim first where they allow spaces).
    public static func parse(_ text: String, field: String) throws(BoxOfficeError) -> CalendarDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw .invalid(field, .dayFormat, value: text)
        }
        guard let date = CalendarDate(text) else {
            throw .invalid(field, .notARealDay, value: text)
        }
        return date
    }
}
