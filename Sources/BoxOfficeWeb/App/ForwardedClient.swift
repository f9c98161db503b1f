import BoxOfficeApp
import BoxOfficeCore
import Foundation
import NIOCore

/// The client a reverse proxy forwards a request for, from `X-Forwarded-For` (`BOXOFFICE_TRUST_FORWARDED_FOR=1`):
/// the last address of the last field, the one the proxy added (a client can write any before it). Believed only
/// from a peer on this host or a private network, where a proxy stands, so a client reaching the server directly
/// cannot name itself someone else.
enum ForwardedClient {
    /// The forwarded client's address, or `nil`: the peer is not a proxy's, there is no field, or its last entry is
    /// not an address (`unknown`, a name, anything else).
    static func address(fields: [String], peer: SocketAddress?) -> SocketAddress? {
        guard let field = fields.last, isProxy(peer),
            let entry = field.split(separator: ",", omittingEmptySubsequences: false).last
        else { return nil }
        let trimmed = entry.trimmingCharacters(in: .whitespaces)
        // The longest address with a port, `[ffff:…:255.255.255.255]:65535`, is 53 characters.
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        return try? SocketAddress(ipAddress: withoutPort(trimmed), port: 0)
    }

    /// Whether `peer` is on this host or a private network (loopback, RFC 1918, shared, link-local, unique-local).
    static func isProxy(_ peer: SocketAddress?) -> Bool {
        guard let text = peer?.ipAddress, let address = IPAddress(literal: text) else { return false }
        switch address.nonPublicReason {
        case .loopback?, .privateNetwork?, .sharedAddressSpace?, .linkLocal?, .uniqueLocal?: return true
        default: return false
        }
    }

    /// `192.0.2.1:4711` → `192.0.2.1`; `[2001:db8::1]:4711` and `[2001:db8::1]` → `2001:db8::1`; others as they are.
    static func withoutPort(_ entry: String) -> String {
        if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
            return String(entry[entry.index(after: entry.startIndex)..<close])
        }
        if entry.count(where: { $0 == ":" }) == 1, let colon = entry.firstIndex(of: ":") {
            return String(entry[..<colon])
        }
        return entry
    }
}
