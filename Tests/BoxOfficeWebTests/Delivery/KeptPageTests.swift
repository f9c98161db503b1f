import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DeliveryTests {
    /// Movie pages, settled periods and trends kept rendered: the same bytes as a fresh rendering, nothing about the
    /// reader whose request made them, and `GET /session` for what differs per person.
    @Suite("Kept pages and the reader's session", .serialized)
    struct KeptPageTests {
        static let settledPeriod = "/charts/period?from=2024-03-01&to=2024-03-15"

        /// Archives 2024-03-01…15 before the server starts, so the period is settled.
        static func archive(_ services: AppServices) async throws {
            _ = try await services.syncEngine(options: SyncOptions(concurrency: 4)).run(
                SyncRequest(range: DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-15")!)))
        }

        @Test(
            "kept pages equal a fresh rendering and carry nothing of the administrator whose request made them",
            arguments: DiaryWebBackend.enabled)
        func keptPagesArePersonFree(backend: DiaryWebBackend) async throws {
            try await AdminTestSupport.withApp(backend, beforeStart: Self.archive) { app in
                let code = try await app.client.sampleMovieCodes()[0]
                let paths = [
                    "/movies/\(code)", "/movies/\(code)?lang=en", Self.settledPeriod, "/daily?date=2024-03-15",
                    "/movies/\(code)/trend.csv",
                ]
                let boss = try await AdminTestSupport.signedIn(app, "boss", admin: true)
                var keptPages: [String: TestResponse] = [:]
                for path in paths {
                    // The administrator asks first: their request renders and keeps the page.
                    let theirs = try await CompressionTests.get(path, as: boss)
                    let anonymous = try await app.client.get(path)
                    let again = try await app.client.get(path)
                    #expect(theirs.status == .ok, "\(path)")
                    #expect(anonymous.text == theirs.text, "\(path)")
                    #expect(again.text == theirs.text, "\(path)")
                    #expect(anonymous.headers[.eTag] == theirs.headers[.eTag], "\(path)")
                    #expect(!anonymous.text.contains("boss"), "\(path)")
                    #expect(!anonymous.text.contains("admin-link"), "\(path)")
                    #expect(anonymous.headers[.cacheControl] != "no-store", "\(path)")
                    #expect(anonymous.headers[.setCookie] == nil, "\(path)")
                    keptPages[path] = anonymous
                }
                // A router over the same services with empty caches renders every page afresh: the same bytes.
                let fresh = Application(
                    router: try buildRouter(
                        services: app.services, renderer: try await PageRenderer.loadFromBundle(),
                        openAPI: try OpenAPIDocument.loadFromBundle()))
                let kept = keptPages
                try await fresh.test(.router) { client in
                    for path in paths {
                        let rendered = try await client.get(path)
                        #expect(rendered.status == .ok, "\(path)")
                        #expect(rendered.text == kept[path]?.text, "\(path)")
                        #expect(rendered.headers[.eTag] == kept[path]?.headers[.eTag], "\(path)")
                    }
                }
            }
        }

        @Test("GET /session: nobody, a member, an administrator; never stored", arguments: DiaryWebBackend.enabled)
        func session(backend: DiaryWebBackend) async throws {
            try await AdminTestSupport.withApp(backend) { app in
                let anonymous = try await app.client.get("/session")
                #expect(anonymous.status == .ok)
                #expect(anonymous.text == #"{"signedIn":false}"#)
                #expect(anonymous.headers[.cacheControl] == "no-store")
                #expect(anonymous.headers[.contentType] == "application/json; charset=utf-8")

                let member = try await AdminTestSupport.signedIn(app, "minji", admin: false)
                let theirs = try #require(try await member.get("/session").jsonObject)
                #expect(theirs["signedIn"] as? Bool == true)
                #expect(theirs["username"] as? String == "minji")
                #expect(theirs["admin"] as? Bool == false)
                #expect(theirs["csrfToken"] as? String == (try await member.sessionCSRF()))

                let boss = try await AdminTestSupport.signedIn(app, "boss", admin: true)
                #expect(try await boss.get("/session").jsonObject?["admin"] as? Bool == true)

                // The public pages link the diary for everyone; the script turns it into "log in" from /session.
                let page = try await app.client.get("/daily?date=2024-03-15&lang=en")
                #expect(
                    page.text.contains(
                        #"<a class="diary-link" href="/notes?lang=en" data-reader-link data-signed-out-label="Log in" data-signed-out-href="/login?lang=en">My diary</a>"#
                    ))
                #expect(try await app.client.get("/static/app.js").text.contains(#"fetch("/session""#))
            }
        }

        @Test("film pages: a run over for two weeks is kept an hour, a recent one five minutes, none past midnight")
        func movieKeepingPolicy() async throws {
            let clock = Locked(WebTestSupport.fixedNow)  // 2024-03-20 12:00 in Seoul
            let calendar = BoxOfficeCalendar(now: { clock.withLock { $0 } })
            let cache = MoviePageCache(pages: RenderedPageCache(byteBudget: 1 << 20), calendar: calendar)
            let page = EncodedBody(ByteBuffer(string: "<p>film</p>"), contentType: ResponseBuilders.htmlContentType)
            func trend(lastDay: String?) -> MovieTrend {
                let points = lastDay.map {
                    [
                        TrendPoint(
                            date: CalendarDate($0)!, rank: 1, title: "t", audience: 1, audienceTotal: 1, sales: 1,
                            screens: 1, shows: 1)
                    ]
                }
                return MovieTrend(movieCode: "20240001", source: .sample, points: points ?? [])
            }
            func key(_ path: String) -> RenderedPageCache.Key {
                RenderedPageCache.Key(path: path, query: "", language: .korean, variant: "")
            }
            func keep(_ path: String, _ trend: MovieTrend) async throws {
                _ = try await cache.page(for: key(path)) { .init(body: page, until: cache.until(trend: trend)) }
            }
            func isKept(_ path: String) -> Bool {
                cache.pages.body(for: key(path), now: calendar.currentInstant) != nil
            }
            try await keep("/old", trend(lastDay: "2024-02-01"))
            try await keep("/recent", trend(lastDay: "2024-03-19"))
            try await keep("/none", trend(lastDay: nil))

            clock.withLock { $0 = WebTestSupport.fixedNow.addingTimeInterval(4 * 60) }
            #expect(isKept("/recent"))
            #expect(isKept("/none"))
            clock.withLock { $0 = WebTestSupport.fixedNow.addingTimeInterval(6 * 60) }
            #expect(!isKept("/recent"))
            #expect(!isKept("/none"))
            #expect(isKept("/old"))
            clock.withLock { $0 = WebTestSupport.fixedNow.addingTimeInterval(61 * 60) }
            #expect(!isKept("/old"))

            // 23:30 in Seoul: kept until midnight only.
            let lateEvening = WebTestSupport.fixedNow.addingTimeInterval(11.5 * 3600)
            clock.withLock { $0 = lateEvening }
            try await keep("/late", trend(lastDay: "2024-02-01"))
            clock.withLock { $0 = lateEvening.addingTimeInterval(29 * 60) }
            #expect(isKept("/late"))
            clock.withLock { $0 = lateEvening.addingTimeInterval(31 * 60) }
            #expect(!isKept("/late"))
        }
    }
}
