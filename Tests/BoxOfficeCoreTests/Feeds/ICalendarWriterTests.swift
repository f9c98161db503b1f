import BoxOfficeCodecs
import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("iCalendar (RFC 5545): escaping, folding, all-day events")
struct ICalendarWriterTests {
    @Test(
        "TEXT escapes backslash, semicolon, comma and line breaks",
        arguments: [
            (#"a\b"#, #"a\\b"#), ("a;b,c", #"a\;b\,c"#), ("one\ntwo", #"one\ntwo"#), ("one\r\ntwo", #"one\ntwo"#),
            ("one\rtwo", #"one\ntwo"#), ("bell\u{7}", "bell"), ("tab\there", "tab\there"), ("영화: 괴물", "영화: 괴물"),
        ])
    func escaping(text: String, escaped: String) {
        #expect(ICalendarWriter.escapeText(text) == escaped)
    }

    @Test("lines are folded at 75 octets, continuation lines start with a space, and unfold to the original")
    func foldingASCII() {
        let line = "SUMMARY:" + String(repeating: "abcdefghij", count: 20)
        let folded = ICalendarWriter.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count == 3)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical[0].utf8.count == 75)
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(ICalendarWriter.fold("SUMMARY:short") == "SUMMARY:short")
    }

    @Test("folding never splits a multi-byte UTF-8 character")
    func foldingUTF8() {
        // Hangul syllables are 3 octets each; "SUMMARY:" is 8, so a character would straddle octet 75.
        let line = "SUMMARY:" + String(repeating: "괴물😀é", count: 30)
        let folded = ICalendarWriter.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        for piece in physical {
            #expect(piece.utf8.count <= 75)
            // Each physical line is valid UTF-8 by itself: no character was cut.
            #expect(String(validating: Array(piece.utf8), as: UTF8.self) == piece)
        }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }

    @Test("a calendar: CRLF everywhere, VERSION and PRODID, all-day events with UID, DTSTAMP and DTEND the next day")
    func document() throws {
        let stamp = Date(timeIntervalSince1970: 1_710_903_600)
        let day = try #require(CalendarDate("2024-03-19"))
        let text = ICalendarWriter.document(
            name: "Films, to see", productID: "-//BoxOffice//Calendar//EN",
            events: [
                ICalendarEvent(
                    uid: "open-20231234@boxoffice", day: day, summary: "Opening: Tom, Jerry; and \\ co",
                    description: "line one\nline two", stamp: stamp)
            ])
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//BoxOffice//Calendar//EN\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare LF")
        #expect(text.contains("\r\nX-WR-CALNAME:Films\\, to see\r\n"))
        #expect(text.contains("\r\nUID:open-20231234@boxoffice\r\n"))
        #expect(text.contains("\r\nDTSTAMP:20240320T030000Z\r\n"))
        #expect(text.contains("\r\nDTSTART;VALUE=DATE:20240319\r\nDTEND;VALUE=DATE:20240320\r\n"))
        #expect(text.contains(#"SUMMARY:Opening: Tom\, Jerry\; and \\ co"#))
        #expect(text.contains(#"DESCRIPTION:line one\nline two"#))
    }
}
