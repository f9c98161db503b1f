import Foundation

/// The reverse proxies whose `X-Forwarded-For` is believed (`BOXOFFICE_TRUSTED_PROXIES`): addresses and CIDR ranges,
/// IPv4 and IPv6. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`, as a dual-stack socket gives it) is matched as
/// the IPv4 address it is.
public struct TrustedProxies: Sendable, Equatable {
    /// One range: its first `prefix` bits.
    struct Range: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int
    }

    let ranges: [Range]

    /// No proxy is trusted (the default).
    public static let none = TrustedProxies(ranges: [])

    private init(ranges: [Range]) {
        self.ranges = ranges
    }

    /// `127.0.0.1`, `10.0.0.0/8, fd00::/8`: addresses and ranges separated by commas (spaces around them allowed);
    /// `nil` when an entry is neither, or the list is empty.
    public init?(list: String) {
        var ranges: [Range] = []
        for entry in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = entry.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = parts.first, let address = IPAddress(literal: String(first)) else { return nil }
            let bytes = Self.unmapped(address.bytes)
            let width = bytes.count * 8
            var prefix = width
            if parts.count == 2 {
                // A mapped IPv4 range (`::ffff:10.0.0.0/104`) counts its bits from the IPv4 part.
                let dropped = address.bytes.count * 8 - width
                guard let given = Int(parts[1]), given >= dropped, given - dropped <= width else { return nil }
                prefix = given - dropped
            }
            ranges.append(Range(bytes: bytes, prefix: prefix))
        }
        guard !ranges.isEmpty else { return nil }
        self.ranges = ranges
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` is in one of the ranges.
    public func contains(_ address: IPAddress) -> Bool {
        let bytes = Self.unmapped(address.bytes)
        return ranges.contains { range in
            guard range.bytes.count == bytes.count else { return false }
            let whole = range.prefix / 8
            guard bytes[0..<whole] == range.bytes[0..<whole] else { return false }
            let bits = range.prefix % 8
            guard bits > 0 else { return true }
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            return bytes[whole] & mask == range.bytes[whole] & mask
        }
    }

    /// An IPv4-mapped IPv6 address's IPv4 bytes; any other address as it is.
    private static func unmapped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else {
            return bytes
        }
        return Array(bytes[12..<16])
    }
}
