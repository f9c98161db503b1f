import BoxOfficeCore
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import BoxOfficeWeb

/// The archive's line of questions knows who asks by the client's address on a server reached directly, and by
/// nobody behind a proxy; the app turns it on as it does the per-address connection limit.
@Suite("Who asks the archive's questions")
struct AskerMiddlewareTests {
    static func asked(enabled: Bool, trustsForwardedFor: Bool = false, forwardedFor: [String] = []) async throws
        -> String
    {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: AskerMiddleware(enabled: enabled, trustsForwardedFor: trustsForwardedFor))
        router.get("asker") { _, _ in Asker.current ?? "nobody" }
        return try await Application(router: router).test(.live) { client in
            var headers = HTTPFields()
            for value in forwardedFor { headers.append(HTTPField(name: .xForwardedFor, value: value)) }
            let response = try await client.execute(uri: "/asker", method: .get, headers: headers, body: nil) { $0 }
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }
    }

    @Test("over real HTTP on loopback the asker is the client's address; off, nobody")
    func namedByAddress() async throws {
        #expect(try await Self.asked(enabled: true) == "127.0.0.1")
        #expect(try await Self.asked(enabled: false) == "nobody")
    }

    @Test("behind a trusted proxy, the last address of X-Forwarded-For; without one, or not trusted, the peer's")
    func forwardedFor() async throws {
        let trusted = { (fields: [String]) in
            try await Self.asked(enabled: true, trustsForwardedFor: true, forwardedFor: fields)
        }
        #expect(try await trusted(["198.51.100.1, 203.0.113.9"]) == "203.0.113.9", "a client writes what comes before")
        #expect(try await trusted(["192.0.2.1", "198.51.100.1,203.0.113.9"]) == "203.0.113.9", "the last field")
        #expect(try await trusted(["2001:db8:1:2::5"]) == "2001:db8:1:2::/64", "IPv6 by its /64")
        #expect(try await trusted(["[2001:db8:1:2::5]:4711"]) == "2001:db8:1:2::/64")
        #expect(try await trusted(["203.0.113.9:4711"]) == "203.0.113.9")
        #expect(try await trusted(["::ffff:203.0.113.9"]) == "203.0.113.9", "IPv4 written as IPv6")
        for odd in [
            "unknown", "", "203.0.113.9, ", "proxy.example", String(repeating: "1", count: 10_000), "999.1.1.1",
        ] {
            #expect(try await trusted([odd]) == "127.0.0.1", "not an address: the peer's (\(odd.prefix(20)))")
        }
        #expect(try await trusted([]) == "127.0.0.1")
        #expect(try await Self.asked(enabled: true, forwardedFor: ["203.0.113.9"]) == "127.0.0.1", "not trusted")
    }

    @Test("X-Forwarded-For is believed only from this host or a private network")
    func proxiesNearby() throws {
        for (peer, isProxy) in [
            ("127.0.0.1", true), ("::1", true), ("10.0.0.5", true), ("172.17.0.2", true), ("192.168.1.4", true),
            ("100.64.0.1", true), ("fd00::1", true), ("fe80::1", true), ("::ffff:10.1.2.3", true),
            ("8.8.8.8", false), ("2606:4700::1111", false), ("::ffff:8.8.8.8", false),
        ] {
            let address = try SocketAddress(ipAddress: peer, port: 443)
            #expect(ForwardedClient.isProxy(address) == isProxy, "\(peer)")
            let forwarded = ForwardedClient.address(fields: ["203.0.113.9"], peer: address)
            #expect((forwarded?.ipAddress == "203.0.113.9") == isProxy, "\(peer)")
        }
        #expect(!ForwardedClient.isProxy(nil))
    }

    @Test("on as the per-address connection limit is: set, or a server not on loopback")
    func enabledLikeConnections() {
        #expect(ConnectionLimits.perAddress(configured: nil, hostname: "127.0.0.1") == 0)
        #expect(ConnectionLimits.perAddress(configured: nil, hostname: "0.0.0.0") != 0)
        #expect(ConnectionLimits.perAddress(configured: 16, hostname: "127.0.0.1") == 16)
    }
}
