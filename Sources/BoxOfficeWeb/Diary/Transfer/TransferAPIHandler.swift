import BoxOfficeCore
import BoxOfficeText
import Foundation
import OpenAPIRuntime

/// `exportNotes` (`GET /api/v1/notes/export?format=csv|json|letterboxd`) and `importNotes`
/// (`POST /api/v1/notes/import?format=…`, the file is the body whatever its `Content-Type`).
struct TransferAPIHandler: Sendable {
    let transfer: DiaryTransferService

    /// Largest import file (``APIRequestBodyMiddleware`` refuses a larger body before it reaches the handler).
    static var importSizeLimit: Int { 16 << 20 }

    func exportNotes(_ input: Operations.ExportNotes.Input) async throws -> Operations.ExportNotes.Output {
        let user = try DiaryAPIUser.get()
        let export = try await transfer.export(try DiaryFileFormat(parameter: input.query.format.rawValue), for: user)
        let headers = Operations.ExportNotes.Output.Ok.Headers(
            contentDisposition: "attachment; filename=\"\(export.fileName)\"")
        switch export.format {
        case .json:
            // The document describes the file's outline; its notes and categories pass through as written.
            let file = try JSONDecoder().decode(
                Operations.ExportNotes.Output.Ok.Body.JsonPayload.self, from: export.data)
            return .ok(.init(headers: headers, body: .json(file)))
        case .csv, .letterboxd:
            return .ok(.init(headers: headers, body: .textCsvCharsetUtf8(HTTPBody(export.data))))
        }
    }

    func importNotes(_ input: Operations.ImportNotes.Input) async throws -> Operations.ImportNotes.Output {
        let user = try DiaryAPIUser.get()
        let format = try DiaryFileFormat(parameter: input.query.format.rawValue)
        let file =
            switch input.body {
            case .any(let body): body
            }
        let data = try await Data(collecting: file, upTo: Self.importSizeLimit)
        guard !data.isEmpty else { throw BoxOfficeError.invalid(nil, .emptyBody) }
        let report = try await transfer.importFile(data, format: format, for: user)
        return .ok(.init(body: .json(.init(report, language: Language(apiRequest: try APIRequest.get())))))
    }
}

extension Components.Schemas.DiaryImportReport {
    /// The import's figures and every skipped row with its reason, worded in `language`.
    init(_ report: DiaryImportReport, language: Language) {
        let words = ReasonText(language)
        self.init(
            format: .init(report.format), rows: report.rows, imported: report.imported,
            skipped: report.skipped.map { .init(row: $0.row, title: $0.title, reason: words.skip($0.reason)) },
            categoriesCreated: report.categoriesCreated, kobisSearches: report.kobisSearches)
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
