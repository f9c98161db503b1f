import NIOCore

/// Whose a client connection is, for the per-address limit: an IPv4 address; an IPv6 address by its first 64 bits
/// (one subscriber is given a whole /64, so counting single addresses would let one person open millions of them);
/// an IPv4 address written as IPv6 (`::ffff:a.b.c.d` on a dual-stack socket, `64:ff9b::a.b.c.d` through NAT64) as
/// the IPv4 address it is.
enum ConnectionAddress: Hashable, Sendable {
    case v4(UInt32)
    case v6(prefix: UInt64)
    /// A Unix socket, or a connection whose peer is unknown: all of them count as one.
    case local

    init(_ address: SocketAddress?) {
        switch address {
        case .v4(let ipv4):
            self = .v4(UInt32(bigEndian: ipv4.address.sin_addr.s_addr))
        case .v6(let ipv6):
            let bytes = withUnsafeBytes(of: ipv6.address.sin6_addr) { Array($0) }
            guard bytes.count == 16 else {
                self = .local
                return
            }
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            // NAT64's well-known prefix (64:ff9b::/96) carries an IPv4 client's address in its last 32 bits.
            let translated = bytes[0..<4] == [0x00, 0x64, 0xFF, 0x9B] && bytes[4..<12].allSatisfy { $0 == 0 }
            if mapped || translated {
                self = .v4(bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            } else {
                self = .v6(prefix: bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            }
        case .unixDomainSocket, .none:
            self = .local
        }
    }
}

extension ConnectionAddress: CustomStringConvertible {
    /// For the log line of an address that reached its limit: `203.0.113.7`, `2001:db8:0:1::/64`.
    var description: String {
        switch self {
        case .v4(let address):
            return [24, 16, 8, 0].map { String(address >> $0 & 0xFF) }.joined(separator: ".")
        case .v6(let prefix):
            let groups = [48, 32, 16, 0].map { String(prefix >> $0 & 0xFFFF, radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        case .local:
            return "local"
        }
    }
}
