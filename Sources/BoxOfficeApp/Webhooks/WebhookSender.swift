import AsyncHTTPClient
public import BoxOfficeCore
public import Foundation
import NIOCore
import NIOPosix

/// Sends one webhook request, safely: the target is normalised (``WebhookTarget``), its host resolved once and
/// checked (``WebhookTargetPolicy``) at each send, and the connection goes to exactly the checked address, never to
/// the name again.
///
/// How: the request is sent to the normalised URL, and AsyncHTTPClient's `dnsOverride` maps the host that the client
/// reads from that URL (`URL(string:)?.host`, brackets trimmed: `DeconstructedURL` and `applyDNSOverride` in
/// AsyncHTTPClient 1.37) to the checked address. Both are the same string by construction, and ``pin(_:)`` refuses
/// to send when they are not (a missing key would make the client look the name up itself). TLS still sends the
/// name (SNI) and checks the certificate against it, and the `Host` header stays the name. A client lives for one
/// send (a shared pool would keep one check's override for the next). Redirects are never followed.
public struct WebhookSender: WebhookTransport {
    public static let userAgent = "BoxOffice-Webhook/1"

    public let policy: WebhookTargetPolicy
    /// How long the whole request may take.
    public let timeout: TimeInterval
    /// How long connecting may take (at most `timeout`).
    public let connectTimeout: TimeInterval

    public init(policy: WebhookTargetPolicy, timeout: TimeInterval = 10, connectTimeout: TimeInterval = 5) {
        self.policy = policy
        self.timeout = timeout
        self.connectTimeout = min(connectTimeout, timeout)
    }

    /// The resolver of the system (`getaddrinfo`), refusing non-public addresses unless `allowPrivate`.
    public static func live(allowPrivate: Bool, timeout: TimeInterval = 10) -> WebhookSender {
        WebhookSender(
            policy: WebhookTargetPolicy(resolver: SystemHostResolver(), allowPrivate: allowPrivate), timeout: timeout)
    }

    /// A request ready to go: the URL to send to, the client's override map, and the checked address it pins.
    struct PinnedRequest: Equatable {
        var url: String
        var dnsOverride: [String: String]
        var address: IPAddress
    }

    /// Normalises `url`, resolves its host once, checks the addresses, and pins the connection to the one chosen;
    /// fails closed when the client would read another host from the URL than the one checked.
    func pin(_ url: String) async -> Result<PinnedRequest, WebhookTargetProblem> {
        let target: WebhookTarget
        let address: IPAddress
        do throws(WebhookTargetProblem) {
            target = try WebhookTarget(url)
            address = try await policy.address(for: target)
        } catch {
            return .failure(error)
        }
        let requestURL = target.url.absoluteString
        guard let seen = Self.clientTarget(of: requestURL) else { return .failure(.notAURL) }
        if let literal = target.literal {
            // An address literal: the client connects to it without any look-up.
            guard seen.isAddress, IPAddress(literal: seen.host) == literal, literal == address else {
                return .failure(.notAURL)
            }
            return .success(PinnedRequest(url: requestURL, dnsOverride: [:], address: address))
        }
        guard !seen.isAddress, seen.host == target.host else { return .failure(.notAURL) }
        return .success(PinnedRequest(url: requestURL, dnsOverride: [seen.host: address.description], address: address))
    }

    /// What AsyncHTTPClient 1.37 connects to for `url`: the host of `URL(string:)`, IPv6 brackets trimmed
    /// (`DeconstructedURL`), an address when `inet_pton` reads it (`ConnectionTarget(remoteHost:port:)`), else a
    /// name that it looks up in `dnsOverride` under exactly this spelling.
    static func clientTarget(of url: String) -> (host: String, isAddress: Bool)? {
        guard var host = URL(string: url)?.host, !host.isEmpty else { return nil }
        if host.hasPrefix("[") { host.removeFirst() }
        if host.hasSuffix("]") { host.removeLast() }
        return (host, (try? SocketAddress(ipAddress: host, port: 0)) != nil)
    }

    /// POSTs `message` shaped for `format` to `url`, signed with `secret` when there is one.
    public func send(_ message: WebhookMessage, format: WebhookFormat, to url: String, secret: String?) async
        -> WebhookSendOutcome
    {
        let pinned: PinnedRequest
        switch await pin(url) {
        case .success(let request): pinned = request
        case .failure(let problem): return .refused(problem)
        }
        let shaped = message.request(for: format)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.amount(connectTimeout), read: Self.amount(timeout)))
        configuration.dnsOverride = pinned.dnsOverride
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        var request = HTTPClientRequest(url: pinned.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: shaped.contentType)
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        for (name, value) in shaped.headers { request.headers.add(name: name, value: value) }
        if let secret {
            request.headers.add(
                name: WebhookSignature.headerName, value: WebhookSignature.value(body: shaped.body, secret: secret))
        }
        request.body = .bytes(ByteBuffer(bytes: shaped.body))
        let outcome = await perform(request, on: client)
        try? await client.shutdown()
        return outcome
    }

    private func perform(_ request: HTTPClientRequest, on client: HTTPClient) async -> WebhookSendOutcome {
        do {
            let response = try await client.execute(request, timeout: Self.amount(timeout))
            // Read (a little of) the answer so the connection ends cleanly; its content is not kept.
            _ = try? await response.body.collect(upTo: 64 << 10)
            let status = Int(response.status.code)
            if (200..<300).contains(status) { return .delivered(status: status) }
            return .failed(.answered(status: status))
        } catch {
            return .failed(Self.failure(error))
        }
    }

    private static func amount(_ seconds: TimeInterval) -> TimeAmount {
        .milliseconds(Int64(max(0.001, min(seconds, 3600)) * 1000))
    }

    /// The summary of a failed request: never the error's own text (errno, addresses, the URL).
    static func failure(_ error: any Error) -> WebhookFailure {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout:
                return .timedOut
            case .remoteConnectionClosed:
                return .couldNotConnect
            default:
                return .notDelivered
            }
        }
        if case ChannelError.connectTimeout = error { return .timedOut }
        if error is IOError || error is NIOConnectionError || error is ChannelError { return .couldNotConnect }
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") { return .secureConnectionFailed }
        return .notDelivered
    }
}
