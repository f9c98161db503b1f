import BoxOfficeCore
import Foundation
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system resolver (`getaddrinfo`), run on NIO's blocking-work thread pool: every address of a host, IPv4 and
/// IPv6, for the webhook policy to check before a delivery connects.
struct SystemHostResolver: HostResolver {
    struct ResolutionFailure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: gai_strerror(code)) }
    }

    func addresses(of host: String, port: Int) async throws -> [IPAddress] {
        try await NIOThreadPool.singleton.runIfActive { try Self.lookUp(host, port: port) }
    }

    private static func lookUp(_ host: String, port: Int) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else { throw ResolutionFailure(code: status) }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var cursor = list
        while let info = cursor?.pointee {
            if let raw = info.ai_addr {
                switch Int32(info.ai_family) {
                case AF_INET:
                    raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var address = pointer.pointee.sin_addr
                        let bytes = withUnsafeBytes(of: &address) { Array($0) }
                        if let ip = IPAddress(bytes: bytes) { found.append(ip) }
                    }
                case AF_INET6:
                    raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var address = pointer.pointee.sin6_addr
                        let bytes = withUnsafeBytes(of: &address) { Array($0) }
                        if let ip = IPAddress(bytes: bytes) { found.append(ip) }
                    }
                default:
                    break
                }
            }
            cursor = info.ai_next
        }
        var unique: [IPAddress] = []
        for address in found where !unique.contains(address) { unique.append(address) }
        return unique
    }
}
