import AsyncHTTPClient
public import BoxOfficeCore
public import Foundation
import NIOCore

/// Sends one webhook request, safely: the target is resolved and checked (``WebhookTargetPolicy``) at each send, and
/// the connection goes to the checked address, not to the name again.
///
/// How: AsyncHTTPClient's `dnsOverride` maps the URL's host to the checked address for one client, so the TCP
/// connection goes to that IP while TLS still sends the host name (SNI) and verifies the certificate against it, and
/// the `Host` header stays the name. A client lives for one send (deliveries are rare; a shared pool would keep the
/// override of one check for the next). Redirects are never followed: a 3xx is a failed delivery.
public struct WebhookSender: WebhookTransport {
    public static let userAgent = "BoxOffice-Webhook/1"

    public let policy: WebhookTargetPolicy
    public let timeout: TimeInterval

    public init(policy: WebhookTargetPolicy, timeout: TimeInterval = 10) {
        self.policy = policy
        self.timeout = timeout
    }

    /// The resolver of the system (`getaddrinfo`), refusing non-public addresses unless `allowPrivate`.
    public static func live(allowPrivate: Bool, timeout: TimeInterval = 10) -> WebhookSender {
        WebhookSender(
            policy: WebhookTargetPolicy(resolver: SystemHostResolver(), allowPrivate: allowPrivate), timeout: timeout)
    }

    /// POSTs `message` shaped for `format` to `url`, signed with `secret` when there is one.
    public func send(_ message: WebhookMessage, format: WebhookFormat, to url: String, secret: String?) async
        -> WebhookSendOutcome
    {
        let target: WebhookTarget
        let address: IPAddress
        do throws(WebhookTargetProblem) {
            target = try WebhookTarget(url)
            address = try await policy.address(for: target)
        } catch {
            return .refused(error)
        }
        let shaped = message.request(for: format)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5), read: .milliseconds(Int64(timeout * 1000))))
        if IPAddress(literal: target.host) == nil {
            configuration.dnsOverride = [target.host: address.description]
        }
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        var request = HTTPClientRequest(url: target.url.absoluteString)
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
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            // Read (a little of) the answer so the connection ends cleanly; its content is not kept.
            _ = try? await response.body.collect(upTo: 64 << 10)
            let status = Int(response.status.code)
            if (200..<300).contains(status) { return .delivered(status: status) }
            return .failed(status: status, error: "HTTP \(status)")
        } catch {
            return .failed(status: nil, error: Self.describe(error))
        }
    }

    /// A short, secret-free reason for the delivery log (never the URL, which may hold a token).
    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout: return "timed out"
            default: break
            }
        }
        let text = String(describing: error)
        return String(text.prefix(200))
    }
}
