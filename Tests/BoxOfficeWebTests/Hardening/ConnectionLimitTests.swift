import BoxOfficeTestSupport
import Foundation
import NIOCore
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// One address cannot hold every connection, and connections stop short of the open-file limit: a real server on
/// loopback, bare connections held open.
@Suite("Connection limits")
struct ConnectionLimitTests {
    @Test("an IPv4 address counts alone, an IPv6 one by its /64, an IPv4 one written as IPv6 as itself")
    func addresses() throws {
        let v4 = ConnectionAddress(try SocketAddress(ipAddress: "203.0.113.7", port: 1))
        #expect(v4 == .v4(0xCB00_7107))
        #expect(v4.description == "203.0.113.7")
        #expect(v4 != ConnectionAddress(try SocketAddress(ipAddress: "203.0.113.8", port: 1)))
        #expect(ConnectionAddress(try SocketAddress(ipAddress: "::ffff:203.0.113.7", port: 2)) == v4)
        #expect(ConnectionAddress(try SocketAddress(ipAddress: "64:ff9b::203.0.113.7", port: 2)) == v4)
        #expect(ConnectionAddress(try SocketAddress(ipAddress: "64:ff9b:1::cb00:7107", port: 2)) != v4)

        let one = ConnectionAddress(try SocketAddress(ipAddress: "2001:db8:0:1::5", port: 1))
        let sameSubnet = ConnectionAddress(try SocketAddress(ipAddress: "2001:db8:0:1:ffff:1:2:3", port: 1))
        let otherSubnet = ConnectionAddress(try SocketAddress(ipAddress: "2001:db8:0:2::5", port: 1))
        #expect(one == sameSubnet)
        #expect(one != otherSubnet)
        #expect(one.description == "2001:db8:0:1::/64")
        #expect(ConnectionAddress(nil) == .local)
    }

    @Test(
        "the default ceiling leaves a reserve below the open-file limit; a configured one wins",
        arguments: [
            (nil, 1024, 768), (nil, 20_000, 10_000), (nil, 300, 225), (nil, 10_300, 10_000), (nil, 10_200, 9_944),
            (nil, 256, 192), (nil, 128, 64), (nil, 64, 32), (nil, nil, 10_000), (nil, 1, 1), (5, 20_000, 5),
            (50_000, 1024, 50_000),
        ] as [(Int?, Int?, Int)])
    func ceiling(configured: Int?, openFiles: Int?, expected: Int) {
        #expect(ConnectionLimits.maximum(configured: configured, openFiles: openFiles) == expected)
    }

    @Test(
        "by default one address's limit is 256 on a server others reach, none on loopback (a proxy's); a set one wins",
        arguments: [
            (nil, "0.0.0.0", 256), (nil, "::", 256), (nil, "203.0.113.7", 256), (nil, "boxoffice.example", 256),
            (nil, "127.0.0.1", 0), (nil, "127.1.2.3", 0), (nil, "::1", 0), (nil, "[::1]", 0), (nil, "localhost", 0),
            (nil, "LocalHost", 0), (3, "127.0.0.1", 3), (0, "0.0.0.0", 0), (1000, "::", 1000),
        ] as [(Int?, String, Int)])
    func perAddressDefault(configured: Int?, hostname: String, expected: Int) {
        #expect(ConnectionLimits.perAddress(configured: configured, hostname: hostname) == expected)
    }

    @Test("the limits come from the environment; bad values are refused with the variable's name")
    func environment() throws {
        let defaults = try AppConfiguration(environment: [:])
        #expect(defaults.maxConnections == nil)
        #expect(defaults.connectionsPerAddress == nil)
        #expect(defaults.trustedProxies.isEmpty)
        #expect(defaults.signupsPerAddress == 5)
        let set = try AppConfiguration(environment: [
            "BOXOFFICE_MAX_CONNECTIONS": "2000", "BOXOFFICE_CONNECTIONS_PER_ADDRESS": "0",
            "BOXOFFICE_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8", "BOXOFFICE_SIGNUPS_PER_ADDRESS": "0",
        ])
        #expect(set.maxConnections == 2000)
        #expect(set.connectionsPerAddress == 0)
        #expect(set.trustedProxies == TrustedProxies(list: "127.0.0.1,10.0.0.0/8"))
        #expect(set.signupsPerAddress == 0)
        for (name, bad) in [
            ("BOXOFFICE_MAX_CONNECTIONS", "0"), ("BOXOFFICE_MAX_CONNECTIONS", "many"),
            ("BOXOFFICE_CONNECTIONS_PER_ADDRESS", "-1"), ("BOXOFFICE_CONNECTIONS_PER_ADDRESS", "1.5"),
            ("BOXOFFICE_TRUSTED_PROXIES", "localhost"), ("BOXOFFICE_TRUSTED_PROXIES", "10.0.0.0/33"),
            ("BOXOFFICE_SIGNUPS_PER_ADDRESS", "-1"),
            ("BOXOFFICE_SIGNUPS_PER_ADDRESS", "many"),
        ] {
            #expect {
                try AppConfiguration(environment: [name: bad])
            } throws: { error in
                (error as? ConfigurationError)?.message.contains(name) == true
            }
        }
    }

    /// Opens a connection and has one answer on it, which proves the server took it (and counted it).
    static func held(port: Int) async throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port, timeout: 30)
        let status = try await LoopbackConnection.onThread {
            try connection.sendGet("/health")
            return try connection.readResponse().status
        }
        #expect(status == 200)
        return connection
    }

    /// Opens a connection and asks on it: true when the server closed it without an answer.
    static func refused(port: Int) async throws -> Bool {
        let connection = try LoopbackConnection(port: port, timeout: 30)
        return try await LoopbackConnection.onThread {
            try? connection.sendGet("/health")
            let ending = connection.readUntilClosed()
            return ending.closed && ending.data.isEmpty
        }
    }

    @Test("an address holding its limit has more connections closed on arrival, logged once; closing one frees a place")
    func perAddress() async throws {
        try await HardeningTestSupport.withServer(configure: {
            $0.connectionsPerAddress = 3
            $0.idleTimeout = 600
        }) { port, logs in
            var open = [LoopbackConnection]()
            for _ in 0..<3 { open.append(try await Self.held(port: port)) }
            #expect(try await Self.refused(port: port))
            #expect(try await Self.refused(port: port))
            // The start names the limits; each refusal run is one warning.
            #expect(
                logs.all.contains {
                    $0.message.hasPrefix("connections: at most ") && $0.message.hasSuffix(", 3 per address")
                })
            let warnings = logs.all.filter { $0.message.hasPrefix("connections: an address holds") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.level == .warning)
            #expect(warnings.first?.metadata["address"] == "127.0.0.1")
            #expect(warnings.first?.metadata["limit"] == "3")

            // The held ones still work: the server is not stopped by them.
            let again = try await LoopbackConnection.onThread { [first = open[0]] in
                try first.sendGet("/health")
                return try first.readResponse().status
            }
            #expect(again == 200)

            // Once one closes, a new connection is taken (the server sees the close on its own time: a deadline).
            open.removeFirst()
            let deadline = ContinuousClock.now + .seconds(30)
            var metrics: String?
            while metrics == nil, ContinuousClock.now < deadline {
                let connection = try LoopbackConnection(port: port, timeout: 30)
                metrics = try await LoopbackConnection.onThread {
                    try? connection.sendGet("/metrics")
                    guard let response = try? connection.readResponse(), response.status == 200 else { return nil }
                    return String(decoding: response.body, as: UTF8.self)
                }
            }
            let text = try #require(metrics)
            // Tries refused while the server had not yet seen the close count too.
            let refused = text.split(separator: "\n").first { $0.hasPrefix("boxoffice_connections_refused_total ") }
            #expect((refused?.split(separator: " ").last).flatMap { Int($0) } ?? 0 >= 2)
            // The two held and the one asking.
            #expect(text.split(separator: "\n").contains("boxoffice_connections_open 3.0"), "\(text)")
        }
    }

    @Test("with no per-address limit, past the server's ceiling a connection waits until another closes")
    func ceilingWaits() async throws {
        try await HardeningTestSupport.withServer(configure: {
            $0.maxConnections = 2
            $0.connectionsPerAddress = 0
            $0.idleTimeout = 600
        }) { port, _ in
            var open = [try await Self.held(port: port), try await Self.held(port: port)]
            let waiting = try LoopbackConnection(port: port, timeout: 30)
            try waiting.sendGet("/health")
            // A held connection is answered after the third asked, and the third has no answer yet.
            let status = try await LoopbackConnection.onThread { [first = open[0]] in
                try first.sendGet("/health")
                return try first.readResponse().status
            }
            #expect(status == 200)
            #expect(!waiting.hasSomethingToRead())
            open.removeFirst()
            let answer = try await LoopbackConnection.onThread { try waiting.readResponse().status }
            #expect(answer == 200)
            #expect(open.count == 1)
        }
    }
}
