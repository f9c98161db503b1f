import BoxOfficeCodecs
import BoxOfficeCore
import Foundation
import Hummingbird

/// `GET /feeds/u/{secret}/alerts.atom` and `GET /feeds/u/{secret}/calendar.ics`: a person's alerts and calendar at
/// their secret address, without a login (calendar apps and feed readers cannot log in). An unknown or revoked secret
/// is a 404, like any address that does not exist; the request log writes the secret as `<secret>`.
struct PersonalFeedController<Context: RequestContext>: Sendable {
    static var calendarContentType: String { "text/calendar; charset=utf-8" }
    /// Private answers: a shared cache never keeps them; the app asks again each time.
    static var cacheControl: String { "private, no-cache" }

    let feeds: PersonalFeedService
    let renderer: PageRenderer
    let calendar: BoxOfficeCalendar
    let publicURL: URL?

    func addRoutes(to router: RouterGroup<Context>) {
        router.get("feeds/u/{secret}/alerts.atom") { request, context -> Response in
            let secret = context.parameters.get("secret") ?? ""
            guard let found = try await feeds.alerts(secret: secret) else { throw HTTPError(.notFound) }
            let model = AlertFeedViewModel(
                alerts: found.alerts, label: found.label, language: Language(request: request),
                origin: FeedOrigin.of(publicURL: publicURL), selfPath: "/feeds/u/\(secret)/alerts.atom",
                now: calendar.currentInstant)
            return Response(
                status: .ok,
                headers: [.contentType: ChartFeedController<Context>.contentType, .cacheControl: Self.cacheControl],
                body: .init(byteBuffer: try renderer.renderBody(model, template: "feed_alerts_atom")))
        }
        router.get("feeds/u/{secret}/calendar.ics") { request, context -> Response in
            let secret = context.parameters.get("secret") ?? ""
            guard let sources = try await feeds.calendar(secret: secret) else { throw HTTPError(.notFound) }
            let t = FeedStrings.table(for: Language(request: request))
            // A calendar's URL property is an absolute URI: without the public address the events carry none.
            let origin = FeedOrigin.of(publicURL: publicURL)
            func link(_ path: String) -> String? { origin.isEmpty ? nil : origin + path }
            var events: [ICalendarEvent] = sources.openings.compactMap { entry in
                guard let day = entry.openDate else { return nil }
                return ICalendarEvent(
                    uid: sources.openingUID(entry), day: day, summary: t.openingSummary(entry.title),
                    url: link("/movies/\(entry.movieCode)"), stamp: entry.addedAt)
            }
            events += sources.watched.map { note in
                ICalendarEvent(
                    uid: sources.noteUID(note), day: note.watchedOn, summary: t.watchedSummary(note.title),
                    url: link("/notes/\(note.id.uuidString.lowercased())"), stamp: note.updatedAt)
            }
            let text = ICalendarWriter.document(
                name: t.calendarName, productID: "-//BoxOffice//Calendar//\(t.isEnglish ? "EN" : "KO")",
                events: events)
            return Response(
                status: .ok, headers: [.contentType: Self.calendarContentType, .cacheControl: Self.cacheControl],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }
}
