import BoxOfficeCore
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// The archive's line of questions knows who asks by the client's address on a server reached directly, and by
/// nobody behind a proxy; the app turns it on as it does the per-address connection limit.
@Suite("Who asks the archive's questions")
struct AskerMiddlewareTests {
    static func asked(enabled: Bool) async throws -> String {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: AskerMiddleware(enabled: enabled))
        router.get("asker") { _, _ in AnalyticsGate.asker ?? "nobody" }
        return try await Application(router: router).test(.live) { client in
            let response = try await client.get("/asker")
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }
    }

    @Test("over real HTTP on loopback the asker is the client's address; off, nobody")
    func namedByAddress() async throws {
        #expect(try await Self.asked(enabled: true) == "127.0.0.1")
        #expect(try await Self.asked(enabled: false) == "nobody")
    }

    @Test("on as the per-address connection limit is: set, or a server not on loopback")
    func enabledLikeConnections() {
        #expect(ConnectionLimits.perAddress(configured: nil, hostname: "127.0.0.1") == 0)
        #expect(ConnectionLimits.perAddress(configured: nil, hostname: "0.0.0.0") != 0)
        #expect(ConnectionLimits.perAddress(configured: 16, hostname: "127.0.0.1") == 16)
    }
}
