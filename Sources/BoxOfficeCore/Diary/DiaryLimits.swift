/// What one account may keep, however many requests it sends. Each request is bounded on its own (a memo's length,
/// an import's rows); these bound what the requests add up to, so one person cannot fill the store others share.
/// Stores decide them under the account's lock, so requests at once cannot pass a limit together.
public struct DiaryLimits: Sendable, Hashable {
    /// Notes in one diary: twice the 50,000 the diary is measured at, and room for one whole import.
    public var notes: Int
    /// Characters in all of one diary's memos together (Unicode scalars, as both databases count them): 200 a note at
    /// the note limit. Without it, 100,000 memos of 10,000 characters could hold 3 GB of one person's text.
    public var memoCharacters: Int
    /// Rows the statistics keep for the names of one diary's films (genres, nations, directors): each distinct name
    /// takes a row for all time and one for each year it was watched in: about what 100,000 notes of different films
    /// need. Without it, a file of made-up names could make 120 a note, 12 million in a full diary (1–2 GB).
    /// Names past it are left out of a note's film details, as a file's extra names are (``MovieSnapshot/Bounds``).
    public var nameRows: Int
    /// Categories of one diary.
    public var categories: Int
    /// API tokens of one account (they never expire; revoking one makes room).
    public var tokens: Int
    /// Browsers signed in to one account at once: signing in once more ends the session that would end soonest (a
    /// session in use keeps pushing its end back).
    public var sessions: Int

    public init(
        notes: Int = 100_000, memoCharacters: Int = 20_000_000, nameRows: Int = 200_000, categories: Int = 1_000,
        tokens: Int = 100, sessions: Int = 50
    ) {
        self.notes = notes
        self.memoCharacters = memoCharacters
        self.nameRows = nameRows
        self.categories = categories
        self.tokens = tokens
        self.sessions = sessions
    }
}
