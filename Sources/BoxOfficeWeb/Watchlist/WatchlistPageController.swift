import BoxOfficeCore
import Foundation
import Hummingbird

/// The watchlist's pages: `GET /watchlist`, the add and remove forms (from the list, a movie's page, or a chart
/// row's script), `GET /notifications` and marking alerts read. Every form carries the session's CSRF token.
struct WatchlistPageController<Context: DiarySessionContext>: Sendable {
    let watchlist: WatchlistService
    let notifications: any NotificationRepository
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("watchlist") { request, context in
            let session = try context.requireSession()
            let sort = try WatchlistAPIHandler.sort(
                request.uri.queryParameters.get("sort").flatMap { $0.isEmpty ? nil : $0 })
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
            _ = try await watchlist.add(movieCode: code, userID: session.user.id)
            return Response.redirect(to: WatchlistForms.localPath(form.next, fallback: "/watchlist"), type: .normal)
        }
        group.post("watchlist/{movieCode}/remove") { request, context in
            let session = try context.requireSession()
            let form = try context.form.decode(WatchlistForms.Back.self)
            try await watchlist.remove(movieCode: context.parameters.get("movieCode") ?? "", userID: session.user.id)
            return Response.redirect(to: WatchlistForms.localPath(form.next, fallback: "/watchlist"), type: .normal)
        }
        group.get("notifications") { request, context in
            let session = try context.requireSession()
            let alerts = try await notifications.alerts(
                userID: session.user.id, unreadOnly: false, limit: NotificationAPIHandler.limit)
            let environment = DiaryPageEnvironment(request: request, site: site)
            return try renderer.render(
                NotificationsViewModel(environment: environment, session: session, alerts: alerts),
                template: "notifications")
        }
        group.post("notifications/read") { request, context in
            let session = try context.requireSession()
            let form = try context.form.decode(WatchlistForms.Back.self)
            var ids: [UUID]?
            if let text = form.id {
                guard let id = UUID(uuidString: text) else { throw BoxOfficeError.invalid("id", .uuid, value: text) }
                ids = [id]
            }
            _ = try await notifications.markRead(ids: ids, userID: session.user.id)
            return DiaryPageEnvironment(request: request, site: site).redirect("/notifications")
        }
    }
}

/// `GET /watchlist/marks?codes=A,B,…`: which of a cached page's films are on the reader's watchlist, and how many
/// alerts are unread, as JSON, never stored. The chart and movie pages are the same for everyone; their script asks
/// this to mark the reader's films and show the header's unread count. `{"signedIn": false}` without a session.
struct WatchlistMarksController<Context: DiarySessionContext>: Sendable {
    let watchlist: WatchlistService
    let notifications: any NotificationRepository

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
