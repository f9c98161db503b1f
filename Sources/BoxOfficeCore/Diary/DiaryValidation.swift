import Foundation

/// The diary's rules for user input, one function per field, each throwing
/// ``BoxOfficeError/invalidParameter(_:)`` or ``BoxOfficeError/invalidDate(_:)`` with a message that
/// names the field. The API, the web pages and the importers all use these.
public enum DiaryValidation {
    /// Longest memo, in characters.
    public static let memoLimit = 10_000
    /// Longest note title, in characters.
    public static let titleLimit = 300
    /// Longest category name, in characters.
    public static let categoryNameLimit = 50
    /// Longest API token label, in characters.
    public static let tokenNameLimit = 100
    /// Usernames are 3–32 letters, digits, `_`, `.` or `-`.
    public static let usernameLength = 3...32
    /// Passwords are at least 8 characters and at most 72 bytes of UTF-8 (bcrypt ignores the rest).
    public static let passwordMinimumCharacters = 8
    public static let passwordMaximumBytes = 72
    /// The earliest watched date accepted.
    public static let earliestWatchedDate = CalendarDate(year: 1900, month: 1, day: 1)!

    // MARK: Accounts

    /// The username, trimmed and in Unicode NFC.
    public static func username(_ text: String) throws(BoxOfficeError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard usernameLength.contains(name.count) else {
            throw .invalidParameter(
                "username must be \(usernameLength.lowerBound) to \(usernameLength.upperBound) characters long.")
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else {
            throw .invalidParameter("username may contain only letters, digits, \"_\", \".\" and \"-\".")
        }
        return name
    }

    /// The key that makes usernames unique regardless of case (and of Unicode normalization).
    public static func usernameKey(_ username: String) -> String {
        username.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Checks a new password (it is never trimmed or changed).
    public static func newPassword(_ password: String) throws(BoxOfficeError) {
        guard password.count >= passwordMinimumCharacters else {
            throw .invalidParameter("password must be at least \(passwordMinimumCharacters) characters long.")
        }
        guard password.utf8.count <= passwordMaximumBytes else {
            throw .invalidParameter("password must be at most \(passwordMaximumBytes) bytes long.")
        }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidParameter("password must not contain control characters.")
        }
    }

    /// An API token's label, trimmed; empty becomes "API token".
    public static func tokenName(_ text: String?) throws(BoxOfficeError) -> String {
        let name = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= tokenNameLimit else {
            throw .invalidParameter("name must be at most \(tokenNameLimit) characters long.")
        }
        guard !containsControlCharacters(name) else {
            throw .invalidParameter("name must not contain control characters.")
        }
        return name.isEmpty ? "API token" : name
    }

    // MARK: Categories

    /// A category name, trimmed.
    public static func categoryName(_ text: String) throws(BoxOfficeError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .invalidParameter("name must not be empty.") }
        guard name.count <= categoryNameLimit else {
            throw .invalidParameter("name must be at most \(categoryNameLimit) characters long, got \(name.count).")
        }
        guard !containsControlCharacters(name) else {
            throw .invalidParameter("name must not contain control characters.")
        }
        return name
    }

    /// The key that makes a user's category names unique regardless of case.
    public static func categoryKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }

    // MARK: Notes

    /// A KOBIS movie code (letters and digits).
    public static func movieCode(_ text: String) throws(BoxOfficeError) -> String {
        let code = text.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty else { throw .invalidParameter("movieCode must not be empty.") }
        guard MovieService.isPlausibleCode(code) else {
            throw .invalidParameter(
                "movieCode must be a KOBIS movie code (letters and digits), got \"\(code.prefix(40))\".")
        }
        return code
    }

    /// A note title, trimmed.
    public static func title(_ text: String) throws(BoxOfficeError) -> String {
        let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .invalidParameter("title must not be empty.") }
        guard title.count <= titleLimit else {
            throw .invalidParameter("title must be at most \(titleLimit) characters long, got \(title.count).")
        }
        guard !containsControlCharacters(title) else {
            throw .invalidParameter("title must not contain control characters or line breaks.")
        }
        return title
    }

    /// Parses a watched date `YYYY-MM-DD` and checks it is a real day, not in the future (in Seoul), not before 1900.
    public static func watchedOn(_ text: String, today: CalendarDate, field: String = "watchedOn")
        throws(BoxOfficeError)
        -> CalendarDate
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw .invalidDate("\(field) must be a date as YYYY-MM-DD, got \"\(trimmed.prefix(40))\".")
        }
        guard let date = CalendarDate(trimmed) else {
            throw .invalidDate("\(field) \(trimmed) is not a real day.")
        }
        try watchedOn(date, today: today, field: field)
        return date
    }

    /// Checks that a watched date is not in the future (in Seoul) and not before 1900.
    public static func watchedOn(_ date: CalendarDate, today: CalendarDate, field: String = "watchedOn")
        throws(BoxOfficeError)
    {
        if date > today {
            throw .invalidDate(
                "\(field) \(date) is in the future; the latest possible day is \(today) (today in Korea).")
        }
        if date < earliestWatchedDate {
            throw .invalidDate("\(field) \(date) is too early; the earliest accepted day is \(earliestWatchedDate).")
        }
    }

    /// A rating given as a number of stars.
    public static func rating(stars: Double, field: String = "rating") throws(BoxOfficeError) -> StarRating {
        guard stars.isFinite, stars >= 0.5, stars <= 5 else {
            throw .invalidParameter("\(field) must be from 0.5 to 5 stars, got \(format(stars)).")
        }
        guard let rating = StarRating(stars: stars) else {
            throw .invalidParameter("\(field) must be in half stars (0.5, 1, 1.5 … 5), got \(format(stars)).")
        }
        return rating
    }

    /// A rating given as text (`4.5`, `4`); empty means no rating.
    public static func rating(text: String, field: String = "rating") throws(BoxOfficeError) -> StarRating? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let stars = Double(trimmed), trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
            throw .invalidParameter("\(field) must be a number of stars from 0.5 to 5, got \"\(trimmed.prefix(20))\".")
        }
        return try rating(stars: stars, field: field)
    }

    /// Checks a memo's length; memos are kept exactly as written.
    public static func memo(_ text: String) throws(BoxOfficeError) -> String {
        let count = text.count
        guard count <= memoLimit else {
            throw .invalidParameter(
                "memo is too long: \(NumberFormatting.thousands(count)) characters; the limit is \(NumberFormatting.thousands(memoLimit))."
            )
        }
        return text
    }

    /// `cinema`, `home`, or empty for none.
    public static func place(_ text: String) throws(BoxOfficeError) -> DiaryPlace? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty { return nil }
        guard let place = DiaryPlace(rawValue: trimmed) else {
            throw .invalidParameter("place must be cinema or home, got \"\(trimmed.prefix(20))\".")
        }
        return place
    }

    /// A chart rank seen (1–1000).
    public static func chartRank(_ rank: Int) throws(BoxOfficeError) -> Int {
        guard (1...1000).contains(rank) else {
            throw .invalidParameter("chartRank must be from 1 to 1000, got \(rank).")
        }
        return rank
    }

    /// Checks everything about a note that the service is about to store.
    public static func check(_ note: DiaryNote, today: CalendarDate) throws(BoxOfficeError) {
        _ = try movieCode(note.movieCode)
        _ = try title(note.title)
        try watchedOn(note.watchedOn, today: today)
        _ = try memo(note.memo)
        if let date = note.chartDate { try watchedOn(date, today: today, field: "chartDate") }
        if let rank = note.chartRank { _ = try chartRank(rank) }
    }

    static func containsControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return String(describing: value) }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
