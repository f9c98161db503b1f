import BoxOfficeApp
import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /import-export`; `POST /import-export` imports a file (a `multipart/form-data` upload in `file`, or text
/// pasted into `content`) in the chosen `format` and reports what it skipped and why; `GET /export?format=…`
/// downloads the diary, written while it is read (chunked). A malformed file answers 400 with the form and the
/// reason; nothing is written.
struct TransferController<Context: DiarySessionContext>: Sendable {
    /// The largest file the page accepts, as multipart only (its CSRF token, the form's first part, is compared
    /// before the file is read). The file is held whole, so less than the API's streamed JSON import
    /// (`POST /api/v1/notes/import`) takes; 100,000 notes with short memos fit.
    static var importSizeLimit: Int { 128 << 20 }

    let transfer: DiaryTransferService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("import-export") { request, context in
            let environment = DiaryPageEnvironment(request: request, site: site)
            let viewModel = TransferViewModel(environment: environment, session: try context.requireSession())
            return try renderer.render(viewModel, template: "diary_transfer")
        }
        group.post("import-export") { request, context in try await importFile(request, context: context) }
        group.get("export") { request, context in
            let session = try context.requireSession()
            let format = try DiaryFileFormat(parameter: request.formParameters.nonEmpty("format"))
            let export = try await transfer.export(format, for: session.user)
            return Response(
                status: .ok,
                headers: [
                    .contentType: export.contentType,
                    .contentDisposition: "attachment; filename=\"\(export.fileName)\"",
                ],
                body: ResponseBody { writer in
                    for try await chunk in export.chunks { try await writer.write(ByteBuffer(bytes: chunk)) }
                    try await writer.finish(nil)
                })
        }
    }

    func importFile(_ request: Request, context: Context) async throws -> Response {
        let environment = DiaryPageEnvironment(request: request, site: site)
        let session = try context.requireSession()
        let form = ImportForm(context.form)
        let format: DiaryFileFormat
        do {
            format = try DiaryFileFormat(parameter: form.format)
        } catch {
            return try render(
                environment, session: session, pasted: form.pasted, errors: [environment.strings.formatRequired],
                status: .badRequest)
        }
        let data = form.data
        guard !data.isEmpty else {
            return try render(
                environment, session: session, format: format, pasted: form.pasted,
                errors: [environment.strings.importEmpty], status: .badRequest)
        }
        let report: DiaryImportReport
        do {
            report = try await transfer.importFile(data, format: format, for: session.user)
        } catch let error as BoxOfficeError where error.isBadInput {
            return try render(
                environment, session: session, format: format, pasted: form.pasted,
                errors: [environment.importRefused(error)], status: .badRequest)
        }
        if report.rows >= FreedMemory.importRows { FreedMemory.release() }
        return try render(environment, session: session, format: format, report: report, status: .ok)
    }

    private func render(
        _ environment: DiaryPageEnvironment, session: DiarySession, format: DiaryFileFormat? = nil, pasted: String = "",
        errors: [String] = [], report: DiaryImportReport? = nil, status: HTTPResponse.Status
    ) throws -> Response {
        let viewModel = TransferViewModel(
            environment: environment, session: session, format: format, pasted: pasted, errors: errors, report: report)
        return try renderer.render(viewModel, template: "diary_transfer", status: status)
    }
}
