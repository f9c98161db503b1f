import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP connection to 127.0.0.1 that sends a request a piece at a time: to see what the server answers
/// before the rest of a body has been sent (or while it is held back).
final class RawUpload: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socketDescriptor: Int32
    private var received = Data()

    /// Connects to `127.0.0.1:port`; a read gives up after `timeout` seconds (a guard against a hang, not a measure).
    init(port: Int, timeout: Int = 20) throws {
        #if canImport(Glibc)
            socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socketDescriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketDescriptor >= 0 else { throw Failure(description: "socket() failed") }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socketDescriptor)
            throw Failure(description: "connect() failed: errno \(errno)")
        }
    }

    deinit { close(socketDescriptor) }

    /// The head of a POST of `length` body bytes to `path`.
    static func head(_ path: String, length: Int, headers: [(String, String)]) -> Data {
        var text = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(length)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// Sends `bytes` (on a thread of its own, off the concurrency pool).
    func send(_ bytes: Data) async throws {
        try await Self.onThread { [self] in
            var sent = 0
            while sent < bytes.count {
                let count = bytes[(bytes.startIndex + sent)...].withUnsafeBytes {
                    Glibc.send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
                sent += count
            }
        }
    }

    /// The status of the answer and its head, read as soon as the head has come.
    func readHead() async throws -> (status: Int, head: String) {
        try await Self.onThread { [self] in
            let separator = Data("\r\n\r\n".utf8)
            while received.range(of: separator) == nil {
                var chunk = [UInt8](repeating: 0, count: 16_384)
                let count = chunk.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw Failure(description: "no answer (recv: \(count), errno \(errno))") }
                received.append(contentsOf: chunk[..<count])
            }
            let head = String(decoding: received, as: UTF8.self)
            let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return (status, head)
        }
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
