public import BoxOfficeCore
import Foundation

/// An IPv4 or IPv6 address as its network bytes, classified for server-side request forgery checks: a webhook may
/// only reach an address that is publicly routable.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 bytes (IPv6), network order.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` has 4 or 16 of them.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// An address literal: `192.0.2.1`, `::1`, `::ffff:127.0.0.1`, or `[::1]` as in a URL's host. `nil` for anything
    /// else (names, zone ids, shortened IPv4 forms such as `127.1`).
    public init?(literal: String) {
        var text = literal
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if let v4 = Self.parseIPv4(text) {
            bytes = v4
        } else if let v6 = Self.parseIPv6(text) {
            bytes = v6
        } else {
            return nil
        }
    }

    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address inside an IPv6 one that carries it (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
    /// NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`), which is where a connection really goes.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let prefix = Array(bytes[0..<12])
        if prefix == [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] || prefix == [UInt8](repeating: 0, count: 12) {
            // `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4-compatible ones.
            if prefix[10] == 0, bytes[12] == 0, bytes[13] == 0, bytes[14] == 0, bytes[15] <= 1 { return nil }
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if prefix == [0x00, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8) {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return IPAddress(bytes: Array(bytes[2..<6])) }
        return nil
    }

    /// Why a connection to this address is refused (loopback, private, link-local, …), or `nil` when it is a public
    /// unicast address.
    public var nonPublicReason: NonPublicAddressReason? {
        if let inner = embeddedIPv4 { return inner.nonPublicReason }
        return isIPv4 ? Self.ipv4Reason(bytes) : Self.ipv6Reason(bytes)
    }

    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        var groups: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        return groups.joined(separator: ":")
    }

    private static func ipv4Reason(_ b: [UInt8]) -> NonPublicAddressReason? {
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return .unspecified
        case (10, _, _), (172, 16...31, _), (192, 168, _): return .privateNetwork
        case (100, 64...127, _): return .sharedAddressSpace
        case (127, _, _): return .loopback
        case (169, 254, _): return .linkLocal
        case (224...239, _, _): return .multicast
        // IETF protocol assignments, documentation, the old 6to4 relays' anycast, benchmarking, and 240/4 (reserved,
        // broadcast included).
        case (192, 0, 0), (192, 0, 2), (192, 88, 99), (198, 18...19, _), (198, 51, 100), (203, 0, 113),
            (240...255, _, _):
            return .reserved
        default: return nil
        }
    }

    private static func ipv6Reason(_ b: [UInt8]) -> NonPublicAddressReason? {
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b.dropLast().allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        if b[0] == 0xFE && (b[1] & 0xC0) == 0x80 { return .linkLocal }
        if b[0] == 0xFE && (b[1] & 0xC0) == 0xC0 { return .reserved }  // site-local, deprecated
        if (b[0] & 0xFE) == 0xFC { return .uniqueLocal }
        if b[0] == 0xFF { return .multicast }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return .reserved }  // documentation
        // IETF protocol assignments (Teredo's tunnels, ORCHID, benchmarking), and the newer documentation block.
        if b[0] == 0x20 && b[1] == 0x01 && b[2] <= 0x01 { return .reserved }
        if b[0] == 0x3F && b[1] == 0xFF && (b[2] & 0xF0) == 0 { return .reserved }
        // Everything outside 2000::/3 (global unicast) is unassigned or special.
        if (b[0] & 0xE0) != 0x20 { return .reserved }
        return nil
    }

    private static func parseIPv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                let value = UInt8(part), part.count == 1 || part.first != "0"
            else { return nil }
            result.append(value)
        }
        return result
    }

    private static func parseIPv6(_ text: String) -> [UInt8]? {
        guard text.contains(":"), !text.contains("%") else { return nil }
        var text = Substring(text)
        var tail: [UInt8] = []
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            guard let v4 = parseIPv4(String(text[text.index(after: lastColon)...])) else { return nil }
            tail = v4
            text = text[...lastColon]
            if text.hasSuffix("::") == false { text = text.dropLast() }
        }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var out: [UInt8] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), let value = UInt16(group, radix: 16) else { return nil }
                out += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        let rest = halves.count == 2 ? groups(halves[1]) : []
        guard let rest else { return nil }
        let known = head.count + rest.count + tail.count
        if halves.count == 2 {
            guard known <= 14 else { return nil }
            return head + [UInt8](repeating: 0, count: 16 - known) + rest + tail
        }
        return known == 16 ? head + tail : nil
    }
}
