import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import OpenAPIRuntime

/// `importWatchlist` (`POST /api/v1/watchlist/import?format=letterboxd`, the file is the body whatever its
/// `Content-Type`, at most ``importSizeLimit`` bytes): Letterboxd's `watchlist.csv` matched and added to the
/// user's watchlist.
struct WatchlistImportAPIHandler: Sendable {
    let importer: WatchlistImporter
    /// One import at a time per person (429 with `Retry-After` for a second) and two per server (503), with the
    /// import pages; the body is read inside that bound (the operation's body is streamed to the handler).
    let imports: ImportsInProgress

    /// Largest file: a Letterboxd watchlist of 100,000 films (the row limit) is about 8 MB.
    static var importSizeLimit: Int { 16 << 20 }

    static let rules = [
        APIOperationRule(
            Operations.ImportWatchlist.id,
            query: { query, _ in _ = try WatchlistImportFormat(parameter: query.nonEmpty("format")) },
            bodyLimit: importSizeLimit, body: .streamed)
    ]

    func importWatchlist(_ input: Operations.ImportWatchlist.Input) async throws -> Operations.ImportWatchlist.Output {
        let user = try DiaryAPIUser.get()
        _ = try WatchlistImportFormat(parameter: input.query.format.rawValue)
        let file =
            switch input.body {
            case .any(let body): body
            }
        let report = try await imports.run(for: user.id, file: file) { file in
            let data = try await APIRequestBodyMiddleware.collect(file, limit: Self.importSizeLimit)
            return try await importer.importLetterboxd(data, userID: user.id)
        }
        let language = Language.messages(lang: input.query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage)
        return .ok(.init(body: .json(.init(report, language: language))))
    }
}

extension Components.Schemas.WatchlistImportReport {
    /// The import's figures and every skipped row with its reason, worded in `language`.
    init(_ report: WatchlistImportReport, language: Language) {
        let words = ReasonText(language)
        self.init(
            rows: report.rows, imported: report.imported,
            skipped: report.skipped.map { .init(row: $0.row, title: $0.title, reason: words.skip($0.reason)) },
            kobisSearches: report.kobisSearches,
            leftForTomorrow: report.skipped.count { $0.reason == .lookupsSpentForToday })
    }
}
