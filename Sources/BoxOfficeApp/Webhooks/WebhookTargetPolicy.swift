public import BoxOfficeCore

/// Finds the addresses of a host name (the system resolver in the app, a table in tests).
public protocol HostResolver: Sendable {
    func addresses(of host: String, port: Int) async throws -> [IPAddress]
}

/// Decides where a webhook may connect: every address of the target's host must be public (so a name that resolves
/// to both a public and a private address is refused), unless private targets are allowed (tests, or an operator's
/// own network). The name is resolved once per check, and the delivery connects to the address returned here, not to
/// the name again, so a name that resolves differently a moment later (DNS rebinding) cannot redirect it.
public struct WebhookTargetPolicy: WebhookTargetChecker {
    public let resolver: any HostResolver
    public let allowPrivate: Bool
    /// Exact addresses let through although they are not public (tests pin deliveries to a loopback listener with
    /// it while every other non-public address stays refused).
    public let allowedAddresses: Set<IPAddress>

    public init(resolver: any HostResolver, allowPrivate: Bool, allowedAddresses: Set<IPAddress> = []) {
        self.resolver = resolver
        self.allowPrivate = allowPrivate
        self.allowedAddresses = allowedAddresses
    }

    /// The address to connect to for `target`, from one look-up of its (normalised) host; throws why there is none.
    public func address(for target: WebhookTarget) async throws(WebhookTargetProblem) -> IPAddress {
        let addresses: [IPAddress]
        if let literal = target.literal {
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
            for address in addresses where !allowedAddresses.contains(address) {
                if let reason = address.nonPublicReason {
                    throw .nonPublicAddress(host: target.host, address: address.description, reason: reason)
                }
            }
        }
        // IPv4 first: a receiver may well have no IPv6 route, and every address was checked either way.
        return addresses.first(where: \.isIPv4) ?? first
    }

    /// `url` normalised (``WebhookTarget``) once one look-up of its host finds only public addresses.
    public func checkedURL(_ url: String) async throws(WebhookTargetProblem) -> String {
        let target = try WebhookTarget(url)
        _ = try await address(for: target)
        return target.url.absoluteString
    }
}
