import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import OpenAPIRuntime

/// `exportNotes` (`GET /api/v1/notes/export?format=csv|json|letterboxd`) and `importNotes`
/// (`POST /api/v1/notes/import?format=…`, the file is the body whatever its `Content-Type`).
///
/// Both stream: an export is written while the notes are read (chunked, no `Content-Length`), a JSON import is read
/// as its body arrives (``APIRequestBodyMiddleware`` passes the body through, counting it against
/// ``importSizeLimit``).
struct TransferAPIHandler: Sendable {
    let transfer: DiaryTransferService
    /// One import at a time per person (429 with `Retry-After` for a second) and two per server (503), with the
    /// import pages.
    let imports: ImportsInProgress

    /// Largest import file: a JSON file is read as it arrives, so it may be large (an export of 100,000 notes with
    /// memos of a few lines fits, about 1 KB a note); ``APIRequestBodyMiddleware`` answers 413 past it.
    static var importSizeLimit: Int { 256 << 20 }
    /// Largest CSV or Letterboxd file, which is read whole (100,000 rows with memos of a few lines fit).
    static var wholeImportSizeLimit: Int { 96 << 20 }

    static let rules = [
        APIOperationRule(
            Operations.ExportNotes.id,
            query: { query, _ in _ = try DiaryFileFormat(parameter: query.nonEmpty("format")) }),
        APIOperationRule(
            Operations.ImportNotes.id,
            query: { query, _ in _ = try DiaryFileFormat(parameter: query.nonEmpty("format")) },
            bodyLimit: importSizeLimit, body: .streamed),
    ]

    func exportNotes(_ input: Operations.ExportNotes.Input) async throws -> Operations.ExportNotes.Output {
        let user = try DiaryAPIUser.get()
        let format = try DiaryFileFormat(parameter: input.query.format.rawValue)
        // The API's JSON as it has always been written: compact, keys sorted, slashes as they are.
        let export = try await transfer.export(format, for: user, layout: .compact)
        let headers = Operations.ExportNotes.Output.Ok.Headers(
            contentDisposition: "attachment; filename=\"\(export.fileName)\"")
        // Every format leaves as the bytes the writer makes while the notes are read: the generated code can only
        // encode a JSON answer whole, so the JSON goes out as a file too and ``DiaryExportContentTypeMiddleware``
        // labels it as JSON.
        let body = HTTPBody(export.chunks, length: .unknown, iterationBehavior: .single)
        return .ok(.init(headers: headers, body: .textCsvCharsetUtf8(body)))
    }

    func importNotes(_ input: Operations.ImportNotes.Input) async throws -> Operations.ImportNotes.Output {
        let user = try DiaryAPIUser.get()
        let format = try DiaryFileFormat(parameter: input.query.format.rawValue)
        let file =
            switch input.body {
            case .any(let body): body
            }
        let report = try await imports.run(for: user.id, file: file) { file async throws -> DiaryImportReport in
            switch format {
            case .json:
                return try await transfer.importFile(streaming: file, format: format, for: user)
            case .csv, .letterboxd:
                let data = try await APIRequestBodyMiddleware.collect(file, limit: Self.wholeImportSizeLimit)
                return try await transfer.importFile(data, format: format, for: user)
            }
        }
        if report.rows >= FreedMemory.importRows { FreedMemory.release() }
        return .ok(
            .init(
                body: .json(
                    .init(
                        report,
                        language: .messages(
                            lang: input.query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage)))))
    }
}

extension Components.Schemas.DiaryImportReport {
    /// The import's figures and every skipped row with its reason, worded in `language`.
    init(_ report: DiaryImportReport, language: Language) {
        let words = ReasonText(language)
        self.init(
            format: .init(report.format), rows: report.rows, imported: report.imported,
            skipped: report.skipped.map { .init(row: $0.row, title: $0.title, reason: words.skip($0.reason)) },
            categoriesCreated: report.categoriesCreated, kobisSearches: report.kobisSearches,
            leftForTomorrow: report.skipped.count { $0.reason == .lookupsSpentForToday },
            watchlist: report.watchlist.map { .init($0, language: language) })
    }
}

extension Components.Schemas.DiaryImportReport.FormatPayload {
    init(_ format: DiaryFileFormat) {
        switch format {
        case .csv: self = .csv
        case .json: self = .json
        case .letterboxd: self = .letterboxd
        }
    }
}
