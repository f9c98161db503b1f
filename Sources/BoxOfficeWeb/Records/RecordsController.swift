import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `GET /records/{milestones,totals,streaks,legs}`: the records from the films' kept records. None calls KOBIS. A page
/// is kept rendered five minutes (never past midnight in Seoul), like film pages, per address and language.
struct RecordsController<Context: RequestContext>: Sendable {
    let records: RecordsService
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar
    let renderer: PageRenderer
    let pages: RenderedPageCache

    static var timeToLive: TimeInterval { APICacheControl.timeToLive }

    func addRoutes(to group: RouterGroup<Context>) {
        // Each route spelled out, so the boundary fuzzer finds it.
        group.get("records/milestones") { request, _ in
            try await kept(request) { language in try await page(.milestones, request, language) }
        }
        group.get("records/totals") { request, _ in
            try await kept(request) { language in try await page(.totals, request, language) }
        }
        group.get("records/streaks") { request, _ in
            try await kept(request) { language in try await page(.streaks, request, language) }
        }
        group.get("records/legs") { request, _ in
            try await kept(request) { language in try await page(.legs, request, language) }
        }
        group.get("records") { request, _ in
            // 303, keeping a language the address named.
            Response.redirect(
                to: LinkBuilder.link(
                    "/records/milestones", [("lang", Language.explicitParameter(in: request)?.rawValue)]))
        }
    }

    /// The kept page of the request's address and language, or a new one kept five minutes.
    private func kept(_ request: Request, _ render: (Language) async throws -> ByteBuffer) async throws -> Response {
        let language = Language(request: request)
        let key = RenderedPageCache.Key(
            path: request.uri.path, query: request.uri.query ?? "", language: language, variant: "")
        let now = calendar.currentInstant
        let page = try await pages.page(for: key, now: now) {
            let body = EncodedBody(try await render(language), contentType: ResponseBuilders.htmlContentType)
            return .init(body: body, until: min(now.addingTimeInterval(Self.timeToLive), calendar.nextDayStart))
        }
        return page.response(to: request)
    }

    private func page(_ kind: RecordKind, _ request: Request, _ language: Language) async throws -> ByteBuffer {
        let query = try RecordsParameters.query(kind, request.formParameters, calendar: calendar)
        let report = try await records.report(query)
        let titles = await archive.pageTitles(of: report.movieCodes, for: language)
        return try renderer.renderBody(
            RecordsViewModel(
                report: report, calendar: calendar, language: language, request: request, englishTitles: titles),
            template: "records")
    }
}
