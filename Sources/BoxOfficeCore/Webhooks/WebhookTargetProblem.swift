/// Why a URL cannot be a webhook's target. The address and its kind are for the server's log only: readers are
/// told "a private or reserved address", never which (that would map the server's internal DNS for them).
public enum WebhookTargetProblem: Error, Hashable, Sendable {
    /// Not a URL with a host, or a host that cannot be normalised.
    case notAURL
    /// A scheme other than `http` or `https`.
    case notHTTP
    /// A user name or password in the URL.
    case credentialsInURL
    /// The host has no address.
    case unresolvable(host: String)
    /// The host is, or resolves to, an address that is not public (`address` as the log writes it).
    case nonPublicAddress(host: String, address: String, reason: NonPublicAddressReason)

    /// The whole reason, address included, for the server's log (never for a reader).
    public var logDescription: String {
        switch self {
        case .notAURL: return "not a URL with a normalisable host"
        case .notHTTP: return "not http or https"
        case .credentialsInURL: return "credentials in the URL"
        case .unresolvable(let host): return "\(host) has no address"
        case .nonPublicAddress(let host, let address, let reason): return "\(host) -> \(address) (\(reason.rawValue))"
        }
    }
}

/// What kind of address a webhook may not reach: every one that is not public unicast.
public enum NonPublicAddressReason: String, Sendable, Hashable {
    case unspecified, loopback, privateNetwork, sharedAddressSpace, linkLocal, uniqueLocal, multicast, reserved
}
