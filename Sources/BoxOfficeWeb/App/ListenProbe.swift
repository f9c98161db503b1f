import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether `serve` can listen where it was told, found before anything starts: a port already taken was found only
/// when the server bound it, after the database, the keeper and the workers had started, and their stop printed
/// errors of their own before the one line that says what happened (and, in a debug build, a pool's assertion ended
/// the process). The address is bound the way the server binds it (`SO_REUSEADDR`) and let go at once.
enum ListenProbe {
    /// Throws NIO's `IOError` for a bind that fails, and for a name that does not resolve (`EADDRNOTAVAIL`: no
    /// address of this machine has it); port 0 is left to the server.
    static func check(host: String, port: Int) throws {
        guard let address = try? SocketAddress.makeAddressResolvingHost(host, port: port) else {
            throw IOError(errnoCode: EADDRNOTAVAIL, reason: "resolve")
        }
        guard port != 0 else { return }
        #if canImport(Glibc)
            let descriptor = socket(address.protocol.rawValue, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(address.protocol.rawValue, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let result = address.withSockAddr { pointer, size in bind(descriptor, pointer, socklen_t(size)) }
        if result != 0 { throw IOError(errnoCode: errno, reason: "bind") }
    }
}
