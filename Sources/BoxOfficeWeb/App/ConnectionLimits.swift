import NIOCore

/// How many client connections the server keeps open. Each takes a file descriptor, as do the database's
/// connections, KOBIS calls and the store's files: a server whose clients took every descriptor could no longer
/// reach its database or KOBIS, and would refuse everyone until they left. So the connections stop short of the
/// process's open-file limit, by a reserve for the rest; and one address may hold only so many.
enum ConnectionLimits {
    /// The most connections kept by default, whatever the open-file limit: about 11 KB each when idle (110 MB).
    static let defaultCeiling = 10_000
    /// Connections one address may hold by default on a server others reach directly.
    static let defaultPerAddress = 256

    /// `configured` when set; else the open-file limit less a reserve (a quarter of it, at least 64 and at most 256,
    /// never more than half), at most ``defaultCeiling``; at least 1.
    static func maximum(configured: Int?, openFiles: Int?) -> Int {
        if let configured { return max(1, configured) }
        guard let openFiles, openFiles > 0 else { return defaultCeiling }
        return max(1, min(defaultCeiling, openFiles - reserve(openFiles: openFiles)))
    }

    /// Descriptors kept from connections for the rest: a quarter of the limit, at least 64 and at most 256, never
    /// more than half.
    static func reserve(openFiles: Int) -> Int {
        max(0, min(256, max(64, openFiles / 4), openFiles / 2))
    }

    /// `configured` when set (0: no limit); else none on a server that listens on a loopback address, where every
    /// connection comes from this host (a reverse proxy in front, whose own per-client limit applies), and
    /// ``defaultPerAddress`` on any other.
    static func perAddress(configured: Int?, hostname: String) -> Int {
        if let configured { return max(0, configured) }
        return isLoopback(hostname) ? 0 : defaultPerAddress
    }

    /// `localhost`, `127.0.0.0/8` or `::1` (with or without brackets).
    static func isLoopback(_ hostname: String) -> Bool {
        var host = hostname.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        switch try? SocketAddress(ipAddress: host, port: 0) {
        case .v4(let ipv4)?:
            return UInt32(bigEndian: ipv4.address.sin_addr.s_addr) >> 24 == 127
        case .v6(let ipv6)?:
            let bytes = withUnsafeBytes(of: ipv6.address.sin6_addr) { Array($0) }
            return bytes == Array(repeating: 0, count: 15) + [1]
        default:
            return false
        }
    }
}
