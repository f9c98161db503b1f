import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `GET /market/years`, `/market/days?year=|month=|from=&to=` and `/market/holidays?holiday=`: the market from the
/// archive. None calls KOBIS. A page is kept rendered five minutes (never past midnight in Seoul), like film pages,
/// per address and language.
struct MarketController<Context: RequestContext>: Sendable {
    let market: MarketService
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar
    let renderer: PageRenderer
    let pages: RenderedPageCache

    static var timeToLive: TimeInterval { APICacheControl.timeToLive }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("market/years") { request, _ in
            try await kept(request) { language in try await years(request, language) }
        }
        group.get("market/days") { request, _ in
            try await kept(request) { language in try await days(request, language) }
        }
        group.get("market/holidays") { request, _ in
            try await kept(request) { language in try await holidays(request, language) }
        }
        group.get("market") { request, _ in
            // 303, keeping a language the address named.
            Response.redirect(
                to: LinkBuilder.link("/market/years", [("lang", Language.explicitParameter(in: request)?.rawValue)]))
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

    private func years(_ request: Request, _ language: Language) async throws -> ByteBuffer {
        let report = try await market.years()
        return try renderer.renderBody(
            MarketYearsViewModel(report: report, language: language, request: request), template: "market_years")
    }

    private func days(_ request: Request, _ language: Language) async throws -> ByteBuffer {
        let parameters = try MarketParameters(request.formParameters, calendar: calendar)
        let report = try await market.days(parameters.range)
        let titles = await archive.pageTitles(of: report.movieCodes, for: language)
        return try renderer.renderBody(
            MarketDaysViewModel(
                report: report, parameters: parameters, calendar: calendar, language: language, request: request,
                englishTitles: titles),
            template: "market_days")
    }

    private func holidays(_ request: Request, _ language: Language) async throws -> ByteBuffer {
        let holiday = try MarketParameters.holiday(request.formParameters)
        let report = try await market.holidays(holiday)
        let titles = await archive.pageTitles(of: report.movieCodes, for: language)
        return try renderer.renderBody(
            MarketHolidaysViewModel(report: report, language: language, request: request, englishTitles: titles),
            template: "market_holidays")
    }
}
