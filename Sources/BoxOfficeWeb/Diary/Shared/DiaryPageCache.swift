import BoxOfficeCore
import Foundation
import Hummingbird

/// Signed-in pages that show only the person's diary (the notes pages, the statistics pages) as rendered, kept until
/// the diary changes: most of such a page's cost is rendering it, and a diary is read far more often than it is
/// written.
///
/// A page is kept for one session, not one person: it carries the session's CSRF token (the log-out form), so a
/// page is only ever served to the session it was rendered for. Its key holds the session and its token, the
/// address (the path, so each year's statistics are their own page, and every parameter the page echoes), the
/// language and the diary's version, which the database raises with every change to the person's notes or
/// categories, so a change made through any instance is seen at once. A page is kept until midnight in Seoul at
/// most (the year field's limit moves then), within the cache's byte budget.
struct DiaryPageCache: Sendable {
    let pages: RenderedPageCache
    let calendar: BoxOfficeCalendar

    func key(for request: Request, session: DiarySession, language: Language, diaryVersion: Int64)
        -> RenderedPageCache.Key
    {
        RenderedPageCache.Key(
            path: request.uri.path, query: request.uri.query ?? "", language: language,
            variant:
                "user=\(session.user.id.uuidString) name=\(session.user.username) session=\(session.id.uuidString) "
                + "csrf=\(session.csrfToken) version=\(diaryVersion)")
    }

    func page(for key: RenderedPageCache.Key) -> ByteBuffer? {
        pages.body(for: key, now: calendar.currentInstant)?.identity
    }

    func keep(_ body: ByteBuffer, for key: RenderedPageCache.Key) {
        // Private pages go out uncompressed (they hold the CSRF token beside text the address controls: BREACH).
        pages.store(
            EncodedBody(body, contentType: "text/html; charset=utf-8", compress: false), for: key,
            until: calendar.nextDayStart, now: calendar.currentInstant)
    }
}
