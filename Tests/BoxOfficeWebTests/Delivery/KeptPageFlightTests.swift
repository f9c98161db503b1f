import BoxOfficeCore
import Foundation
import Hummingbird
import KOBIS
import Testing

@testable import BoxOfficeWeb

/// Requests for a page not kept yet, made while another request makes it, wait for it
/// (``RenderedPageCache/page(for:now:make:)``): the page is rendered once for thirty, and what it came to (a page not
/// to be kept, an error) is what they all get. Only a cancelled rendering leaves each to make its own; requests for
/// other pages never wait.
@Suite("Kept pages made once for requests at once")
struct KeptPageFlightTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func key(_ path: String) -> RenderedPageCache.Key {
        RenderedPageCache.Key(path: path, query: "year=2019", language: .korean, variant: "")
    }

    /// A page's rendering: counts its calls; the first waits (at most 60 s) for `release`.
    final class Rendering: Sendable {
        let calls = Locked(0)
        let release: @Sendable () async -> Void

        init(release: @escaping @Sendable () async -> Void) { self.release = release }

        func make(until: Date?, failFirst: (any Error)? = nil) async throws -> RenderedPageCache.Made {
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            if call == 1 { await release() }
            if call == 1, let failFirst { throw failFirst }
            let html = "<p>rendering \(call)</p>" + String(repeating: "x", count: 2_000)
            return .init(body: EncodedBody(ByteBuffer(string: html), contentType: "text/html"), until: until)
        }
    }

    /// Waits, up to 60 s, until `count` requests wait on `pages`.
    static func untilWaiting(_ count: Int, on pages: RenderedPageCache) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while pages.waitingCount < count, ContinuousClock.now < deadline { await Task.yield() }
    }

    /// Thirty requests for `key` at once; each one's page, or nil when its rendering failed.
    static func thirty(
        _ pages: RenderedPageCache, _ rendering: Rendering, until: Date?, failFirst: (any Error)? = nil
    )
        async -> [String?]
    {
        await withTaskGroup(of: String?.self) { group in
            for _ in 0..<30 {
                group.addTask {
                    let body = try? await pages.page(for: key("/market/days"), now: now) {
                        try await rendering.make(until: until, failFirst: failFirst)
                    }
                    return body.map { String(buffer: $0.identity) }
                }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
    }

    @Test("thirty requests at once for a page being made: rendered once, all thirty get it, and it is kept")
    func renderedOnce() async {
        let pages = RenderedPageCache(byteBudget: 1 << 20)
        let rendering = Rendering { await Self.untilWaiting(29, on: pages) }
        let bodies = await Self.thirty(pages, rendering, until: Self.now.addingTimeInterval(300))
        #expect(rendering.calls.withLock { $0 } == 1)
        #expect(bodies.count == 30)
        #expect(Set(bodies).count == 1 && bodies[0]?.hasPrefix("<p>rendering 1</p>") == true)
        #expect(pages.waitingCount == 0)
        #expect(pages.body(for: Self.key("/market/days"), now: Self.now.addingTimeInterval(299)) != nil)
    }

    @Test("a page that may not be kept (a stale chart) is given to those that waited, rendered once, and not kept")
    func notKeptShared() async {
        let pages = RenderedPageCache(byteBudget: 1 << 20)
        let rendering = Rendering { await Self.untilWaiting(29, on: pages) }
        let bodies = await Self.thirty(pages, rendering, until: nil)
        #expect(rendering.calls.withLock { $0 } == 1)
        #expect(bodies.count == 30 && Set(bodies).count == 1 && bodies[0]?.hasPrefix("<p>rendering 1</p>") == true)
        #expect(pages.usage.pages == 0)
    }

    @Test("a rendering that fails (KOBIS timed out) fails those that waited too, without trying again for each")
    func failureShared() async {
        let pages = RenderedPageCache(byteBudget: 1 << 20)
        let rendering = Rendering { await Self.untilWaiting(29, on: pages) }
        let bodies = await Self.thirty(
            pages, rendering, until: Self.now.addingTimeInterval(300), failFirst: BoxOfficeError.upstream(.timeout))
        #expect(rendering.calls.withLock { $0 } == 1)
        #expect(bodies.count == 30 && bodies.allSatisfy { $0 == nil })
        #expect(pages.waitingCount == 0 && pages.usage.pages == 0)
    }

    @Test("a rendering whose request was cancelled leaves those that waited to render their own")
    func cancelledNotShared() async {
        let pages = RenderedPageCache(byteBudget: 1 << 20)
        let rendering = Rendering { await Self.untilWaiting(29, on: pages) }
        let bodies = await Self.thirty(
            pages, rendering, until: Self.now.addingTimeInterval(300), failFirst: CancellationError())
        #expect(rendering.calls.withLock { $0 } == 30)
        #expect(bodies.filter { $0 == nil }.count == 1)
        #expect(bodies.compactMap { $0 }.count == 29)
        #expect(pages.waitingCount == 0)
    }

    @Test("a request for another page does not wait for the one being made")
    func otherPagesDoNotWait() async throws {
        let pages = RenderedPageCache(byteBudget: 1 << 20)
        let entered = Locked(false)
        let released = Locked(false)
        let held = Rendering {
            entered.withLock { $0 = true }
            let deadline = ContinuousClock.now + .seconds(60)
            while !released.withLock({ $0 }), ContinuousClock.now < deadline { await Task.yield() }
        }
        async let first = pages.page(for: Self.key("/market/days"), now: Self.now) {
            try await held.make(until: Self.now.addingTimeInterval(300))
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !entered.withLock({ $0 }), ContinuousClock.now < deadline { await Task.yield() }
        let other = Rendering {}
        let body = try await pages.page(for: Self.key("/records/totals"), now: Self.now) {
            try await other.make(until: Self.now.addingTimeInterval(300))
        }
        #expect(String(buffer: body.identity).hasPrefix("<p>rendering 1</p>"))
        #expect(released.withLock { $0 } == false)
        released.withLock { $0 = true }
        _ = try await first
        #expect(held.calls.withLock { $0 } == 1)
    }
}
