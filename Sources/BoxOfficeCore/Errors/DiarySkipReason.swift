/// Why one row of an import was skipped.
public enum DiarySkipReason: Sendable, Hashable {
    /// A value in the row breaks a rule.
    case invalid(InputProblem)
    /// The same note, or the same movie on the same day, is already in the diary.
    case duplicate
    /// No KOBIS movie has this title (and year).
    case noMovieTitled(String, year: Int?)
    /// Several KOBIS movies have this title; the first codes found.
    case severalMovies(String, year: Int?, codes: [String])
    /// The import used up its KOBIS title lookups.
    case lookupBudgetSpent(limit: Int)
    /// Not looked up: today's KOBIS look-ups for imports are spent (the person's daily budget, or the quota's
    /// limit − reserve). Importing the same file again the next KST day continues.
    case lookupsSpentForToday
    /// The KOBIS search failed.
    case searchFailed
    /// The film is already on the user's watchlist (watchlist imports).
    case alreadyListed
    /// No KOBIS movie has this code (watchlist imports).
    case unknownMovie(code: String)
}
