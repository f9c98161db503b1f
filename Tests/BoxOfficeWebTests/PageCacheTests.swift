import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Rendered chart pages are cached without mixing readers' variants")
struct PageCacheTests {
    let page = "/daily?date=\(WebTestSupport.settledDate)"

    @Test("the same settled page twice gives the same bytes")
    func sameBytes() async throws {
        try await WebTestSupport.withSampleApp { client in
            let first = try await client.get(page)
            let second = try await client.get(page)
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            #expect(first.text == second.text)
            #expect(second.headers[.contentType] == "text/html; charset=utf-8")
            #expect(second.headers[.contentSecurityPolicy] != nil, "cached pages keep the security headers")
        }
    }

    @Test("language, layout and signed-in state each get their own page")
    func variantsStaySeparate() async throws {
        try await WebTestSupport.withSampleApp { client in
            let korean = try await client.get(page)
            #expect(korean.text.contains("일별 박스오피스"))
            let english = try await client.get(page, headers: [.acceptLanguage: "en-US,en;q=0.9"])
            #expect(english.text.contains("Daily box office"))
            #expect(!english.text.contains("일별 박스오피스"))
            #expect(
                try await client.get(page).text.contains("일별 박스오피스"), "the English page did not replace the Korean one")

            let grid = try await client.get(page, headers: [.cookie: "view=grid"])
            #expect(grid.text.contains("chart chart-grid"))
            #expect(try await client.get(page).text.contains("chart chart-list"))

            let explicitGrid = try await client.get(page + "&view=grid")
            #expect(
                explicitGrid.headers[.setCookie]?.contains("view=grid") == true, "a cached hit still remembers ?view=")
            let explicitAgain = try await client.get(page + "&view=grid")
            #expect(explicitAgain.headers[.setCookie]?.contains("view=grid") == true)

            // Nothing about the reader is in a kept page: the page script asks /session who is signed in.
            let anonymous = try await client.get(page)
            let signedIn = try await client.get(page, headers: [.cookie: "\(SessionCookies.sessionName)=whatever"])
            #expect(anonymous.text == signedIn.text)
            #expect(anonymous.text.contains(#"data-signed-out-href="/login""#))
        }
    }

    @Test("bad input is still refused once the page is cached")
    func badInputStillRefused() async throws {
        try await WebTestSupport.withSampleApp { client in
            let cached = try await client.get(page)
            let badNation = try await client.get(page + "&nation=X")
            let badView = try await client.get(page + "&view=bogus")
            #expect(cached.status == .ok)
            #expect(badNation.status == .badRequest)
            #expect(badView.status == .badRequest)
        }
    }

    @Test("a page shown from a stale chart is not kept: it recovers on the next request")
    func stalePageNotKept() async throws {
        try await WebTestSupport.withSimulatorServer(provisionalTTL: 0) { server, client in
            let path = "/daily?date=\(WebTestSupport.yesterday)"
            let first = try await client.get(path)
            #expect(first.status == .ok)
            server.setFault(.http500)
            #expect(try await client.get(path).text.contains("notice-stale"))
            server.setFault(.none)
            let recovered = try await client.get(path)
            #expect(recovered.status == .ok)
            #expect(!recovered.text.contains("notice-stale"))
        }
    }
}

@Suite("RenderedPageCache")
struct RenderedPageCacheTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func key(_ path: String, language: Language = .korean) -> RenderedPageCache.Key {
        RenderedPageCache.Key(path: path, query: "", language: language, variant: "list")
    }

    func body(_ size: Int) -> EncodedBody {
        EncodedBody(ByteBuffer(repeating: UInt8(ascii: "x"), count: size), contentType: "text/html; charset=utf-8")
    }

    @Test("an entry is served until its date, then dropped")
    func expiry() {
        let cache = RenderedPageCache(byteBudget: 10_000)
        cache.store(body(10), for: key("/a"), until: now.addingTimeInterval(60), now: now)
        #expect(cache.body(for: key("/a"), now: now.addingTimeInterval(59))?.identity.readableBytes == 10)
        #expect(cache.body(for: key("/a", language: .english), now: now) == nil)
        #expect(cache.body(for: key("/a"), now: now.addingTimeInterval(60)) == nil)
        #expect(cache.usage.pages == 0)
        #expect(cache.usage.bytes == 0)
    }

    @Test("nothing already expired or bigger than a quarter of the budget is kept")
    func refusals() {
        let cache = RenderedPageCache(byteBudget: 1_000)
        cache.store(body(10), for: key("/old"), until: now, now: now)
        cache.store(body(251), for: key("/big"), until: .distantFuture, now: now)
        #expect(cache.usage.pages == 0)
    }

    @Test("over budget, expired entries go first, then the least recently used")
    func eviction() {
        let cache = RenderedPageCache(byteBudget: 1_000)
        cache.store(body(250), for: key("/a"), until: .distantFuture, now: now)
        cache.store(body(250), for: key("/b"), until: now.addingTimeInterval(1), now: now)
        cache.store(body(250), for: key("/c"), until: .distantFuture, now: now)
        cache.store(body(250), for: key("/d"), until: .distantFuture, now: now)
        #expect(cache.usage.bytes == 1_000)
        let later = now.addingTimeInterval(2)
        _ = cache.body(for: key("/a"), now: later)  // /a is now more recent than /c and /d
        cache.store(body(250), for: key("/e"), until: .distantFuture, now: later)  // /b has expired: it goes
        #expect(cache.body(for: key("/c"), now: later) != nil)
        cache.store(body(250), for: key("/f"), until: .distantFuture, now: later)  // /d is least recent now
        #expect(cache.body(for: key("/d"), now: later) == nil)
        #expect(cache.body(for: key("/a"), now: later) != nil)
        #expect(cache.usage.bytes <= 1_000)
    }

    @Test("storing a key again replaces its page and its size")
    func replace() {
        let cache = RenderedPageCache(byteBudget: 1_000)
        cache.store(body(100), for: key("/a"), until: .distantFuture, now: now)
        cache.store(body(200), for: key("/a"), until: .distantFuture, now: now)
        #expect(cache.usage.pages == 1)
        #expect(cache.usage.bytes == 200)
    }
}
