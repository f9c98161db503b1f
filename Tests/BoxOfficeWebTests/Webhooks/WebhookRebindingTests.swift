import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import KOBIS
import NIOCore
import Testing

@testable import BoxOfficeApp

/// A rebinding DNS server: the first look-up of any name answers `first`, every later one `after`; it records the
/// names it was asked.
final class RebindingResolver: HostResolver {
    private let state = Locked<[String]>([])
    let first: IPAddress
    let after: IPAddress

    init(first: IPAddress, after: IPAddress) {
        self.first = first
        self.after = after
    }

    var asked: [String] { state.withLock { $0 } }

    func addresses(of host: String, port: Int) async throws -> [IPAddress] {
        let count = state.withLock { asked -> Int in
            asked.append(host)
            return asked.count
        }
        return [count == 1 ? first : after]
    }
}

@Suite("Webhook SSRF: one look-up of the normalised name, and the connection goes to exactly the checked address")
struct WebhookRebindingTests {
    static let message = WebhookMessage(kind: "test", title: "t", text: "t")

    /// 127.0.0.2 plays the public address the check sees first (the policy lets exactly it through); 127.0.0.1,
    /// loopback, is the rebinding answer, where the trap listens on the same port. The system resolver also answers
    /// 127.0.0.1 for `localhost`, so a second look-up by the HTTP client would land in the trap too.
    static let checked = IPAddress(literal: "127.0.0.2")!
    static let rebound = IPAddress(literal: "127.0.0.1")!

    @Test(
        "each spelling is pinned to the checked address: Host and the override key are the normalised name",
        arguments: [
            ("Rebind.example", "rebind.example"), ("rebind.example.", "rebind.example"),
            ("REBIND.EXAMPLE.", "rebind.example"), ("re%62ind.example", "rebind.example"),
            ("R%45bInD.Example.", "rebind.example"), ("bücher.example", "xn--bcher-kva.example"),
            ("B%C3%9CCHER.Example.", "xn--bcher-kva.example"), ("LocalHost.", "localhost"),
            ("LOCALHOST", "localhost"), ("l%6fcalhost.", "localhost"),
        ])
    func pinnedForEverySpelling(written: String, normalised: String) async throws {
        let resolver = RebindingResolver(first: Self.checked, after: Self.rebound)
        let sender = WebhookSender(
            policy: WebhookTargetPolicy(resolver: resolver, allowPrivate: false, allowedAddresses: [Self.checked]),
            timeout: 10)
        // The trap takes a free port on 127.0.0.1 first: on 127.0.0.2 the same port is usually free too (the other way
        // round, another test may hold it on 127.0.0.1). A client elsewhere on this host may hold it there (as the
        // source of a connection): then another port.
        for attempt in 1...5 {
            let good = WebhookReceiver()
            let trap = WebhookReceiver()
            do {
                try await trap.run(host: "127.0.0.1") { port in
                    try await good.run(host: "127.0.0.2", port: port) { _ in
                        let outcome = await sender.send(
                            Self.message, format: .json, to: "http://\(written):\(port)/hook?x=1", secret: "k")
                        #expect(outcome == .delivered(status: 204), "\(written): \(outcome)")
                    }
                    #expect(resolver.asked == [normalised], "one look-up, of the normalised name")
                    #expect(good.received.count == 1, "\(written)")
                    #expect(good.received.first?.authority == "\(normalised):\(port)", "Host is the name")
                    #expect(good.received.first?.path == "/hook")
                }
            } catch let error as IOError where error.errnoCode == EADDRINUSE && attempt < 5 {
                continue
            }
            #expect(trap.received.isEmpty, "nothing reached the rebound address (\(written))")
            return
        }
    }

    @Test("the override's key is exactly the host the client reads from the URL it is given")
    func overrideKey() async throws {
        for (written, normalised) in [
            ("http://Hooks.Example.:8080/x", "hooks.example"), ("https://bücher.example./", "xn--bcher-kva.example"),
        ] {
            let resolver = RebindingResolver(first: Self.checked, after: Self.rebound)
            let sender = WebhookSender(
                policy: WebhookTargetPolicy(resolver: resolver, allowPrivate: false, allowedAddresses: [Self.checked]))
            guard case .success(let pinned) = await sender.pin(written) else {
                Issue.record("\(written) not pinned")
                continue
            }
            let seen = try #require(WebhookSender.clientTarget(of: pinned.url))
            #expect(!seen.isAddress && seen.host == normalised)
            #expect(pinned.dnsOverride == [normalised: "127.0.0.2"])
            #expect(resolver.asked == [normalised])
        }
        // A literal is connected to as it is: no override, no look-up.
        let resolver = RebindingResolver(first: Self.checked, after: Self.rebound)
        let sender = WebhookSender(policy: WebhookTargetPolicy(resolver: resolver, allowPrivate: true))
        guard case .success(let pinned) = await sender.pin("http://127.0.0.1.:9/") else {
            Issue.record("literal not pinned")
            return
        }
        #expect(pinned.dnsOverride.isEmpty && pinned.url == "http://127.0.0.1:9/" && resolver.asked.isEmpty)
    }

    @Test("a refusal at delivery names no address; the rebound answer is refused, never connected to")
    func refusedWithoutAddress() async throws {
        let resolver = RebindingResolver(first: Self.rebound, after: Self.checked)
        let sender = WebhookSender(policy: WebhookTargetPolicy(resolver: resolver, allowPrivate: false))
        let trap = WebhookReceiver()
        try await trap.run { port in
            let outcome = await sender.send(
                Self.message, format: .json, to: "http://Rebind.example.:\(port)/", secret: nil)
            guard case .refused(.nonPublicAddress(host: "rebind.example", _, .loopback)) = outcome else {
                Issue.record("not refused: \(outcome)")
                return
            }
            #expect(WebhookDispatcher.errorText(outcome) == "refused: private or reserved address")
        }
        #expect(trap.received.isEmpty)
    }

    @Test("failures are summarised: a closed port could not connect, a 500 answered 500, silence timed out")
    func summaries() async throws {
        // Only the silent listener gets the short timeout: the others must not time out on a busy machine.
        let policy = WebhookTargetPolicy(resolver: SystemHostResolver(), allowPrivate: true)
        let sender = WebhookSender(policy: policy, timeout: 60)
        let impatient = WebhookSender(policy: policy, timeout: 0.5)
        let closed = try LoopbackSocket(listening: false)
        #expect(
            await sender.send(Self.message, format: .json, to: "http://127.0.0.1:\(closed.port)/", secret: nil)
                == .failed(.couldNotConnect))
        let silent = try LoopbackSocket(listening: true)
        #expect(
            await impatient.send(Self.message, format: .json, to: "http://localhost:\(silent.port)/", secret: nil)
                == .failed(.timedOut))
        let receiver = WebhookReceiver()
        receiver.answer([.internalServerError])
        try await receiver.run { port in
            let outcome = await sender.send(
                Self.message, format: .json, to: "http://127.0.0.1:\(port)/hook", secret: nil)
            #expect(outcome == .failed(.answered(status: 500)))
            #expect(WebhookDispatcher.errorText(outcome) == "answered 500")
        }
    }
}
