import BoxOfficeTestSupport
import Foundation
import KOBIS
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `boxoffice serve` as a child process on 127.0.0.1 with port 0 (it prints the port it got), in sample mode
/// unless `environment` sets a KOBIS key, on the database at `databaseURL`, with cheap bcrypt. Its output is
/// drained continuously and kept for failure messages.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: Foundation's Process and Pipe are not Sendable on Linux; what changes after init is Locked.
    private let process = Process()
    private let output = Pipe()
    private let printed = Locked((text: "", port: 0))
    let databaseURL: String

    /// `softOpenFileLimit`: the process starts with this soft open-file limit (set by `sh`'s `ulimit -S -n`, then
    /// `exec`), as under systemd's default of 1,024.
    init(
        databaseURL: String, workingDirectory: URL, environment extra: [String: String] = [:],
        softOpenFileLimit: Int? = nil
    ) {
        self.databaseURL = databaseURL
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "KOBIS_API_KEY", "KOBIS_BASE_URL", "TMDB_API_KEY", "KAKAO_REST_API_KEY", "PORT", "BOXOFFICE_HOSTNAME",
            "BOXOFFICE_PUBLIC_URL", "BOXOFFICE_IDLE_TIMEOUT", "BOXOFFICE_UPSTREAM_TIMEOUT", "LC_ALL", "LC_MESSAGES",
            "LANG", "BOXOFFICE_ARCHIVE_FROM", "BOXOFFICE_KOBIS_DAILY_LIMIT", "BOXOFFICE_KEEPER_RESERVE",
            "BOXOFFICE_KEEPER_HOUR", "BOXOFFICE_KEEPER_LEASE", "BOXOFFICE_MAX_CONNECTIONS",
            "BOXOFFICE_CONNECTIONS_PER_ADDRESS",
        ] {
            environment[name] = nil
        }
        environment["DATABASE_URL"] = databaseURL
        environment["BOXOFFICE_BCRYPT_COST"] = "4"
        environment["LOG_LEVEL"] = "warning"
        // No archive keeper unless a test asks for it: it would call KOBIS and fill the archive behind the test.
        environment["BOXOFFICE_KEEPER"] = "off"
        environment.merge(extra) { $1 }
        let arguments = ["serve", "--hostname", "127.0.0.1", "--port", "0"]
        if let softOpenFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -S -n \(softOpenFileLimit) && exec \"$0\" \"$@\"", CLIRunner.binary.path] + arguments
        } else {
            process.executableURL = CLIRunner.binary
            process.arguments = arguments
        }
        process.environment = environment
        process.currentDirectoryURL = workingDirectory
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
    }

    /// Everything the server printed so far.
    var log: String { printed.withLock { $0.text } }

    /// Starts the server and waits until it prints its address and answers `/health`.
    func start() async throws -> LoopbackHTTP {
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.printed.withLock { $0.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        var ready: LoopbackHTTP?
        // Stops waiting early when the process exits.
        try await Wait.until("boxoffice serve to answer /health", every: .milliseconds(50)) {
            if let match = log.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#), let port = Int(match.1) {
                printed.withLock { $0.port = port }
                let http = LoopbackHTTP(base: URL(string: "http://127.0.0.1:\(port)/")!)
                if let health = try? await http.send("GET", "/health"), health.status == 200 { ready = http }
            }
            return ready != nil || !process.isRunning
        }
        if let ready { return ready }
        let why = process.isRunning ? "it did not answer /health within 60 seconds" : "it exited"
        stop(signal: SIGKILL)
        throw ServerProcessError("boxoffice serve did not start (\(why)):\n\(log.suffix(2000))")
    }

    /// Sends `signal` and waits for the process to end.
    func stop(signal: Int32 = SIGTERM) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilEnded()
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// Sends `signal` without waiting.
    func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the process to end and returns its exit status.
    func waitForExit() -> Int32 {
        process.waitUntilEnded()
        return process.terminationStatus
    }

    /// The port it listens on, once ``start()`` returned.
    var port: Int { printed.withLock { $0.port } }
    var isRunning: Bool { process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }
    var terminationReason: Process.TerminationReason { process.terminationReason }
    var terminationStatus: Int32 { process.terminationStatus }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// HTTP to a server on loopback: no cookies kept, no redirects followed, so tests see exactly what was sent.
final class LoopbackHTTP: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked: `session` is set once in init (it needs `self` as its delegate) and only read afterwards.
    struct Answer: Sendable {
        var status: Int
        var body: Data
        var headers: [String: String]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    let base: URL
    private var session: URLSession!

    init(base: URL) {
        self.base = base
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = 60
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, form: [(String, String)]? = nil,
        token: String? = nil,
        cookie: String? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let form {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            let body = form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(
                separator: "&")
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, body: data, headers: headers)
    }

    /// Signs up through the API and logs in for a token.
    func account(_ username: String, password: String = "correct horse battery") async throws -> String {
        let created = try await send("POST", "/api/v1/users", json: ["username": username, "password": password])
        #expect(created.status == 201, "\(created.text)")
        let login = try await send("POST", "/api/v1/tokens", json: ["username": username, "password": password])
        return try #require(login.json?["token"] as? String, "\(login.text)")
    }

    /// Movie codes of a settled sample chart.
    func movieCodes() async throws -> [String] {
        let chart = try await send("GET", "/api/v1/daily?date=2024-03-15")
        let entries = try #require(chart.json?["entries"] as? [[String: Any]], "\(chart.text)")
        return entries.compactMap { $0["movieCode"] as? String }
    }

    /// Logs in through the page (CSRF cookie and token) and returns the session cookie.
    func pageLogin(_ username: String, password: String = "correct horse battery") async throws -> String {
        let page = try await send("GET", "/login")
        let csrfCookie = try #require(
            page.headers["set-cookie"]?.firstMatch(of: #/boxoffice_csrf=([A-Za-z0-9_-]+)/#)?.1)
        let token = try #require(page.text.firstMatch(of: #/name="csrf" value="([^"]+)"/#)?.1)
        let login = try await send(
            "POST", "/login", form: [("csrf", String(token)), ("username", username), ("password", password)],
            cookie: "boxoffice_csrf=\(csrfCookie)")
        #expect(login.status == 303, "\(login.status) \(login.text.prefix(300))")
        let session = try #require(
            login.headers["set-cookie"]?.firstMatch(of: #/boxoffice_session=(bs_[A-Za-z0-9_-]+)/#)?.1)
        return "boxoffice_session=\(session)"
    }
}
