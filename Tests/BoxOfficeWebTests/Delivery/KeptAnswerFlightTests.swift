import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import Testing

@testable import BoxOfficeWeb

/// Requests for an API answer not kept yet, sent while it is being made, wait for it (``AnswerFlights``): the route
/// runs once for thirty. An answer that is not kept is never shared, and a request with credentials never waits.
@Suite("Kept API answers made once for requests at once")
struct KeptAnswerFlightTests {
    /// A route whose first call waits (at most 60 s) until `release` says so; every call counted.
    final class Route: Sendable {
        let calls = Locked(0)
        let release: @Sendable (Int) async -> Void

        init(release: @escaping @Sendable (Int) async -> Void) { self.release = release }

        func answer(cacheControl: String) async -> Response {
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            if call == 1 { await release(call) }
            return Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: cacheControl],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string: #"{"call":\#(call),"pad":"\#(String(repeating: "x", count: 2_000))"}"#)))
        }
    }

    static func app(
        _ flights: AnswerFlights<RenderedPageCache.Key, KeptAPIAnswerMiddleware<BasicRequestContext>.Shared>,
        _ route: Route
    )
        -> some ApplicationProtocol
    {
        let router = Router()
        router.add(
            middleware: KeptAPIAnswerMiddleware<BasicRequestContext>(
                answers: RenderedPageCache(byteBudget: 1 << 20),
                calendar: BoxOfficeCalendar(now: { WebTestSupport.fixedNow }), flights: flights))
        router.get("public") { _, _ in await route.answer(cacheControl: "public, max-age=60") }
        router.get("private") { _, _ in await route.answer(cacheControl: "no-store") }
        return Application(router: router)
    }

    /// Waits, up to 60 s, until `count` requests wait on `flights`.
    static func untilWaiting<Shared>(_ count: Int, on flights: AnswerFlights<RenderedPageCache.Key, Shared>) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while flights.waitingCount < count, ContinuousClock.now < deadline { await Task.yield() }
    }

    @Test("thirty requests at once for an answer being made: the route runs once, all thirty get its answer")
    func sharedOnce() async throws {
        let flights = AnswerFlights<RenderedPageCache.Key, KeptAPIAnswerMiddleware<BasicRequestContext>.Shared>()
        let route = Route { _ in await Self.untilWaiting(29, on: flights) }
        try await Self.app(flights, route).test(.router) { client in
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<30 {
                    group.addTask {
                        let response = try await client.execute(uri: "/public", method: .get)
                        #expect(response.status == .ok)
                        #expect(response.headers[.cacheControl]?.hasPrefix("public, max-age=") == true)
                        return String(buffer: response.body)
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(route.calls.withLock { $0 } == 1)
            #expect(bodies.count == 30)
            #expect(Set(bodies).count == 1 && bodies[0].hasPrefix(#"{"call":1,"#))
            // Gzip for a client that asks, from the one answer.
            let gzip = try await client.execute(uri: "/public", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(gzip.headers[.contentEncoding] == "gzip")
            #expect(route.calls.withLock { $0 } == 1)
        }
    }

    @Test("an answer that is not kept is not shared: each request that waited makes its own")
    func notKeptNotShared() async throws {
        let flights = AnswerFlights<RenderedPageCache.Key, KeptAPIAnswerMiddleware<BasicRequestContext>.Shared>()
        let route = Route { _ in await Self.untilWaiting(7, on: flights) }
        try await Self.app(flights, route).test(.router) { client in
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { String(buffer: try await client.execute(uri: "/private", method: .get).body) }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(route.calls.withLock { $0 } == 8)
            #expect(Set(bodies).count == 8)
        }
    }

    @Test("a request with credentials neither waits for the answer being made nor is given it")
    func credentialsNeverWait() async throws {
        let flights = AnswerFlights<RenderedPageCache.Key, KeptAPIAnswerMiddleware<BasicRequestContext>.Shared>()
        let entered = Locked(false)
        let released = Locked(false)
        // The first call waits (at most 60 s) until the test lets it go, after the requests with credentials.
        let route = Route { _ in
            entered.withLock { $0 = true }
            let deadline = ContinuousClock.now + .seconds(60)
            while !released.withLock({ $0 }), ContinuousClock.now < deadline { await Task.yield() }
        }
        try await Self.app(flights, route).test(.router) { client in
            async let first = client.execute(uri: "/public", method: .get)
            let deadline = ContinuousClock.now + .seconds(60)
            while !entered.withLock({ $0 }), ContinuousClock.now < deadline { await Task.yield() }
            // Had it waited, it would be given the first call's answer once the first call ends.
            let authorized = try await client.execute(
                uri: "/public", method: .get, headers: [.authorization: "Bearer someone"])
            #expect(String(buffer: authorized.body).hasPrefix(#"{"call":2,"#))
            #expect(flights.waitingCount == 0)
            released.withLock { $0 = true }
            #expect(String(buffer: try await first.body).hasPrefix(#"{"call":1,"#))
            #expect(route.calls.withLock { $0 } == 2)
        }
    }

    @Test("a request that becomes first after another kept and landed the answer takes the kept one, not a new one")
    func keptMeanwhile() async {
        let flights = AnswerFlights<String, String>()
        guard case .first = await flights.join("page", kept: { nil }) else {
            Issue.record("nothing kept and nothing made: the request should make it")
            return
        }
        // While it is made, a request waits whatever is kept, and gets what was made.
        async let waiter = flights.join("page", kept: { "kept" })
        let deadline = ContinuousClock.now + .seconds(60)
        while flights.waitingCount < 1, ContinuousClock.now < deadline { await Task.yield() }
        flights.land("page", with: "made")
        guard case .shared(let made?) = await waiter else {
            Issue.record("the waiting request was not given the answer made")
            return
        }
        #expect(made == "made")
        // It landed: one that missed the kept answer just before is not first again while it is kept.
        guard case .shared(let kept?) = await flights.join("page", kept: { "kept" }) else {
            Issue.record("the answer kept meanwhile was made again")
            return
        }
        #expect(kept == "kept" && flights.waitingCount == 0)
        guard case .first = await flights.join("page", kept: { nil }) else {
            Issue.record("taking the kept answer left a flight behind")
            return
        }
        flights.land("page", with: nil)
    }
}
