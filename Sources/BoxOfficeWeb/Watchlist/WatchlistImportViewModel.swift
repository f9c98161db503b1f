import BoxOfficeCore
import BoxOfficeText
import Foundation

/// `/watchlist/import`: the Letterboxd watchlist upload form and, after an import, what was added and every skipped
/// row with its reason.
struct WatchlistImportViewModel: Sendable {
    struct Report: Sendable {
        var summary: String
        var skipped: [SkippedRowViewModel]
        var hasSkipped: Bool
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var i: WatchlistImportStrings
    var nav: DiaryNavViewModel
    var form: WatchlistImportFormViewModel
    var pasted: String
    var errors: [String]
    var hasErrors: Bool
    var report: Report?
    var watchlistURL: String

    init(
        environment: DiaryPageEnvironment, session: DiarySession, pasted: String = "", errors: [String] = [],
        report: WatchlistImportReport? = nil
    ) {
        s = environment.strings
        let i = WatchlistImportStrings.table(for: environment.language)
        self.i = i
        layout = environment.layout(title: i.title)
        nav = environment.navigation(session, active: .watchlist)
        form = WatchlistImportFormViewModel(environment: environment, session: session)
        self.pasted = pasted
        self.errors = errors
        hasErrors = !errors.isEmpty
        let words = ReasonText(environment.language)
        self.report = report.map { report in
            Report(
                summary: i.summary(rows: report.rows, imported: report.imported, skipped: report.skipped.count),
                skipped: report.skipped.map { SkippedRowViewModel($0, words: words) },
                hasSkipped: !report.skipped.isEmpty)
        }
        watchlistURL = environment.link("/watchlist")
    }
}

/// The upload form's action, token and words (on `/watchlist/import`, and on `/watchlist` below the list).
struct WatchlistImportFormViewModel: Sendable {
    var action: String
    var csrf: String
    var title: String
    var intro: String
    var fileLabel: String
    var pasteLabel: String
    var button: String

    init(environment: DiaryPageEnvironment, session: DiarySession) {
        let i = WatchlistImportStrings.table(for: environment.language)
        action = environment.link("/watchlist/import")
        csrf = session.csrfToken
        title = i.title
        intro = i.intro
        fileLabel = environment.strings.fileLabel
        pasteLabel = environment.strings.pasteLabel
        button = i.button
    }
}
