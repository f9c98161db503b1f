public import BoxOfficeCore
public import Foundation

/// Where a webhook sends: an `http` or `https` URL with a host, normalised once so that every later step — the
/// address check, the connection pin, the `Host` header, TLS's server name and the stored URL — reads the same
/// name (see ``WebhookTargetPolicy`` for the check).
///
/// Normalised: the scheme and host in lower case, the host's percent-encoding decoded, an international name in
/// IDNA (punycode, `xn--…`), no trailing dot, IPv4 and IPv6 literals in one spelling, the port only when it is not
/// the scheme's, no fragment. A URL with a user name or password, or a host that cannot be written so, is refused.
public struct WebhookTarget: Hashable, Sendable {
    /// The normalised URL: what is stored and what a request is sent to.
    public let url: URL
    public let isHTTPS: Bool
    /// The normalised host: an ASCII name (letters, digits, `-`, `_`, dots), or an address literal without brackets.
    public let host: String
    /// The explicit port, else 443 or 80.
    public let port: Int
    /// The host as an address, when it is an address literal (then no name is ever looked up).
    public let literal: IPAddress?

    /// The longest URL a hook may have.
    public static let maximumLength = 2048

    /// Parses and normalises `text`; throws the reason it cannot be a webhook target.
    public init(_ text: String) throws(WebhookTargetProblem) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= Self.maximumLength, let components = URLComponents(string: trimmed) else {
            throw .notAURL
        }
        guard let scheme = components.scheme?.lowercased() else { throw .notAURL }
        guard scheme == "http" || scheme == "https" else { throw .notHTTP }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw .credentialsInURL
        }
        guard let written = components.percentEncodedHost, !written.isEmpty else { throw .notAURL }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port ?? defaultPort
        guard (1...65_535).contains(port) else { throw .notAURL }

        let host: String
        let literal: IPAddress?
        let hostInURL: String
        if written.hasPrefix("[") {
            // An IPv6 literal (a zone id, `%25eth0`, is not an address of the internet and is refused).
            guard written.hasSuffix("]"), let address = IPAddress(literal: written), !address.isIPv4 else {
                throw .notAURL
            }
            host = address.description
            literal = address
            hostInURL = "[\(host)]"
        } else {
            let name = try Self.normalisedName(written)
            literal = IPAddress(literal: name)
            host = literal?.description ?? name
            hostInURL = host
        }

        var normalised = URLComponents()
        normalised.scheme = scheme
        normalised.percentEncodedHost = hostInURL
        normalised.port = port == defaultPort ? nil : port
        normalised.percentEncodedPath = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        normalised.percentEncodedQuery = components.percentEncodedQuery
        guard let url = normalised.url, Self.clientHost(of: url.absoluteString) == host else { throw .notAURL }
        self.url = url
        self.isHTTPS = scheme == "https"
        self.host = host
        self.port = port
        self.literal = literal
    }

    /// The host an HTTP client that reads URLs with Foundation sees in `urlString` (AsyncHTTPClient reads
    /// `URL(string:)?.host` and trims IPv6 brackets), IPv6 literals in this type's spelling; `nil` when it sees none.
    public static func clientHost(of urlString: String) -> String? {
        guard let raw = URL(string: urlString)?.host, !raw.isEmpty else { return nil }
        var host = raw
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.contains(":") { return IPAddress(literal: host)?.description }
        return host
    }

    /// A host name as written in a URL (percent-encoded, any case, maybe international, maybe with a trailing dot)
    /// as one ASCII spelling: decoded, lower case, IDNA, no trailing dot; each label 1–63 of `a-z 0-9 - _`.
    static func normalisedName(_ written: String) throws(WebhookTargetProblem) -> String {
        guard let decoded = written.removingPercentEncoding, !decoded.isEmpty else { throw .notAURL }
        var name = decoded.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        for scalar in name.unicodeScalars where scalar.isASCII {
            guard Self.nameCharacters.contains(scalar) else { throw .notAURL }
        }
        if !name.allSatisfy(\.isASCII) {
            // Foundation applies IDNA (UTS 46) to a host it is given; a name it cannot convert comes back
            // percent-encoded or not at all.
            var components = URLComponents()
            components.host = name
            guard let encoded = components.encodedHost?.lowercased(), encoded.allSatisfy(\.isASCII) else {
                throw .notAURL
            }
            name = encoded
            if name.hasSuffix(".") { name.removeLast() }
        }
        guard !name.isEmpty, name.utf8.count <= 253 else { throw .notAURL }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-",
                label.unicodeScalars.allSatisfy({ Self.nameCharacters.contains($0) && $0 != "." })
            else { throw .notAURL }
        }
        return name
    }

    private static let nameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_.")
}
