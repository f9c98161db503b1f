import BoxOfficeTestSupport
import Foundation
import KOBISSimulator
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `boxoffice serve` as a real process under hostile or unlucky conditions: clients that send nothing or half a
/// request, a huge body, a KOBIS that hangs, and SIGTERM while a slow request is in flight.
@Suite("boxoffice serve: timeouts, limits and graceful shutdown", .serialized)
struct ServerHardeningTests {
    @Test("a client that sends nothing, half a request head or half a body is disconnected after the idle timeout")
    func idleClients() async throws {
        let server = try HardeningServer(environment: ["BOXOFFICE_IDLE_TIMEOUT": "1"])
        defer { server.stop() }
        let http = try await server.start()

        let silent = try LoopbackConnection(port: server.port)
        let partialHead = try LoopbackConnection(port: server.port)
        try partialHead.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        let partialBody = try LoopbackConnection(port: server.port)
        try partialBody.send(
            "POST /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user"
        )
        let kept = try LoopbackConnection(port: server.port)
        try kept.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")

        // Each read waits (at most the socket's 30-second receive timeout, which would fail the test) until
        // the server closes the connection.
        let silentEnd = try await LoopbackConnection.onThread { silent.readUntilClosed() }
        #expect(silentEnd.closed, "a silent connection is closed")
        #expect(silentEnd.data.isEmpty)
        let headEnd = try await LoopbackConnection.onThread { partialHead.readUntilClosed() }
        #expect(headEnd.closed, "half a request head is not waited for forever")
        #expect(!headEnd.text.contains("200 OK"))
        let bodyEnd = try await LoopbackConnection.onThread { partialBody.readUntilClosed() }
        #expect(bodyEnd.closed, "half a body is not waited for forever")
        #expect(!bodyEnd.text.contains("201 Created"))
        // A keep-alive connection gets its answer, then is closed once idle.
        let keptEnd = try await LoopbackConnection.onThread { kept.readUntilClosed() }
        #expect(keptEnd.text.hasPrefix("HTTP/1.1 200 OK"), "\(keptEnd.text.prefix(200))")
        #expect(keptEnd.closed)

        // The server is fine afterwards.
        #expect(try await http.send("GET", "/health").status == 200)
        #expect(server.isRunning)
    }

    @Test("a body far over the limit gets 413 before it has all been sent: it is never buffered whole")
    func hugeBody() async throws {
        let server = try HardeningServer()
        defer { server.stop() }
        _ = try await server.start()
        let socket = try LoopbackConnection(port: server.port)
        // Announces 100 MB and sends a little over the 1 MB JSON limit, then waits for the answer.
        try socket.send(
            "POST /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(100 << 20)\r\n\r\n")
        let chunk = Data(repeating: UInt8(ascii: " "), count: 64 << 10)
        // Sends from its own thread (a blocking send); it stops at the first failure, when the server closes.
        Thread {
            for _ in 0..<20 {
                guard (try? socket.send(chunk)) != nil else { break }
            }
        }.start()
        // The answer arrives while most of the announced body was never sent (the rest, if it came, would be
        // read and thrown away, never stored).
        let answer = try await LoopbackConnection.onThread { try socket.readResponse() }
        #expect(answer.text.hasPrefix("HTTP/1.1 413"), "\(answer.text.prefix(300))")
        #expect(answer.text.contains(#"{"error":{"message":"The request body is larger than 1,024 KB."}}"#))
        #expect(answer.text.contains("X-Content-Type-Options: nosniff"))
        #expect(server.isRunning)
    }

    @Test("a client that hangs up in the middle of a body is a 400 in the log, never an unexpected error")
    func bodyCutOff() async throws {
        // Every request's line is logged at info.
        let server = try HardeningServer(environment: ["LOG_LEVEL": "info"])
        defer { server.stop() }
        let http = try await server.start()
        do {
            let socket = try LoopbackConnection(port: server.port)
            try socket.send(
                "POST /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: cut-off-1\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user")
        }  // The connection closes here, 94 bytes short.
        let seen = try await Wait.until("the cut-off request's line in the log") {
            server.log.split(separator: "\n").contains {
                $0.contains("hb.request.id=cut-off-1") && $0.contains("route=")
            }
        }
        #expect(seen)
        let line = server.log.split(separator: "\n").first {
            $0.contains("hb.request.id=cut-off-1") && $0.contains("route=")
        }
        #expect(line?.contains("status=400") == true, "\(line ?? "")")
        #expect(!server.log.contains("unexpected error"), "\(server.log.suffix(1000))")
        #expect(try await http.send("GET", "/health").status == 200)
    }

    @Test("BOXOFFICE_UPSTREAM_TIMEOUT bounds a KOBIS that never answers: 503 JSON and a 503 page, never a hang")
    func upstreamTimeout() async throws {
        let kobis = SimulatorServer(fault: .timeout, logger: Logger(label: "sim"))
        try await kobis.start()
        do {
            let server = try HardeningServer(environment: [
                "KOBIS_API_KEY": "test-key", "KOBIS_BASE_URL": kobis.baseURL.absoluteString,
                "BOXOFFICE_UPSTREAM_TIMEOUT": "1",
            ])
            defer { server.stop() }
            let http = try await server.start()
            let api = try await http.send("GET", "/api/v1/daily?date=2024-03-15")
            #expect(api.status == 503, "\(api.text)")
            #expect(api.json?["error"] != nil)
            let page = try await http.send("GET", "/weekly?date=2024-03-13")
            #expect(page.status == 503)
            #expect(page.text.contains("KOBIS"))
            #expect(kobis.callCount >= 2, "the calls did reach the hanging KOBIS")
        } catch {
            try await kobis.stop()
            throw error
        }
        try await kobis.stop()
    }

    @Test("SIGTERM during a slow request: it completes with 200, new connections are refused, the exit status is 0")
    func gracefulShutdown() async throws {
        let kobis = SimulatorServer(latency: .seconds(4), logger: Logger(label: "sim"))
        try await kobis.start()
        do {
            let server = try HardeningServer(environment: [
                "KOBIS_API_KEY": "test-key", "KOBIS_BASE_URL": kobis.baseURL.absoluteString,
                "BOXOFFICE_UPSTREAM_TIMEOUT": "30",
            ])
            defer { server.stop(signal: SIGKILL) }
            let http = try await server.start()
            let port = server.port
            let inFlight = Task { try await http.send("GET", "/api/v1/daily?date=2024-03-15") }
            // Waits until the request is inside the server, waiting for KOBIS.
            try #require(await Wait.until("the request to reach KOBIS") { kobis.callCount > 0 })
            #expect(kobis.callCount == 1)

            server.signal(SIGTERM)
            let refused = try await Wait.until("new connections to be refused after SIGTERM") {
                LoopbackConnection.connectionRefused(port: port)
            }
            #expect(refused, "new connections are refused once shutdown starts")
            #expect(kobis.callCount == 1, "the in-flight request was still waiting when connections were refused")

            let answer = try await inFlight.value
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            #expect((answer.json?["entries"] as? [Any])?.count == 10)
            let status = server.waitForExit()
            #expect(status == 0, "\(server.log.suffix(2000))")
            #expect(server.terminationReason == .exit)
        } catch {
            try await kobis.stop()
            throw error
        }
        try await kobis.stop()
    }

    /// This process's hard open-file limit, which a child's `ulimit -S` may not exceed.
    static var hardOpenFileLimit: Int {
        var limit = rlimit()
        #if canImport(Glibc)
            guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        #else
            guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return 0 }
        #endif
        return Int(clamping: limit.rlim_max)
    }

    @Test(
        "started with a soft open-file limit of 256, serve raises it to the hard one and keeps more connections",
        .enabled(if: Self.hardOpenFileLimit >= 1024, "the hard open-file limit here is below 1,024"))
    func raisesOpenFileLimit() async throws {
        let server = try HardeningServer(
            environment: ["BOXOFFICE_CONNECTIONS_PER_ADDRESS": "0", "BOXOFFICE_IDLE_TIMEOUT": "600"],
            softOpenFileLimit: 256)
        defer { server.stop() }
        _ = try await server.start()
        #if os(Linux)
            let limits = try String(contentsOfFile: "/proc/\(server.processIdentifier)/limits", encoding: .utf8)
            let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
            let soft = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first
            #expect(soft.flatMap { Int($0) } == min(Self.hardOpenFileLimit, 1 << 20), "\(line)")
        #endif
        // At 256 descriptors the server would keep 192 connections, and the 193rd would wait: each is answered.
        var held = [LoopbackConnection]()
        for _ in 0..<260 {
            let connection = try LoopbackConnection(port: server.port, timeout: 30)
            let status = try await LoopbackConnection.onThread {
                try connection.sendGet("/health")
                return try connection.readResponse().status
            }
            #expect(status == 200)
            held.append(connection)
        }
        #expect(held.count == 260)
        #expect(server.isRunning)
    }
}

/// A ``ServerProcess`` over a fresh SQLite file in a directory of its own, removed when it stops.
final class HardeningServer: Sendable {
    private let directory: URL
    private let server: ServerProcess

    init(environment: [String: String] = [:], softOpenFileLimit: Int? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-hardening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = ServerProcess(
            databaseURL: "sqlite://" + directory.appendingPathComponent("serve.sqlite").path,
            workingDirectory: directory,
            environment: environment, softOpenFileLimit: softOpenFileLimit)
    }

    func start() async throws -> LoopbackHTTP { try await server.start() }
    func signal(_ signal: Int32) { server.signal(signal) }
    func waitForExit() -> Int32 { server.waitForExit() }
    var log: String { server.log }
    var port: Int { server.port }
    var isRunning: Bool { server.isRunning }
    var processIdentifier: Int32 { server.processIdentifier }
    var terminationReason: Process.TerminationReason { server.terminationReason }

    /// Ends the process (if it still runs) and removes its directory.
    func stop(signal: Int32 = SIGTERM) {
        server.stop(signal: signal)
        try? FileManager.default.removeItem(at: directory)
    }
}
