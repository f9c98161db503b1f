import Foundation
import OpenAPIRuntime

/// ISO-8601 instants as the API has always written them (`2024-03-01T12:00:00Z`), written with Foundation's
/// `Date.ISO8601FormatStyle` (what OpenAPIRuntime itself uses where Foundation is not the full one): its `.iso8601`
/// goes through one `ISO8601DateFormatter` behind a lock, ICU for every date, a sixth of the time of encoding a page
/// of notes. Reading is `.iso8601`'s.
struct InternetDateTranscoder: DateTranscoder {
    private let reader = ISO8601DateTranscoder.iso8601
    private let style = Date.ISO8601FormatStyle()

    func encode(_ date: Date) throws -> String {
        // The formatter works in whole milliseconds, rounded: 59.9996 s is the next minute.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return Date(timeIntervalSince1970: milliseconds / 1000).formatted(style)
    }

    func decode(_ text: String) throws -> Date { try reader.decode(text) }
}
