import BoxOfficeCore
import BoxOfficeTestSupport
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

    /// What `body` under `key` counts against the budget: both its forms, the key and the entry.
    func cost(_ body: EncodedBody, _ key: RenderedPageCache.Key) -> Int {
        body.byteCount + key.byteCount + RenderedPageCache.entryOverhead
    }

    /// A body whose entry under `key` costs `total` (small enough to have no gzip form).
    func body(costing total: Int, for key: RenderedPageCache.Key) -> EncodedBody {
        let made = body(total - cost(body(0), key))
        #expect(cost(made, key) == total)
        return made
    }

    @Test("nothing already expired or costing more than a quarter of the budget is kept")
    func refusals() {
        let cache = RenderedPageCache(byteBudget: 4_000)
        cache.store(body(10), for: key("/old"), until: now, now: now)
        cache.store(body(costing: 1_001, for: key("/big")), for: key("/big"), until: .distantFuture, now: now)
        #expect(cache.usage.pages == 0)
        cache.store(body(costing: 1_000, for: key("/big")), for: key("/big"), until: .distantFuture, now: now)
        #expect(cache.usage.pages == 1 && cache.usage.bytes == 1_000)
    }

    @Test("over budget, the least recently used go first")
    func eviction() {
        let cache = RenderedPageCache(byteBudget: 4_000)
        func keep(_ path: String) {
            cache.store(body(costing: 1_000, for: key(path)), for: key(path), until: .distantFuture, now: now)
        }
        for path in ["/a", "/b", "/c", "/d"] { keep(path) }
        #expect(cache.usage.bytes == 4_000)
        _ = cache.body(for: key("/a"), now: now)  // /a is now more recent than /b, /c and /d
        keep("/e")
        #expect(cache.body(for: key("/b"), now: now) == nil)
        keep("/f")
        #expect(cache.body(for: key("/c"), now: now) == nil)
        for path in ["/d", "/a", "/e", "/f"] { #expect(cache.body(for: key(path), now: now) != nil, "\(path)") }
        #expect(cache.usage.bytes == 4_000)
    }

    @Test("a long key is counted: small answers under junk queries cannot hold more than the budget")
    func keysCounted() {
        let cache = RenderedPageCache(byteBudget: 1 << 20)
        let junk = String(repeating: "a", count: 8_000)
        for index in 0..<1_000 {
            var key = key("/api/v1/records/streaks")
            key.query = "limit=1&u=\(index)&p=\(junk)"
            cache.store(body(489), for: key, until: .distantFuture, now: now)
        }
        #expect(cache.usage.bytes <= 1 << 20)
        // Each entry costs its 8 KB key: about 120 fit, not the 2,000 a count of bodies alone would allow.
        #expect(cache.usage.pages < (1 << 20) / 8_000, "\(cache.usage)")
    }

    @Test("eviction matches a plain least-recently-used list over many lookups and stores")
    func matchesModel() {
        let cache = RenderedPageCache(byteBudget: 20_000)
        var model: [(path: String, cost: Int)] = []  // least recently used first
        var generator = SplitMix64(seed: 28)
        for step in 0..<20_000 {
            let path = "/p\(Int.random(in: 0..<60, using: &generator))"
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let page = body(Int.random(in: 0..<3_000, using: &generator))
                cache.store(page, for: key(path), until: .distantFuture, now: now)
                let total = cost(page, key(path))
                model.removeAll { $0.path == path }
                var held = model.reduce(0) { $0 + $1.cost }
                while held + total > 20_000, !model.isEmpty { held -= model.removeFirst().cost }
                model.append((path, total))
            } else {
                let found = cache.body(for: key(path), now: now) != nil
                let index = model.firstIndex { $0.path == path }
                #expect(found == (index != nil), "step \(step): \(path)")
                if let index { model.append(model.remove(at: index)) }
            }
            if step.isMultiple(of: 1_000) {
                #expect(cache.usage.pages == model.count && cache.usage.bytes == model.reduce(0) { $0 + $1.cost })
            }
        }
    }

    @Test("storing a key again replaces its page and its size")
    func replace() {
        let cache = RenderedPageCache(byteBudget: 4_000)
        cache.store(body(100), for: key("/a"), until: .distantFuture, now: now)
        cache.store(body(200), for: key("/a"), until: .distantFuture, now: now)
        #expect(cache.usage.pages == 1)
        #expect(cache.usage.bytes == cost(body(200), key("/a")))
    }
}
