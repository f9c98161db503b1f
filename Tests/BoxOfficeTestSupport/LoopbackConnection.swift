public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP connection to 127.0.0.1, for what URLSession and the test clients hide: sending nothing, half a request
/// or a body a piece at a time, keep-alive on one connection, many connections at once, a connection the server
/// closes. Its calls block: a test runs them off the concurrency pool with ``onThread(_:)``.
///
/// `@unchecked Sendable`: the receive buffer is used only by the reading calls, which a test makes one at a time;
/// sending touches only the descriptor, so one thread may send while another reads.
public final class LoopbackConnection: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The head of an answer: its status, its header fields (names in lower case) and its text.
    public struct Head: Sendable {
        public var status: Int
        public var fields: [String: String]
        /// The status line and the header fields as sent, without the blank line that ends them.
        public var text: String
    }

    /// A whole answer: the head, then `Content-Length` bytes of body.
    public struct Response: Sendable {
        public var head: Head
        public var body: Data
        public var status: Int { head.status }
        /// The header fields, names in lower case.
        public var headers: [String: String] { head.fields }
        /// The head and the body as text.
        public var text: String { head.text + "\r\n\r\n" + String(decoding: body, as: UTF8.self) }
    }

    /// What came until the connection ended.
    public struct Ending: Sendable {
        public var data: Data
        /// True when the server closed (or reset) the connection; false when the read timed out.
        public var closed: Bool
        public var text: String { String(decoding: data, as: UTF8.self) }
    }

    private let descriptor: Int32
    private var buffer = Data()

    /// Connects to `127.0.0.1:port`; a read gives up after `timeout` seconds (a guard against a hang, not a measure).
    public init(port: Int, timeout: Int = 30) throws {
        descriptor = try Self.connected(port: port)
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close(descriptor) }

    /// Runs blocking socket work on a thread of its own, off the Swift concurrency pool.
    public static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Whether a new connection to the port is refused (nobody listens on it any more).
    public static func connectionRefused(port: Int) -> Bool {
        do {
            close(try connected(port: port))
            return false
        } catch {
            return (error as? Failure)?.description.hasSuffix("errno \(ECONNREFUSED)") == true
        }
    }

    /// The head of a POST of `length` body bytes to `path`.
    public static func postHead(_ path: String, length: Int, headers: [(String, String)]) -> Data {
        var text = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(length)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// Sends one GET with `Connection: keep-alive`.
    public func sendGet(_ target: String) throws {
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
    }

    public func send(_ text: String) throws { try send(Data(text.utf8)) }

    /// Sends all of `data`; fails once the server has closed the connection.
    public func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes -> Int in
                guard let start = bytes.baseAddress else { return 0 }
                #if canImport(Glibc)
                    return Glibc.send(descriptor, start + offset, data.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    return Darwin.send(descriptor, start + offset, data.count - offset, 0)
                #endif
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads the head of the next answer, as soon as it has come (the body may still be on its way).
    public func readHead() throws -> Head {
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = buffer.range(of: separator) {
                let text = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                return try Self.head(text)
            }
            guard try fill() else { throw Failure(description: "the connection closed before the head ended") }
        }
    }

    /// Reads the next whole answer: its head, then `Content-Length` bytes of body.
    public func readResponse() throws -> Response {
        let head = try readHead()
        let length = head.fields["content-length"].flatMap { Int($0) } ?? 0
        while buffer.count < length {
            guard try fill() else { throw Failure(description: "the connection closed inside the body") }
        }
        let body = Data(buffer.prefix(length))
        buffer.removeFirst(length)
        return Response(head: head, body: body)
    }

    /// Reads until the server closes the connection (or resets it), or the receive timeout passes.
    public func readUntilClosed() -> Ending {
        do {
            while try fill() {}
            return Ending(data: buffer, closed: true)
        } catch {
            return Ending(data: buffer, closed: (error as? Failure)?.description == Self.reset)
        }
    }

    /// True when the server closed the connection (end of stream or reset) before the receive timeout.
    public func waitForClose() -> Bool { readUntilClosed().closed }

    private static let reset = "reset"

    /// Whether the server has sent anything not yet read (or closed the connection), without waiting.
    public func hasSomethingToRead() -> Bool {
        guard buffer.isEmpty else { return true }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case ECONNRESET: throw Failure(description: Self.reset)
            default: throw Failure(description: "recv() failed: errno \(errno)")
            }
        }
    }

    private static func head(_ text: String) throws -> Head {
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "not an HTTP answer: \(text.prefix(200))")
        }
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Head(status: status, fields: fields, text: text)
    }

    private static func connected(port: Int) throws -> Int32 {
        let descriptor = try LoopbackAddress.tcpSocket()
        var address = LoopbackAddress.ipv4(port: port)
        let result = LoopbackAddress.withSocketAddress(&address) { connect(descriptor, $0, $1) }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect() failed: errno \(code)")
        }
        return descriptor
    }
}

/// A TCP socket on 127.0.0.1 that never answers: bound but not listening (a connection to it is refused), or
/// listening without ever accepting (the kernel completes the handshake, nobody ever answers).
public final class LoopbackSocket: Sendable {
    public struct Failure: Error { public var step: String }

    public let port: Int
    private let descriptor: Int32

    public init(listening: Bool) throws {
        let descriptor = try LoopbackAddress.tcpSocket()
        var address = LoopbackAddress.ipv4(port: 0)
        let bound = LoopbackAddress.withSocketAddress(&address) { bind(descriptor, $0, $1) }
        guard bound == 0, !listening || listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw Failure(step: "bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = LoopbackAddress.withSocketAddress(&address) { pointer, _ in
            getsockname(descriptor, pointer, &length)
        }
        guard named == 0 else {
            close(descriptor)
            throw Failure(step: "getsockname")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// The socket calls both share: an IPv4 TCP socket and the address `127.0.0.1:port`.
enum LoopbackAddress {
    static func tcpSocket() throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackConnection.Failure(description: "socket() failed: errno \(errno)") }
        return descriptor
    }

    static func ipv4(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Runs `body` with `address` as the `sockaddr` pointer and length the socket calls take.
    static func withSocketAddress<T>(
        _ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>, socklen_t) -> T
    ) -> T {
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
