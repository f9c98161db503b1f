import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP connection to 127.0.0.1 for HTTP details URLSession hides: keep-alive on one
/// connection, many simultaneous connections, a connection the server closes.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socketDescriptor: Int32
    private var buffer = Data()

    /// Connects to `127.0.0.1:port`; reads give up after `timeout` seconds.
    init(port: Int, timeout: Int = 10) throws {
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

    /// Runs blocking socket work on its own thread, keeping it off the Swift concurrency pool.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Sends one GET with `Connection: keep-alive`.
    func sendGet(_ target: String) throws {
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socketDescriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(description: "send() failed") }
            sent += count
        }
    }

    /// Reads one response (headers, then `Content-Length` bytes of body).
    func readResponse() throws -> Response {
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard try fill() else { throw Failure(description: "connection closed before the headers") }
        }
        let headerEnd = buffer.range(of: separator)!
        let headerText = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
        var lines = headerText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        buffer.removeSubrange(..<headerEnd.upperBound)
        while buffer.count < length {
            guard try fill() else { throw Failure(description: "connection closed inside the body") }
        }
        let body = buffer.prefix(length)
        buffer.removeSubrange(..<buffer.index(buffer.startIndex, offsetBy: length))
        return Response(status: status, headers: headers, body: Data(body))
    }

    /// True when the server closed the connection (end of stream or reset) before `timeout`.
    func waitForClose() -> Bool {
        do {
            while try fill() {}
            return true
        } catch {
            return (error as? Failure)?.description == "reset"
        }
    }

    /// Reads more bytes; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
        if count == 0 { return false }
        if errno == ECONNRESET { throw Failure(description: "reset") }
        throw Failure(description: "recv() failed: errno \(errno)")
    }
}
