import BoxOfficeCore
public import Foundation

/// Writes an iCalendar document (RFC 5545): CRLF line ends, TEXT values escaped (§3.3.11), content lines folded at
/// 75 octets without splitting a UTF-8 character (§3.1), all-day events as `DTSTART;VALUE=DATE`.
public enum ICalendarWriter {
    /// The longest content line in octets, line break excluded (§3.1).
    public static let lineLimit = 75

    /// A whole `VCALENDAR` with `events` in the order given.
    public static func document(name: String, productID: String, events: [ICalendarEvent]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(escapeText(productID))", "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:\(escapeText(name))",
        ]
        for event in events {
            lines += [
                "BEGIN:VEVENT", "UID:\(escapeText(event.uid))", "DTSTAMP:\(utcDateTime(event.stamp))",
                "DTSTART;VALUE=DATE:\(event.day.compactString)",
                "DTEND;VALUE=DATE:\(event.day.adding(days: 1).compactString)",
                "SUMMARY:\(escapeText(event.summary))",
            ]
            if let description = event.description { lines.append("DESCRIPTION:\(escapeText(description))") }
            if let url = event.url { lines.append("URL:\(url)") }
            lines += ["TRANSP:TRANSPARENT", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map { fold($0) + "\r\n" }.joined()
    }

    /// A TEXT value: backslash, semicolon and comma escaped with a backslash, a line break (CRLF, CR or LF) as `\n`.
    public static func escapeText(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r":
                result += "\\n"
                if pending == "\n" { pending = scalars.next() }
            case "\n": result += "\\n"
            default:
                // Other control characters are not allowed in TEXT (§3.3.11); a tab is.
                if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `line` folded: at most 75 octets per physical line, each continuation starting with one space (counted), the
    /// break between characters (between Unicode scalars only if one character alone is too long).
    public static func fold(_ line: String) -> String {
        guard line.utf8.count > lineLimit else { return line }
        var output = ""
        var current = ""
        var used = 0
        func append(_ piece: String) {
            let size = piece.utf8.count
            if used + size > lineLimit {
                output += current + "\r\n "
                current = ""
                used = 1
            }
            current += piece
            used += size
        }
        for character in line {
            if character.utf8.count <= lineLimit - 1 {
                append(String(character))
            } else {
                for scalar in character.unicodeScalars { append(String(scalar)) }
            }
        }
        return output + current
    }

    /// `20240319T030000Z`.
    public static func utcDateTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func padded(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.year, 4) + padded(parts.month, 2) + padded(parts.day, 2) + "T" + padded(parts.hour, 2)
            + padded(parts.minute, 2) + padded(parts.second, 2) + "Z"
    }
}
