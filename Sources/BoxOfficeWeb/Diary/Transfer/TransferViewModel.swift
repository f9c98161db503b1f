import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// The import/export page: download links for the three formats, an upload form (a file, or pasted text),
/// and after an import, what was added and every skipped row with its reason.
struct TransferViewModel: Sendable {
    struct ExportLink: Sendable {
        var label: String
        var url: String
        var details: String
    }

    struct Report: Sendable {
        var summary: String
        var categoriesCreated: String
        var hasCategoriesCreated: Bool
        var skipped: [SkippedRowViewModel]
        var hasSkipped: Bool
        /// What a JSON file's watchlist did (`nil` when the file had none).
        var watchlist: WatchlistPart?
    }

    struct WatchlistPart: Sendable {
        var summary: String
        var watchlistSkippedTitle: String
        var skipped: [SkippedRowViewModel]
        var hasSkipped: Bool
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var csrf: String
    var exports: [ExportLink]
    var action: String
    var formatOptions: [SelectOptionViewModel]
    var pasted: String
    var errors: [String]
    var hasErrors: Bool
    var report: Report?
    var notesURL: String

    init(
        environment: DiaryPageEnvironment, session: DiarySession, format: DiaryFileFormat? = nil, pasted: String = "",
        errors: [String] = [], report: DiaryImportReport? = nil
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.transferTitle)
        nav = environment.navigation(session, active: .transfer)
        csrf = session.csrfToken
        exports = DiaryFileFormat.allCases.map { format in
            ExportLink(
                label: s.formatName(format), url: environment.link("/export", [("format", format.rawValue)]),
                details: s.formatDetails(format))
        }
        action = environment.link("/import-export")
        formatOptions = DiaryFileFormat.allCases.map {
            SelectOptionViewModel(value: $0.rawValue, label: s.formatName($0), isSelected: $0 == (format ?? .csv))
        }
        self.pasted = pasted
        self.errors = errors
        hasErrors = !errors.isEmpty
        let words = ReasonText(environment.language)
        let watchlistWords = WatchlistImportStrings.table(for: environment.language)
        self.report = report.map { report in
            Report(
                summary: s.importSummary(rows: report.rows, imported: report.imported, skipped: report.skipped.count),
                categoriesCreated: report.categoriesCreated.joined(separator: ", "),
                hasCategoriesCreated: !report.categoriesCreated.isEmpty,
                skipped: report.skipped.map { SkippedRowViewModel($0, words: words) },
                hasSkipped: !report.skipped.isEmpty,
                watchlist: report.watchlist.map { part in
                    WatchlistPart(
                        summary: watchlistWords.diarySummary(
                            rows: part.rows, imported: part.imported, skipped: part.skipped.count),
                        watchlistSkippedTitle: watchlistWords.skippedTitle,
                        skipped: part.skipped.map { SkippedRowViewModel($0, words: words) },
                        hasSkipped: !part.skipped.isEmpty)
                })
        }
        notesURL = environment.link("/notes")
    }
}
