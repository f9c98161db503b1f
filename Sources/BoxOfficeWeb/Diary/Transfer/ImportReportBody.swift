import BoxOfficeCore
import BoxOfficeText

/// What `POST /api/v1/notes/import` answers: the import's figures and every skipped row with its reason, worded
/// in the request's language.
struct ImportReportBody: Encodable, Sendable {
    struct Skipped: Encodable, Sendable {
        var row: Int
        var title: String
        var reason: String
    }

    var format: DiaryFileFormat
    var rows: Int
    var imported: Int
    var skipped: [Skipped]
    var categoriesCreated: [String]
    var kobisSearches: Int

    init(_ report: DiaryImportReport, language: Language) {
        let words = ReasonText(language)
        format = report.format
        rows = report.rows
        imported = report.imported
        skipped = report.skipped.map { Skipped(row: $0.row, title: $0.title, reason: words.skip($0.reason)) }
        categoriesCreated = report.categoriesCreated
        kobisSearches = report.kobisSearches
    }
}
