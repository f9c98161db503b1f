import BoxOfficeCore
import Foundation
import Hummingbird

/// The watchlist's pages: `GET /watchlist`, the add and remove forms (from the list, a movie's page, or the page
/// script's toggle on chart rows, search results and movie pages, which sends `Accept: application/json` and the
/// `X-CSRF-Token` header and is answered `{"movieCode","listed"}` instead of a redirect), `GET /notifications` (which
/// only shows the alerts: a GET changes nothing) and marking alerts read (`POST /notifications/read`, the page's form,
/// which the page script sends when the list is shown, answered `{"marked","unread"}` to it). Every post carries the
/// session's CSRF token.
struct WatchlistPageController<Context: DiarySessionContext>: Sendable {
    let watchlist: WatchlistService
    let notifications: any AlertRepository
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("watchlist") { request, context in
            let session = try context.requireSession()
            let sort = try WatchlistSort(parameter: request.uri.queryParameters.get("sort"))
            let items = try await watchlist.list(userID: session.user.id, sort: sort)
            let environment = DiaryPageEnvironment(request: request, site: site)
            return try renderer.render(
                WatchlistViewModel(environment: environment, session: session, items: items, sort: sort),
                template: "watchlist")
        }
        group.get("watchlist/add") { request, context in
            let session = try context.requireSession()
            let code = try DiaryValidation.movieCode(request.uri.queryParameters.get("movie") ?? "")
            let movie = try await watchlist.film(code: code)
            let environment = DiaryPageEnvironment(request: request, site: site)
            return try renderer.render(
                WatchlistAddViewModel(environment: environment, session: session, movie: movie),
                template: "watchlist_add")
        }
        group.post("watchlist") { request, context in
            let session = try context.requireSession()
            let form = try context.form.decode(WatchlistForms.Add.self)
            let code = try DiaryValidation.movieCode(form.movieCode)
            let (item, _) = try await watchlist.add(movieCode: code, userID: session.user.id)
            if Self.wantsJSON(request) { return try Self.toggled(item.movieCode, listed: true) }
            return Response.redirect(to: WatchlistForms.localPath(form.next, fallback: "/watchlist"), type: .normal)
        }
        group.post("watchlist/{movieCode}/remove") { request, context in
            let session = try context.requireSession()
            let form = try context.form.decode(WatchlistForms.Back.self)
            let code = context.parameters.get("movieCode") ?? ""
            try await watchlist.remove(movieCode: code, userID: session.user.id)
            if Self.wantsJSON(request) { return try Self.toggled(code, listed: false) }
            return Response.redirect(to: WatchlistForms.localPath(form.next, fallback: "/watchlist"), type: .normal)
        }
        group.get("notifications") { request, context in
            // Shows the alerts and changes nothing: marking them read is the page's form (a POST with the CSRF
            // token), which the page script sends once the list is shown.
            let session = try context.requireSession()
            let alerts = try await notifications.alerts(
                userID: session.user.id, unreadOnly: false, limit: NotificationAPIHandler.limit)
            let environment = DiaryPageEnvironment(request: request, site: site)
            return try renderer.render(
                NotificationsViewModel(
                    environment: environment, session: session, alerts: alerts,
                    isFull: alerts.count >= NotificationAPIHandler.limit),
                template: "notifications")
        }
        group.post("notifications/read") { request, context in
            let session = try context.requireSession()
            let form = try context.form.decode(WatchlistForms.MarkRead.self)
            let marked = try await notifications.markRead(ids: try Self.alertIDs(form), userID: session.user.id)
            if Self.wantsJSON(request) {
                let unread = try await notifications.unreadCount(userID: session.user.id)
                var response = try ResponseBuilders.json(MarkedRead(marked: marked, unread: unread))
                response.headers[.cacheControl] = "no-store"
                return response
            }
            return DiaryPageEnvironment(request: request, site: site).redirect("/notifications")
        }
    }

    /// What the page script is told after marking alerts read.
    struct MarkedRead: Encodable, Sendable {
        var marked: Int
        var unread: Int
    }

    /// The alerts a mark-read form names: one (`id`), those a page showed (`ids`), or `nil` for every alert.
    static func alertIDs(_ form: WatchlistForms.MarkRead) throws(BoxOfficeError) -> [UUID]? {
        if let text = form.id {
            guard let id = UUID(uuidString: text) else { throw .invalid("id", .uuid, value: text) }
            return [id]
        }
        guard let list = form.ids else { return nil }
        let texts = list.split(separator: ",", omittingEmptySubsequences: true)
        guard texts.count <= NotificationAPIHandler.limit else {
            throw .invalid("ids", .maximumLength(NotificationAPIHandler.limit), value: String(list.prefix(40)))
        }
        return try texts.map { text throws(BoxOfficeError) in
            guard let id = UUID(uuidString: String(text)) else { throw .invalid("ids", .uuid, value: String(text)) }
            return id
        }
    }

    /// What the page script's toggle is told, instead of the form's redirect.
    struct Toggled: Encodable, Sendable {
        var movieCode: String
        var listed: Bool
    }

    /// The page script asks for JSON (`Accept: application/json`); a plain form post gets the redirect.
    static func wantsJSON(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") == true
    }

    static func toggled(_ code: String, listed: Bool) throws -> Response {
        var response = try ResponseBuilders.json(Toggled(movieCode: code, listed: listed))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}

/// `GET /watchlist/marks?codes=A,B,…`: which of a cached page's films are on the reader's watchlist, and how many
/// alerts are unread, as JSON, never stored. The chart and movie pages are the same for everyone; their script asks
/// this to mark the reader's films and show the header's unread count. `{"signedIn": false}` without a session.
struct WatchlistMarksController<Context: DiarySessionContext>: Sendable {
    let watchlist: WatchlistService
    let notifications: any AlertRepository

    /// The most codes one request may ask about (a chart page has at most a few dozen).
    static var codeLimit: Int { 200 }

    struct Marks: Encodable, Sendable {
        var signedIn: Bool
        var listed: [String]?
        var unread: Int?
    }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("watchlist/marks") { request, context in
            var response: Response
            if let session = context.session {
                let text = request.uri.queryParameters.get("codes") ?? ""
                let codes = text.split(separator: ",").map(String.init).filter(MovieService.isPlausibleCode)
                guard codes.count <= Self.codeLimit else {
                    throw BoxOfficeError.invalid(
                        "codes", .maximumLength(Self.codeLimit), value: String(text.prefix(40)))
                }
                let listed = try await watchlist.listedCodes(codes, userID: session.user.id)
                let unread = try await notifications.unreadCount(userID: session.user.id)
                response = try ResponseBuilders.json(
                    Marks(signedIn: true, listed: codes.filter(listed.contains), unread: unread))
            } else {
                response = try ResponseBuilders.json(Marks(signedIn: false))
            }
            response.headers[.cacheControl] = "no-store"
            return response
        }
    }
}
