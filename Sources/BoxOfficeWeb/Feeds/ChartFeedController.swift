import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /feeds/daily.atom` and `GET /feeds/weekly.atom`: public Atom feeds of the stored charts (the last 30 days or
/// weeks, newest first). Only stored charts are read: a feed reader's poll never reaches KOBIS.
struct ChartFeedController<Context: RequestContext>: Sendable {
    static var contentType: String { "application/atom+xml; charset=utf-8" }

    let feeds: ChartFeedService
    let renderer: PageRenderer
    /// `BOXOFFICE_PUBLIC_URL`, when set: the origin of the feeds' absolute links.
    let publicURL: URL?

    func addRoutes(to router: RouterGroup<Context>) {
        router.get("feeds/daily.atom") { request, _ -> Response in
            try await feed(.daily, charts: try await feeds.recentDailyCharts(), request: request)
        }
        router.get("feeds/weekly.atom") { request, _ -> Response in
            try await feed(.week, charts: try await feeds.recentWeeklyCharts(), request: request)
        }
    }

    private func feed(_ kind: ChartKind, charts: [Chart], request: Request) async throws -> Response {
        let model = ChartFeedViewModel(
            kind: kind, charts: charts, feeds: feeds, language: Language(request: request),
            explicitLanguage: Language.explicitParameter(in: request),
            origin: FeedOrigin.of(request, publicURL: publicURL))
        let body = try renderer.renderBody(model, template: "feed_atom")
        return Response(
            status: .ok,
            headers: [.contentType: Self.contentType, .cacheControl: "public, max-age=300", .vary: "Accept-Language"],
            body: .init(byteBuffer: body))
    }
}

/// The origin (`scheme://host[:port]`) for a feed's absolute links: the configured public address, else the request's
/// own `Host`.
enum FeedOrigin {
    static func of(_ request: Request, publicURL: URL?) -> String {
        if let publicURL {
            var text = publicURL.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        let host = request.head.authority ?? "localhost"
        return "http://\(host)"
    }
}
