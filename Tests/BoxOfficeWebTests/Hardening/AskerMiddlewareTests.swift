import BoxOfficeCore
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import BoxOfficeApp

@testable import BoxOfficeWeb

/// The archive's line of questions knows who asks by the client's address on a server reached directly, and by
/// nobody behind a proxy; the app turns it on as it does the per-address connection limit.
@Suite("Who asks the archive's questions")
struct AskerMiddlewareTests {
    static func asked(
        enabled: Bool, trustedProxies: TrustedProxies = .none, forwardedFor: [String] = [], logger: Logger? = nil
    ) async throws -> String {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: AskerMiddleware(enabled: enabled, trustedProxies: trustedProxies, logger: logger))
        router.get("asker") { _, _ in Asker.current ?? "nobody" }
        return try await Application(router: router).test(.live) { client in
            var headers = HTTPFields()
            for value in forwardedFor { headers.append(HTTPField(name: .xForwardedFor, value: value)) }
            let response = try await client.execute(uri: "/asker", method: .get, headers: headers, body: nil) { $0 }
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }
    }

    static func proxies(_ list: String) throws -> TrustedProxies { try #require(TrustedProxies(list: list)) }

    @Test("over real HTTP on loopback the asker is the client's address; off, nobody")
    func namedByAddress() async throws {
        #expect(try await Self.asked(enabled: true) == "127.0.0.1")
        #expect(try await Self.asked(enabled: false) == "nobody")
    }

    @Test("behind a trusted proxy, X-Forwarded-For's first untrusted address from the right; otherwise the peer's")
    func forwardedFor() async throws {
        let loopback = try Self.proxies("127.0.0.1")
        let trusted = { (fields: [String]) in
            try await Self.asked(enabled: true, trustedProxies: loopback, forwardedFor: fields)
        }
        #expect(try await trusted(["198.51.100.1, 203.0.113.9"]) == "203.0.113.9", "a client writes what comes before")
        #expect(try await trusted(["192.0.2.1", "198.51.100.1,203.0.113.9"]) == "203.0.113.9", "fields as one list")
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
        #expect(try await Self.asked(enabled: true, forwardedFor: ["203.0.113.9"]) == "127.0.0.1", "none trusted")
        let elsewhere = try Self.proxies("10.0.0.0/8")
        #expect(
            try await Self.asked(enabled: true, trustedProxies: elsewhere, forwardedFor: ["203.0.113.9"])
                == "127.0.0.1",
            "the peer is not one of the trusted proxies")
    }

    @Test("a chain of trusted proxies is walked from the right to the first address not among them")
    func chain() throws {
        let trusted = try Self.proxies("127.0.0.1, 10.0.0.0/8, fd00::/8")
        let peer = try SocketAddress(ipAddress: "10.1.2.3", port: 443)
        func client(_ fields: [String]) -> String? {
            ForwardedClient.address(fields: fields, peer: peer, trusted: trusted)?.ipAddress
        }
        #expect(client(["203.0.113.9, 10.0.0.7"]) == "203.0.113.9", "the CDN's client, past the inner proxy")
        #expect(client(["198.51.100.1, 203.0.113.9, fd00::2, 10.0.0.7"]) == "203.0.113.9")
        #expect(client(["10.0.0.8, 10.0.0.7"]) == "10.0.0.8", "all trusted: the leftmost")
        #expect(client(["203.0.113.9, unknown, 10.0.0.7"]) == nil, "the walk stops at what is not an address")
        let long = Array(repeating: "10.0.0.7", count: 40).joined(separator: ",")
        #expect(client(["203.0.113.9," + long]) == "10.0.0.7", "at most \(ForwardedClient.longestChain) entries")
        let publicPeer = try SocketAddress(ipAddress: "8.8.8.8", port: 443)
        #expect(ForwardedClient.address(fields: ["203.0.113.9"], peer: publicPeer, trusted: trusted) == nil)
        #expect(ForwardedClient.address(fields: ["203.0.113.9"], peer: nil, trusted: trusted) == nil)
    }

    @Test("proxies are addresses and CIDR ranges, IPv4 written as IPv6 matched as IPv4; anything else is refused")
    func trustedProxyList() throws {
        let list = try Self.proxies(" 127.0.0.1 , 10.0.0.0/8,172.16.0.0/12, fd00::/8, ::ffff:192.168.0.0/112")
        for (address, inside) in [
            ("127.0.0.1", true), ("127.0.0.2", false), ("10.255.0.1", true), ("11.0.0.1", false),
            ("172.31.255.255", true), ("172.32.0.1", false), ("fd12::1", true), ("fe80::1", false),
            ("::ffff:10.0.0.1", true), ("192.168.7.7", true), ("192.169.0.1", false), ("::1", false),
        ] {
            let parsed = try #require(IPAddress(literal: address))
            #expect(list.contains(parsed) == inside, "\(address)")
        }
        #expect(try Self.proxies("0.0.0.0/0").contains(#require(IPAddress(literal: "203.0.113.9"))))
        #expect(try !Self.proxies("0.0.0.0/0").contains(#require(IPAddress(literal: "2001:db8::1"))))
        for bad in [
            "", ",", "localhost", "10.0.0.0/33", "fd00::/129", "10.0.0.0/-1", "10.0.0.0/8/8", "10.0.0/8", "1.2.3.4,",
        ] {
            #expect(TrustedProxies(list: bad) == nil, "\(bad)")
        }
    }

    @Test("a proxy nearby that says whom it forwards for, but is not trusted, is warned of once")
    func untrustedProxyWarned() async throws {
        let (logger, logs) = CapturingLogHandler.logger()
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: AskerMiddleware(enabled: true, trustedProxies: .none, logger: logger))
        router.get("asker") { _, _ in Asker.current ?? "nobody" }
        try await Application(router: router).test(.live) { client in
            _ = try await client.get("/asker")
            #expect(logs.all.isEmpty, "no header, no warning")
            for _ in 0..<3 {
                let response = try await client.execute(
                    uri: "/asker", method: .get, headers: [.xForwardedFor: "203.0.113.9"], body: nil
                ) { $0 }
                #expect(String(buffer: response.body) == "127.0.0.1")
            }
        }
        let warnings = logs.all.filter { $0.level == .warning }
        #expect(warnings.count == 1, "once, not once a request")
        #expect(warnings.first?.message.contains("BOXOFFICE_TRUSTED_PROXIES") == true)
        #expect(warnings.first?.message.contains("127.0.0.1") == true)
    }

    @Test("on as the per-address connection limit is: set, or a server not on loopback")
    func enabledLikeConnections() {
        #expect(ConnectionLimits.perAddress(configured: nil, hostname: "127.0.0.1") == 0)
        #expect(ConnectionLimits.perAddress(configured: nil, hostname: "0.0.0.0") != 0)
        #expect(ConnectionLimits.perAddress(configured: 16, hostname: "127.0.0.1") == 16)
    }
}
