import BoxOfficeApp
import Foundation
import NIOCore

/// The client a trusted reverse proxy forwards a request for (`BOXOFFICE_TRUSTED_PROXIES`): walking
/// `X-Forwarded-For` from the right, where each proxy adds the address it was reached from, the first address that
/// is not a trusted proxy's. A client can write anything to the left of what the proxies added, so the walk stops
/// there; a request that does not come from a trusted proxy is its peer's, whatever it says.
enum ForwardedClient {
    /// Entries looked at, at most: a chain of proxies is short.
    static let longestChain = 16

    /// The forwarded client's address, or `nil`: the peer is not a trusted proxy, there is no field, or the entry
    /// the walk stops at is not an address (`unknown`, a name, anything else).
    static func address(fields: [String], peer: SocketAddress?, trusted: TrustedProxies) -> SocketAddress? {
        guard !trusted.isEmpty, !fields.isEmpty, let peer = peer?.ipAddress.flatMap(IPAddress.init(literal:)),
            trusted.contains(peer)
        else { return nil }
        var rest = Substring(fields.joined(separator: ","))
        var found: SocketAddress?
        for _ in 0..<longestChain {
            let entry: Substring
            if let comma = rest.lastIndex(of: ",") {
                entry = rest[rest.index(after: comma)...]
                rest = rest[..<comma]
            } else {
                entry = rest
                rest = ""
            }
            guard let text = Self.address(in: entry), let address = IPAddress(literal: text),
                let socket = try? SocketAddress(ipAddress: text, port: 0)
            else { return nil }
            found = socket
            // Another trusted proxy added it: the client is further left, if the chain goes on.
            guard trusted.contains(address), !rest.isEmpty else { return found }
        }
        return found
    }

    /// The address of one entry, without spaces around it and without a port: `192.0.2.1:4711` → `192.0.2.1`;
    /// `[2001:db8::1]:4711` and `[2001:db8::1]` → `2001:db8::1`. `nil` when empty or longer than any address.
    static func address(in entry: Substring) -> String? {
        let trimmed = entry.trimmingCharacters(in: .whitespaces)
        // The longest address with a port, `[ffff:…:255.255.255.255]:65535`, is 53 characters.
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
        if trimmed.count(where: { $0 == ":" }) == 1, let colon = trimmed.firstIndex(of: ":") {
            return String(trimmed[..<colon])
        }
        return trimmed
    }
}
