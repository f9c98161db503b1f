import BoxOfficeApp
import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Webhook targets are normalised once: one spelling for the check, the pin, the request and the store")
struct WebhookTargetNormalisationTests {
    @Test(
        "every spelling of one host is one normalised URL, which an HTTP client reads back as the same host",
        arguments: [
            ("http://Rebind.example/p?q=1#frag", "http://rebind.example/p?q=1", "rebind.example"),
            ("http://rebind.example./p?q=1", "http://rebind.example/p?q=1", "rebind.example"),
            ("HTTP://REBIND.EXAMPLE.:80/p?q=1", "http://rebind.example/p?q=1", "rebind.example"),
            ("http://re%62ind.example/p?q=1", "http://rebind.example/p?q=1", "rebind.example"),
            ("http://RE%42IND.Example.:8080/p", "http://rebind.example:8080/p", "rebind.example"),
            ("https://bücher.example/hook", "https://xn--bcher-kva.example/hook", "xn--bcher-kva.example"),
            ("https://BÜCHER.Example./hook", "https://xn--bcher-kva.example/hook", "xn--bcher-kva.example"),
            ("https://b%C3%BCcher.example:443/hook", "https://xn--bcher-kva.example/hook", "xn--bcher-kva.example"),
            ("https://XN--BCHER-KVA.example/hook", "https://xn--bcher-kva.example/hook", "xn--bcher-kva.example"),
            ("https://hooks.example.com", "https://hooks.example.com/", "hooks.example.com"),
            ("http://93.184.215.14./x", "http://93.184.215.14/x", "93.184.215.14"),
            ("http://%39%33.184.215.14/x", "http://93.184.215.14/x", "93.184.215.14"),
            (
                "http://[2606:4700:4700::1111]:8443/x", "http://[2606:4700:4700:0:0:0:0:1111]:8443/x",
                "2606:4700:4700:0:0:0:0:1111"
            ),
        ])
    func normalised(written: String, url: String, host: String) throws {
        let target = try WebhookTarget(written)
        #expect(target.url.absoluteString == url, "\(written)")
        #expect(target.host == host, "\(written)")
        #expect(WebhookTarget.clientHost(of: target.url.absoluteString) == host, "\(written)")
        // Normalising the normalised URL changes nothing.
        #expect(try WebhookTarget(target.url.absoluteString) == target, "\(written)")
    }

    @Test("ports: the scheme's own is left out, any other kept")
    func ports() throws {
        #expect(try WebhookTarget("https://h.example:443/").port == 443)
        #expect(try WebhookTarget("https://h.example:443/").url.absoluteString == "https://h.example/")
        #expect(try WebhookTarget("http://h.example:8443/").url.absoluteString == "http://h.example:8443/")
        #expect(try WebhookTarget("https://h.example:80/").url.absoluteString == "https://h.example:80/")
        #expect(throws: WebhookTargetProblem.self) { try WebhookTarget("http://h.example:0/") }
        #expect(throws: WebhookTargetProblem.self) { try WebhookTarget("http://h.example:65536/") }
    }

    @Test(
        "hosts that cannot be normalised, and credentials, are refused",
        arguments: [
            ("http://user@h.example/", WebhookTargetProblem.credentialsInURL),
            ("http://:@h.example/", .credentialsInURL), ("http://@h.example/", .credentialsInURL),
            ("http://u%40x:p@h.example/", .credentialsInURL),
            ("http://exa%20mple.com/", .notAURL), ("http://%00x.example/", .notAURL),
            ("http://h.example%2fevil.example/", .notAURL), ("http://h.example%40evil.example/", .notAURL),
            ("http://h.example%3a80/", .notAURL), ("http://a..b/", .notAURL), ("http://-x.example/", .notAURL),
            ("http://x-.example/", .notAURL), ("http://../", .notAURL), ("http://%2e/", .notAURL),
            ("http://[fe80::1%25eth0]/", .notAURL), ("http://[127.0.0.1]/", .notAURL),
            ("http://\(String(repeating: "a", count: 64)).example/", .notAURL),
            ("http://%ff.example/", .notAURL),
        ])
    func refused(written: String, problem: WebhookTargetProblem) {
        #expect(throws: problem, "\(written)") { try WebhookTarget(written) }
    }

    @Test("address literals are one spelling, and are never looked up")
    func literals() async throws {
        let target = try WebhookTarget("http://[::FFFF:127.0.0.1]:8080/")
        #expect(target.literal == IPAddress(literal: "::ffff:127.0.0.1"))
        #expect(target.url.absoluteString == "http://[0:0:0:0:0:ffff:7f00:1]:8080/")
        let resolver = CountingResolver(answers: [])
        let policy = WebhookTargetPolicy(resolver: resolver, allowPrivate: false)
        await #expect(throws: WebhookTargetProblem.self) { _ = try await policy.address(for: target) }
        #expect(resolver.asked.isEmpty)
    }

    @Test("the policy looks the normalised name up once; an allowance lets exactly one address through")
    func oneLookUp() async throws {
        let resolver = CountingResolver(answers: [["127.0.0.2"], ["127.0.0.1"]])
        let policy = WebhookTargetPolicy(
            resolver: resolver, allowPrivate: false, allowedAddresses: [try #require(IPAddress(literal: "127.0.0.2"))])
        let target = try WebhookTarget("http://REBIND.Example./x")
        #expect(try await policy.address(for: target).description == "127.0.0.2")
        #expect(resolver.asked == ["rebind.example"])
        // The next look-up answers loopback, which the allowance does not cover.
        await #expect(throws: WebhookTargetProblem.self) { _ = try await policy.address(for: target) }
        #expect(resolver.asked == ["rebind.example", "rebind.example"])
    }
}

/// Answers each look-up with the next of its answers (the last one again once they run out), and records the names
/// it was asked.
final class CountingResolver: HostResolver {
    private let state: Locked<(answers: [[String]], asked: [String])>

    init(answers: [[String]]) {
        state = Locked((answers, []))
    }

    var asked: [String] { state.withLock { $0.asked } }

    func addresses(of host: String, port: Int) async throws -> [IPAddress] {
        let literals = state.withLock { value -> [String] in
            value.asked.append(host)
            guard let next = value.answers.first else { return [] }
            if value.answers.count > 1 { value.answers.removeFirst() }
            return next
        }
        return literals.compactMap(IPAddress.init(literal:))
    }
}
