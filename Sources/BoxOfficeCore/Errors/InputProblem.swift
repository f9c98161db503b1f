/// What was wrong with one piece of input: which field, the value given and the rule it broke.
/// The surfaces turn it into a sentence in the reader's language; the core never does.
public struct InputProblem: Error, Sendable, Hashable {
    /// The parameter or field as the API and forms name it (`date`, `nation`, `rating`); `nil` for the request
    /// as a whole (its body, or a combination of fields).
    public var field: String?
    /// The value as given, cut to 40 characters (``quotable(_:)``); `nil` when none was given or quoting it would
    /// not help.
    public var value: String?
    public var rule: InputRule

    public init(_ field: String?, _ rule: InputRule, value: String? = nil) {
        self.field = field
        self.rule = rule
        self.value = value.map(Self.quotable)
    }

    /// The most of a value a message quotes: its first 40 characters, and `…` when there was more.
    public static func quotable(_ value: some StringProtocol) -> String {
        value.dropFirst(40).isEmpty ? String(value) : String(value.prefix(40)) + "…"
    }
}

/// The rules input can break, each carrying what a message needs to say what would be right.
public enum InputRule: Sendable, Hashable {
    // MARK: Dates and periods
    /// Not a day written as `YYYY-MM-DD`, or no such day.
    case dayFormat
    /// Not a month written as `YYYY-MM`.
    case monthFormat
    /// Not a year written as `YYYY`.
    case yearFormat
    /// A well-formed day that does not exist (`2023-02-30`).
    case notARealDay
    /// Today in Korea: its box office is counted tomorrow. `latest` is yesterday.
    case today(latest: CalendarDate)
    /// A day after today. `latest` is the latest allowed day.
    case future(latest: CalendarDate)
    /// Before the first day KOBIS has figures for (or the earliest day accepted).
    case beforeData(earliest: CalendarDate)
    /// A week (or weekend, or weekdays) that has not ended yet; `latest` is the latest one that has.
    case weekNotOver(WeeklyRange, days: DateRange, latest: DateRange)
    /// A week (or weekend, or weekdays) that starts before the data begins; `earliest` is the first one that does
    /// not.
    case weekBeforeData(WeeklyRange, days: DateRange, earliest: DateRange)
    /// A month or year that has not begun to be counted; `latest` is yesterday.
    case periodNotCounted(latest: CalendarDate)
    /// A range whose start is after its end.
    case reversed(start: CalendarDate, end: CalendarDate)
    /// A range longer than a job may cover.
    case rangeTooLong(maximumDays: Int)
    /// Two ways of naming a period given at once (`from`/`to`, `month`, `year`).
    case exclusive([String])
    /// Fields that must come together; `field` came without `other`.
    case together(with: String)
    /// Given to a view or list that does not read it; only these do (a command's `records totals`, say).
    case onlyWith([String])

    // MARK: Values
    /// Missing where a value is needed.
    case required
    /// Empty (or only spaces) where text is needed.
    case notEmpty
    /// `null` where a value is needed.
    case notNull
    /// Must be one of these values (as the API spells them).
    case oneOf([String])
    /// Must be a whole number in the range.
    case wholeNumber(ClosedRange<Int>)
    /// Must be a whole number of at least this.
    case atLeast(Int)
    /// Must be a year in the range.
    case year(ClosedRange<Int>)
    /// Must be a number of seconds in the range.
    case seconds(ClosedRange<Double>)
    /// Must be an `http` or `https` URL.
    case httpURL
    /// Must be IP addresses or CIDR ranges, separated by commas (`127.0.0.1, 10.0.0.0/8, fd00::/8`).
    case addressRanges
    /// Must have between these many characters.
    case length(ClosedRange<Int>)
    /// Must have at most this many characters.
    case maximumLength(Int)
    /// Must have at most this many bytes of UTF-8.
    case maximumBytes(Int)
    /// Must be this many visible ASCII characters (`!` to `~`: no spaces, no other characters).
    case visibleASCII(ClosedRange<Int>)
    /// Must not contain control characters.
    case noControlCharacters
    /// Must not contain the NUL character (U+0000), which text written elsewhere never holds and PostgreSQL refuses to
    /// keep: refused before any store, so SQLite and PostgreSQL answer alike.
    case noNULCharacter
    /// Must be one line: no control characters or line breaks.
    case singleLine
    /// Usernames: letters, digits, `_`, `.` and `-` only.
    case usernameCharacters
    /// Not a KOBIS movie code (letters and digits).
    case movieCode
    /// Not a KOBIS region code (digits only).
    case regionCode
    /// A well-formed region code that KOBIS does not list.
    case unknownRegion
    /// Star ratings: a number from 0.5 to 5.
    case stars
    /// Star ratings: in half stars.
    case halfStars
    /// Must be a UUID.
    case uuid
    /// Must be an ISO-8601 instant.
    case instant
    /// Must be a JSON value of this type.
    case type(ValueType)
    /// Must be a diary category id (or the word for none).
    case categoryID
    /// The user has no category with this id.
    case unknownCategory
    /// KOBIS has no movie with this code.
    case unknownMovie
    /// Cannot be changed after creation.
    case immutable
    /// A change request that changes nothing; these fields could be sent.
    case nothingToChange([String])
    /// Notes cannot be moved into the category being deleted.
    case moveIntoDeletedCategory
    /// An import with more rows than one import takes.
    case tooManyRows(count: Int, limit: Int)
    /// Not a list position this API gave for this sort (a `cursor` changed, or from another order).
    case listCursor
    /// A value that is not valid, where no more specific rule applies (a malformed JSON note).
    case invalid
    /// A webhook URL that may not be a target (server-side request forgery, or not an http(s) URL).
    case webhookTarget(WebhookTargetProblem)
    /// The person has as many webhooks as one person may have.
    case tooManyWebhooks(limit: Int)
    /// The diary holds as many notes as one diary may (``DiaryLimits/notes``).
    case tooManyNotes(limit: Int)
    /// An import whose new notes would take the diary past ``DiaryLimits/notes``: it holds `notes` and the file adds
    /// `adding`.
    case importPastNoteLimit(notes: Int, adding: Int, limit: Int)
    /// A note whose memo would take the diary's memos past ``DiaryLimits/memoCharacters`` characters together.
    case tooManyMemoCharacters(limit: Int)
    /// An import whose new notes' memos would take the diary past ``DiaryLimits/memoCharacters``: its memos hold
    /// `characters` and the file adds `adding`.
    case importPastMemoLimit(characters: Int, adding: Int, limit: Int)
    /// The diary has as many categories as one diary may (``DiaryLimits/categories``).
    case tooManyCategories(limit: Int)
    /// The account has as many API tokens as one account may (``DiaryLimits/tokens``).
    case tooManyTokens(limit: Int)
    /// More films to compare (`given`) than a comparison takes.
    case tooManyComparisons(limit: Int, given: Int)
    /// A film compared with itself.
    case comparedWithItself

    // MARK: The request body
    /// The body is empty.
    case emptyBody
    /// The body is not JSON.
    case notJSON
    /// The body is JSON but not an object.
    case notJSONObject
    /// A posted form body that cannot be read (multipart or URL-encoded).
    case malformedForm
    /// The uploaded file cannot be read as the format it claims.
    case file(DiaryFileProblem)

    /// JSON value types named in messages.
    public enum ValueType: String, Sendable, Hashable {
        case string, number, wholeNumber, boolean, array, object
    }
}
