public import Foundation

/// A day on the calendar, with no time and no time zone: the unit in which KOBIS counts.
///
/// KOBIS writes dates as `YYYYMMDD` (requests, movie list and info) or `YYYY-MM-DD` (box-office rows);
/// both parse here. Arithmetic is exact day counting, so it never drifts with time zones.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2022.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Creates a date, or `nil` when the triple names no real day (e.g. 2023-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` or `YYYYMMDD`; `nil` for anything else, including impossible days.
    public init?(_ text: some StringProtocol) {
        // The usual exact forms first, straight from the bytes (no Foundation string bridging).
        if let fast = Self.parseExact(Array(text.utf8)) {
            self = fast
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits: Substring
        if trimmed.count == 10 {
            let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2 else { return nil }
            digits = Substring(parts.joined())
        } else if trimmed.count == 8 {
            digits = Substring(trimmed)
        } else {
            return nil
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(digits.prefix(4)),
            let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2))
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD` or `YYYYMMDD` exactly (no spaces); `nil` when the bytes are anything else.
    private static func parseExact(_ bytes: [UInt8]) -> CalendarDate? {
        let digitIndices: [Int]
        switch bytes.count {
        case 10:
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            digitIndices = [0, 1, 2, 3, 5, 6, 8, 9]
        case 8:
            digitIndices = Array(0..<8)
        default:
            return nil
        }
        var value = 0
        for index in digitIndices {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return CalendarDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
    }

    /// Day counts this far from 1970-01-01 (about 2.7 million years) are clamped to it, so date arithmetic on any
    /// count never overflows.
    public static let maximumEpochDistance = 1_000_000_000

    /// Creates the date `daysSinceEpoch` days after 1970-01-01 (clamped to ``maximumEpochDistance`` either way).
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days.
        let days = min(max(daysSinceEpoch, -Self.maximumEpochDistance), Self.maximumEpochDistance)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.year = y
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDate {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        return CalendarDate(daysSinceEpoch: overflow ? (count < 0 ? Int.min : Int.max) : sum)
    }

    /// The first day of this date's month.
    public var firstOfMonth: CalendarDate { adding(days: 1 - day) }

    /// The last day of this date's month.
    public var lastOfMonth: CalendarDate { adding(days: Self.daysIn(month: month, year: year) - day) }

    /// The first day of this date's year.
    public var firstOfYear: CalendarDate {
        adding(days: -(1..<max(1, month)).reduce(day - 1) { $0 + Self.daysIn(month: $1, year: year) })
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: CalendarDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let r = (daysSinceEpoch + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// `YYYY-MM-DD`.
    public var isoString: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) }
    /// `YYYYMMDD`, the form KOBIS requests take.
    public var compactString: String { Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2) }

    /// `value` with leading zeros to `width` digits, as `%0Nd` gives it (without `String(format:)`, which
    /// goes through Foundation's formatter: a chart stores two dates per row).
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
    public var description: String { isoString }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The calendar date of `instant` as seen in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        // Clamped first: `Int(_:)` traps on a Double outside Int's range (or NaN), and instants can come from files.
        let limit = Double(Self.maximumEpochDistance) * 86_400
        let local = (instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down)
        let seconds = local.isNaN ? 0 : Int(min(max(local, -limit), limit))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.init(daysSinceEpoch: days)
    }

    /// The instant at which this day starts in `timeZone`.
    public func startInstant(in timeZone: TimeZone) -> Date {
        let utcMidnight = Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
        // Asia/Seoul has had no DST since 1988; one correction step handles zones that do.
        let offset = timeZone.secondsFromGMT(for: utcMidnight)
        let guess = utcMidnight.addingTimeInterval(-Double(offset))
        let corrected = timeZone.secondsFromGMT(for: guess)
        return utcMidnight.addingTimeInterval(-Double(corrected))
    }

    /// The number of days of `month` (1–12) in `year` (any month outside 1–12 counts 31): the safe way to find a
    /// month's end, where `CalendarDate(year: year + 1, …)!` traps for December 9999.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension CalendarDate: Codable {
    /// Decodes `YYYY-MM-DD` or `YYYYMMDD`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: \"\(text)\"")
        }
        self = date
    }

    /// Encodes as `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isoString)
    }
}
