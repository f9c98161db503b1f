public import Foundation

/// Diary timestamps are kept to the millisecond, so they survive every store and every export exactly.
public enum DiaryTime {
    /// `date` rounded to the nearest millisecond.
    public static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// ISO-8601 with milliseconds in UTC: `2024-03-20T03:00:00.000Z`.
    public static func string(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let fraction = millis - seconds * 1000
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let day = CalendarDate(daysSinceEpoch: days)
        let time = String(
            format: "%02d:%02d:%02d.%03d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, Int(fraction))
        return "\(day.isoString)T\(time)Z"
    }

    /// Parses ISO-8601 (`2024-03-20T03:00:00Z`, with or without fractional seconds, any offset).
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // Imports parse two instants per note: the common RFC 3339 form directly (creating the formatters below
        // took over a third of the time of importing 5,000 notes), anything else through the formatters.
        if let date = InternetDateTime.parse(Array(trimmed.utf8)) { return normalized(date) }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withFraction.date(from: trimmed) { return normalized(date) }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return plain.date(from: trimmed).map(normalized)
    }
}
