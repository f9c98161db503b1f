import BoxOfficeApp
import BoxOfficeCore
import Foundation
import Testing

@Suite("Webhook targets: no server-side request forgery")
struct WebhookTargetPolicyTests {
    struct TableResolver: HostResolver {
        var table: [String: [String]]
        func addresses(of host: String, port: Int) async throws -> [IPAddress] {
            guard let literals = table[host] else { throw CocoaError(.fileNoSuchFile) }
            return literals.compactMap(IPAddress.init(literal:))
        }
    }

    static let resolver = TableResolver(table: [
        "localhost": ["127.0.0.1", "::1"], "hooks.example.com": ["93.184.215.14"],
        "mixed.example.com": ["93.184.215.14", "10.0.0.8"], "inside.example.com": ["192.168.1.20"],
        "mapped.example.com": ["::ffff:169.254.169.254"], "empty.example.com": [],
    ])

    @Test(
        "non-public addresses are refused, IPv4 inside IPv6 included",
        arguments: [
            ("127.0.0.1", NonPublicAddressReason.loopback), ("127.8.9.10", .loopback), ("::1", .loopback),
            ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
            ("192.168.0.1", .privateNetwork), ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal),
            ("febf::1", .linkLocal), ("fc00::1", .uniqueLocal), ("fd12:3456::1", .uniqueLocal),
            ("0.0.0.0", .unspecified), ("::", .unspecified), ("224.0.0.1", .multicast), ("ff02::1", .multicast),
            ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
            ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.0.0.1", .privateNetwork),
            ("::127.0.0.1", .loopback), ("64:ff9b::192.168.0.1", .privateNetwork), ("2002:7f00:1::", .loopback),
            ("255.255.255.255", .reserved), ("2001:db8::1", .reserved), ("2001::7f00:1", .reserved),
            ("2001:0:4136:e378:8000:63bf:3fff:fdd2", .reserved), ("2001:10::1", .reserved), ("2001:20::1", .reserved),
            ("2001:1ff::1", .reserved), ("3fff::1", .reserved), ("3fff:fff:ffff::1", .reserved),
            ("192.88.99.1", .reserved),
        ])
    func nonPublic(literal: String, reason: NonPublicAddressReason) throws {
        let address = try #require(IPAddress(literal: literal))
        #expect(address.nonPublicReason == reason, "\(literal)")
    }

    @Test(
        "public addresses pass",
        arguments: [
            "93.184.215.14", "8.8.8.8", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1",
            "2606:4700:4700::1111", "::ffff:8.8.8.8", "[2001:4860:4860::8888]", "2001:200::1", "2c0f:fb50::1",
            "3fff:1000::1", "3ff0::1",
            "192.88.98.1",
        ])
    func publicAddresses(literal: String) throws {
        let address = try #require(IPAddress(literal: literal))
        #expect(address.nonPublicReason == nil, "\(literal)")
    }

    @Test(
        "address literals parse exactly; anything else is not one",
        arguments: ["127.1", "1.2.3", "01.2.3.4", "1:2", "::ffff:1.2.3", "fe80::1%eth0", "example.com", "1::2::3"])
    func notLiterals(text: String) {
        #expect(IPAddress(literal: text) == nil, "\(text)")
    }

    @Test("IPv6 text is read into the right bytes")
    func ipv6Bytes() throws {
        #expect(
            try #require(IPAddress(literal: "::ffff:127.0.0.1")).bytes == [
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1,
            ])
        #expect(try #require(IPAddress(literal: "fe80::1")).description == "fe80:0:0:0:0:0:0:1")
        #expect(try #require(IPAddress(literal: "1:2:3:4:5:6:7:8")).bytes.count == 16)
    }

    @Test(
        "a target is refused when its host is, or resolves to, a non-public address",
        arguments: [
            "http://127.0.0.1/hook", "http://localhost:8080/hook", "https://[::ffff:127.0.0.1]/x", "http://[::1]/",
            "https://mixed.example.com/hook", "https://inside.example.com/", "https://mapped.example.com/",
            "http://10.0.0.1:9000/", "http://LOCALHOST./hook",
        ])
    func refused(url: String) async throws {
        let policy = WebhookTargetPolicy(resolver: Self.resolver, allowPrivate: false)
        let target = try WebhookTarget(url)
        await #expect {
            _ = try await policy.address(for: target)
        } throws: { error in
            if case .nonPublicAddress = error as? WebhookTargetProblem { return true }
            return false
        }
    }

    @Test("a public target resolves to the address that will be connected to; ports default by scheme")
    func allowed() async throws {
        let policy = WebhookTargetPolicy(resolver: Self.resolver, allowPrivate: false)
        let target = try WebhookTarget("https://hooks.example.com/x?y=1")
        #expect(target.port == 443 && target.isHTTPS && target.host == "hooks.example.com")
        #expect(try await policy.address(for: target).description == "93.184.215.14")
        #expect(try WebhookTarget("http://hooks.example.com:8443/").port == 8443)
        #expect(try WebhookTarget("http://hooks.example.com/").port == 80)
    }

    @Test("BOXOFFICE_WEBHOOK_ALLOW_PRIVATE lets loopback through (tests' receivers)")
    func allowPrivate() async throws {
        let policy = WebhookTargetPolicy(resolver: Self.resolver, allowPrivate: true)
        #expect(try await policy.address(for: try WebhookTarget("http://localhost:8080/")).description == "127.0.0.1")
    }

    @Test(
        "URLs that cannot be targets say why",
        arguments: [
            ("ftp://example.com/", WebhookTargetProblem.notHTTP), ("file:///etc/passwd", .notHTTP),
            ("javascript:alert(1)", .notHTTP), ("https://user:pw@example.com/", .credentialsInURL),
            ("not a url", .notAURL), ("https:///path", .notAURL),
        ])
    func malformed(url: String, problem: WebhookTargetProblem) {
        #expect(throws: problem) { try WebhookTarget(url) }
    }

    @Test("a host without addresses is unresolvable")
    func unresolvable() async throws {
        let policy = WebhookTargetPolicy(resolver: Self.resolver, allowPrivate: false)
        for host in ["empty.example.com", "nowhere.example.com"] {
            await #expect(throws: WebhookTargetProblem.unresolvable(host: host)) {
                _ = try await policy.address(for: try WebhookTarget("https://\(host)/"))
            }
        }
    }
}
