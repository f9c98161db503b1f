import BoxOfficeCore
import BoxOfficeText

/// One row an import skipped, in the reader's words (the diary's import page and the watchlist's).
struct SkippedRowViewModel: Sendable {
    var row: String
    var title: String
    var reason: String

    init(_ skipped: DiarySkippedRow, words: ReasonText) {
        row = String(skipped.row)
        title = skipped.title
        reason = words.skip(skipped.reason)
    }
}
