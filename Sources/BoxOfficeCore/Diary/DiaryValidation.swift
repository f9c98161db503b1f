public import Foundation

/// The diary's rules for user input, one function per field, each throwing
/// ``BoxOfficeError/invalid(_:)`` naming the field and the rule it broke. The API, the web pages and the importers all use these.
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
    /// An `Idempotency-Key` is 1–255 visible ASCII characters.
    public static let idempotencyKeyLength = 1...255
    /// The earliest watched date accepted.
    public static let earliestWatchedDate =
        CalendarDate(year: 1900, month: 1, day: 1) ?? CalendarDate(daysSinceEpoch: -25_567)

    /// An `Idempotency-Key` header, as given: 1–255 characters from `!` to `~`.
    public static func idempotencyKey(_ text: String) throws(BoxOfficeError) -> String {
        guard idempotencyKeyLength.contains(text.utf8.count),
            text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw .invalid("Idempotency-Key", .visibleASCII(idempotencyKeyLength), value: text)
        }
        return text
    }

    // MARK: Accounts

    /// The username, trimmed and in Unicode NFC.
    public static func username(_ text: String) throws(BoxOfficeError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard usernameLength.contains(name.count) else {
            throw .invalid("username", .length(usernameLength), value: name)
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else {
            throw .invalid("username", .usernameCharacters, value: name)
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
            throw .invalid("password", .length(passwordMinimumCharacters...Int.max))
        }
        guard password.utf8.count <= passwordMaximumBytes else {
            throw .invalid("password", .maximumBytes(passwordMaximumBytes))
        }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid("password", .noControlCharacters)
        }
    }

    /// An API token's label, trimmed; empty becomes "API token".
    public static func tokenName(_ text: String?) throws(BoxOfficeError) -> String {
        let name = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= tokenNameLimit else {
            throw .invalid("name", .maximumLength(tokenNameLimit))
        }
        guard !containsControlCharacters(name) else {
            throw .invalid("name", .noControlCharacters)
        }
        return name.isEmpty ? "API token" : name
    }

    // MARK: Categories

    /// A category name, trimmed.
    public static func categoryName(_ text: String) throws(BoxOfficeError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .invalid("name", .notEmpty) }
        guard name.count <= categoryNameLimit else {
            throw .invalid("name", .maximumLength(categoryNameLimit))
        }
        guard !containsControlCharacters(name) else {
            throw .invalid("name", .noControlCharacters)
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
        guard !code.isEmpty else { throw .invalid("movieCode", .notEmpty) }
        guard MovieService.isPlausibleCode(code) else {
            throw .invalid("movieCode", .movieCode, value: code)
        }
        return code
    }

    /// A note title, trimmed.
    public static func title(_ text: String) throws(BoxOfficeError) -> String {
        let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .invalid("title", .notEmpty) }
        guard title.count <= titleLimit, title.unicodeScalars.count <= titleLimit * scalarsPerCharacter else {
            throw .invalid("title", .maximumLength(titleLimit))
        }
        guard !containsControlCharacters(title) else {
            throw .invalid("title", .singleLine)
        }
        return title
    }

    /// Parses a watched date `YYYY-MM-DD` and checks it is a real day, not in the future (in Seoul), not before 1900.
    public static func watchedOn(_ text: String, today: CalendarDate, field: String = "watchedOn")
        throws(BoxOfficeError)
        -> CalendarDate
    {
        let date = try DayText.parse(text.trimmingCharacters(in: .whitespaces), field: field)
        try watchedOn(date, today: today, field: field)
        return date
    }

    /// Checks that a watched date is not in the future (in Seoul) and not before 1900.
    public static func watchedOn(_ date: CalendarDate, today: CalendarDate, field: String = "watchedOn")
        throws(BoxOfficeError)
    {
        if date > today {
            throw .invalid(field, .future(latest: today), value: date.isoString)
        }
        if date < earliestWatchedDate {
            throw .invalid(field, .beforeData(earliest: earliestWatchedDate), value: date.isoString)
        }
    }

    /// A rating given as a number of stars.
    public static func rating(stars: Double, field: String = "rating") throws(BoxOfficeError) -> StarRating {
        guard stars.isFinite, stars >= 0.5, stars <= 5 else {
            throw .invalid(field, .stars, value: format(stars))
        }
        guard let rating = StarRating(stars: stars) else {
            throw .invalid(field, .halfStars, value: format(stars))
        }
        return rating
    }

    /// A rating given as text (`4.5`, `4`); empty means no rating.
    public static func rating(text: String, field: String = "rating") throws(BoxOfficeError) -> StarRating? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let stars = Double(trimmed), trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
            throw .invalid(field, .stars, value: trimmed)
        }
        return try rating(stars: stars, field: field)
    }

    /// Characters are counted as people see them, and a character of endless combining marks is one: a text may
    /// hold at most this many Unicode scalars a character on average, or one "character" could be megabytes.
    static let scalarsPerCharacter = 4

    /// Checks a memo's length and that it holds no NUL; memos are otherwise kept exactly as written.
    public static func memo(_ text: String) throws(BoxOfficeError) -> String {
        guard text.unicodeScalars.count <= memoLimit * scalarsPerCharacter, text.count <= memoLimit else {
            throw .invalid("memo", .maximumLength(memoLimit))
        }
        guard !text.utf8.contains(0) else {
            throw .invalid("memo", .noNULCharacter)
        }
        return text
    }

    /// `cinema`, `home`, or empty for none.
    public static func place(_ text: String) throws(BoxOfficeError) -> DiaryPlace? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty { return nil }
        guard let place = DiaryPlace(rawValue: trimmed) else {
            throw .invalid("place", .oneOf(DiaryPlace.allCases.map(\.rawValue)), value: trimmed)
        }
        return place
    }

    /// A chart rank seen (1–1000).
    public static func chartRank(_ rank: Int) throws(BoxOfficeError) -> Int {
        guard (1...1000).contains(rank) else {
            throw .invalid("chartRank", .wholeNumber(1...1000), value: String(rank))
        }
        return rank
    }

    /// The years a note's creation and change instants may fall in: a file says them, and the list's cursors (which
    /// carry them) are refused far past 2001 (PostgreSQL's driver traps on instants thousands of years away).
    public static let instantYears = 1900...4999

    /// Checks an instant a file gave (`createdAt`, `updatedAt`) against ``instantYears``.
    public static func instant(_ date: Date, field: String) throws(BoxOfficeError) {
        let seconds = date.timeIntervalSince1970
        // Within ±31,000 years of 1970 before anything converts it to whole numbers.
        guard seconds.isFinite, abs(seconds) < 1e12 else { throw .invalid(field, .year(instantYears)) }
        guard instantYears.contains(CalendarDate(daysSinceEpoch: Int((seconds / 86_400).rounded(.down))).year) else {
            throw .invalid(field, .year(instantYears), value: DiaryTime.string(date))
        }
    }

    /// Checks everything about a note that the service is about to store.
    public static func check(_ note: DiaryNote, today: CalendarDate) throws(BoxOfficeError) {
        _ = try movieCode(note.movieCode)
        try instant(note.createdAt, field: "createdAt")
        try instant(note.updatedAt, field: "updatedAt")
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
