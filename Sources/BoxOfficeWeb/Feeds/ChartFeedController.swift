import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /feeds/daily.atom` and `GET /feeds/weekly.atom`: public Atom feeds of the stored charts (the last 30 days or
/// weeks, newest first). Only stored charts are read: a feed reader's poll never reaches KOBIS.
struct ChartFeedController<Context: RequestContext>: Sendable {
    static var contentType: String { "application/atom+xml; charset=utf-8" }

    let feeds: ChartFeedService
    let renderer: PageRenderer
    /// `BOXOFFICE_PUBLIC_URL`, when set: the origin of the feeds' absolute links (relative links without it).
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
            origin: FeedOrigin.of(publicURL: publicURL))
        let body = try renderer.renderBody(model, template: "feed_atom")
        return Response(
            status: .ok,
            headers: [.contentType: Self.contentType, .cacheControl: "public, max-age=300", .vary: "Accept-Language"],
            body: .init(byteBuffer: body))
    }
}

/// The origin (`scheme://host[:port]`) for a feed's absolute links: the configured public address
/// (`BOXOFFICE_PUBLIC_URL`), else none, and the links are relative (`/daily?date=…`; feed readers resolve them against
/// the feed's own address). Never the request's `Host`: a feed is `public, max-age=300`, and a cache in front of the
/// server that keys on the path would hand links to whatever host one request named to every reader.
enum FeedOrigin {
    static func of(publicURL: URL?) -> String {
        guard let publicURL else { return "" }
        var text = publicURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
