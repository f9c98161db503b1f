public import Foundation

/// Where a webhook sends: an `http` or `https` URL with a host, checked against server-side request forgery
/// (``WebhookTargetPolicy``).
public struct WebhookTarget: Hashable, Sendable {
    public let url: URL
    public let isHTTPS: Bool
    /// The host as written (a name, or an address literal without brackets).
    public let host: String
    /// The explicit port, else 443 or 80.
    public let port: Int

    /// Parses `text`; throws the reason it cannot be a webhook target.
    public init(_ text: String) throws(WebhookTargetProblem) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 2048, let components = URLComponents(string: trimmed), let url = components.url else {
            throw .notAURL
        }
        guard let scheme = components.scheme?.lowercased() else { throw .notAURL }
        guard scheme == "http" || scheme == "https" else { throw .notHTTP }
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard var host = components.host?.lowercased(), !host.isEmpty else { throw .notAURL }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { throw .notAURL }
        if let port = components.port {
            guard (1...65_535).contains(port) else { throw .notAURL }
            self.port = port
        } else {
            self.port = scheme == "https" ? 443 : 80
        }
        self.url = url
        self.isHTTPS = scheme == "https"
        self.host = host
    }
}

/// Why a URL cannot be a webhook's target.
public enum WebhookTargetProblem: Error, Hashable, Sendable {
    /// Not a URL with a host.
    case notAURL
    /// A scheme other than `http` or `https`.
    case notHTTP
    /// A user name or password in the URL.
    case credentialsInURL
    /// The host has no address.
    case unresolvable(host: String)
    /// The host is, or resolves to, an address that is not public.
    case nonPublicAddress(host: String, address: IPAddress, reason: IPAddress.NonPublicReason)
}

/// Finds the addresses of a host name (the system resolver in the app, a table in tests).
public protocol HostResolver: Sendable {
    func addresses(of host: String, port: Int) async throws -> [IPAddress]
}

/// Decides where a webhook may connect: every address of the target's host must be public (so a name that resolves
/// to both a public and a private address is refused), unless private targets are allowed (tests, or an operator's
/// own network). The delivery connects to the address returned here, not to the name again, so a name that
/// resolves differently a moment later (DNS rebinding) cannot redirect it.
public struct WebhookTargetPolicy: Sendable {
    public let resolver: any HostResolver
    public let allowPrivate: Bool

    public init(resolver: any HostResolver, allowPrivate: Bool) {
        self.resolver = resolver
        self.allowPrivate = allowPrivate
    }

    /// The address to connect to for `target`; throws why there is none.
    public func address(for target: WebhookTarget) async throws(WebhookTargetProblem) -> IPAddress {
        let addresses: [IPAddress]
        if let literal = IPAddress(literal: target.host) {
            addresses = [literal]
        } else {
            do {
                addresses = try await resolver.addresses(of: target.host, port: target.port)
            } catch {
                throw .unresolvable(host: target.host)
            }
        }
        guard let first = addresses.first else { throw .unresolvable(host: target.host) }
        if !allowPrivate {
            for address in addresses {
                if let reason = address.nonPublicReason {
                    throw .nonPublicAddress(host: target.host, address: address, reason: reason)
                }
            }
        }
        // IPv4 first: a receiver may well have no IPv6 route, and every address was checked either way.
        return addresses.first(where: \.isIPv4) ?? first
    }
}
