import BoxOfficeStore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import KOBIS
import Logging
import SQLKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `boxoffice simulate-kobis --port 0` as a child process: it prints the address it got; its control endpoints
/// (`/_simulator/stats`, `/_simulator/latency`, `/_simulator/reset-stats`) are reached over HTTP.
final class SimulatorProcess: @unchecked Sendable {
    // @unchecked: Foundation's Process and Pipe are not Sendable on Linux; what changes after init is Locked.
    private let process = Process()
    private let output = Pipe()
    private let printed = Locked((text: "", port: 0))

    init(latencyMilliseconds: Int) {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        for name in ["LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
        process.executableURL = CLIRunner.binary
        process.arguments = ["simulate-kobis", "--port", "0", "--latency-ms", String(latencyMilliseconds)]
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
    }

    /// Everything the simulator printed so far.
    var log: String { printed.withLock { $0.text } }
    /// The port it listens on, once ``start()`` returned.
    var port: Int { printed.withLock { $0.port } }
    /// The base URL for `KOBIS_BASE_URL`.
    var baseURL: String { "http://127.0.0.1:\(port)/kobisopenapi/webservice/rest" }

    /// Starts the simulator and waits until it prints its address and answers `/health`.
    func start() async throws {
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.printed.withLock { $0.text += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        var ready = false
        // Stops waiting early when the process exits.
        try await Wait.until("boxoffice simulate-kobis to answer /health", every: .milliseconds(50)) {
            if let match = log.firstMatch(of: #/serving KOBIS at http://127\.0\.0\.1:([0-9]+)//#),
                let port = Int(match.1)
            {
                printed.withLock { $0.port = port }
                if let health = try? await control("GET", "/health"), health.status == 200 { ready = true }
            }
            return ready || !process.isRunning
        }
        if ready { return }
        stop()
        throw ServerProcessError("boxoffice simulate-kobis did not start:\n\(log.suffix(2000))")
    }

    /// Stops the simulator (SIGTERM) and waits for it to end.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilEnded()
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// `/_simulator/stats`: `calls`, `callsByService`, `callsByTarget`, …
    func stats() async throws -> SimulatorStats {
        let answer = try await control("GET", "/_simulator/stats")
        let object = try #require(
            try JSONSerialization.jsonObject(with: answer.body) as? [String: Any], "\(answer.status)")
        return SimulatorStats(
            calls: try #require(object["calls"] as? Int),
            byService: try #require(object["callsByService"] as? [String: Int]),
            byTarget: try #require(object["callsByTarget"] as? [String: Int]))
    }

    /// Delays later KOBIS answers by `milliseconds`.
    func setLatency(milliseconds: Int) async throws {
        let answer = try await control("POST", "/_simulator/latency?ms=\(milliseconds)")
        #expect(answer.status == 200)
    }

    private func control(_ method: String, _ path: String) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// What `/_simulator/stats` counted.
struct SimulatorStats {
    var calls: Int
    var byService: [String: Int]
    var byTarget: [String: Int]

    static let dailyService = "boxoffice/searchDailyBoxOfficeList"

    /// Daily-chart calls of `day`.
    func dailyCalls(_ day: CalendarDate) -> Int {
        let compact = day.isoString.replacingOccurrences(of: "-", with: "")
        return byTarget["\(Self.dailyService)?targetDt=\(compact)"] ?? 0
    }
}

/// Several `boxoffice serve` processes on one PostgreSQL database against one simulator process, for the fleet
/// tests. Every process started here is ended when the body returns or throws.
enum Fleet {
    /// The key every process uses: the quota ledger counts per key, so they all share one budget.
    static let key = "fleet-test-key"

    /// The keeper's calls in flight against KOBIS: `AppServices.keeperOptions` (4 at a time; 8 in sample mode).
    /// This test target does not link BoxOfficeApp, so the figure is repeated here.
    static let keeperConcurrency = 4

    /// Today in KST, as the servers see it.
    static var today: CalendarDate { CalendarDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!) }

    /// A throwaway database, migrated once (one deploy), a simulator with `latency`, and a scratch directory.
    static func withDatabase(
        prefix: String, latencyMilliseconds: Int,
        _ body: (_ databaseURL: String, _ simulator: SimulatorProcess, _ directory: URL) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestPostgres.withDatabase(prefix: prefix) { databaseURL in
            var runner = try CLIRunner()
            runner.environment["DATABASE_URL"] = databaseURL
            let migrated = try await runner.run(["migrate"])
            runner.cleanUp()
            try #require(migrated.status == 0, "\(migrated.stderr)")
            let simulator = SimulatorProcess(latencyMilliseconds: latencyMilliseconds)
            try await simulator.start()
            defer { simulator.stop() }
            try await body(databaseURL, simulator, directory)
        }
    }

    /// The environment of a `serve` or `sync` against `simulator` (not sample mode: the ledger enforces).
    static func kobisEnvironment(_ simulator: SimulatorProcess, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["KOBIS_API_KEY": key, "KOBIS_BASE_URL": simulator.baseURL, "LANG": "C.UTF-8"]
        environment.merge(extra) { $1 }
        return environment
    }

    /// Starts `count` servers on `databaseURL`, runs `body` with them, and ends every one still running (SIGKILL
    /// when `body` threw, SIGTERM otherwise).
    static func withServers(
        _ count: Int, databaseURL: String, directory: URL, environment: [String: String],
        _ body: ([ServerProcess], [LoopbackHTTP]) async throws -> Void
    ) async throws {
        let servers = (0..<count).map { _ in
            ServerProcess(databaseURL: databaseURL, workingDirectory: directory, environment: environment)
        }
        var started: [ServerProcess] = []
        do {
            var https: [LoopbackHTTP] = []
            for server in servers {
                started.append(server)
                https.append(try await server.start())
            }
            try await body(servers, https)
        } catch {
            for server in started { server.stop(signal: SIGKILL) }
            throw error
        }
        for server in started { server.stop() }
    }

    /// `/api/v1/archive/status` of one server: its `keeper` and `quota` objects.
    static func status(_ http: LoopbackHTTP) async throws -> (keeper: [String: Any], quota: [String: Any]) {
        let answer = try await http.send("GET", "/api/v1/archive/status")
        try #require(answer.status == 200, "\(answer.status) \(answer.text.prefix(500))")
        let keeper = try #require(answer.json?["keeper"] as? [String: Any], "\(answer.text.prefix(500))")
        let quota = try #require(answer.json?["quota"] as? [String: Any], "\(answer.text.prefix(500))")
        return (keeper, quota)
    }

    /// The indexes of the servers whose status says `"leader": true` (dead ones are skipped).
    static func leaders(_ servers: [ServerProcess], _ https: [LoopbackHTTP]) async throws -> [Int] {
        var leaders: [Int] = []
        for (index, http) in https.enumerated() where servers[index].isRunning {
            if try await status(http).keeper["leader"] as? Bool == true { leaders.append(index) }
        }
        return leaders
    }

    /// Runs `body` with the database at `databaseURL` as SQL.
    static func withSQL<T>(_ databaseURL: String, _ body: (any SQLDatabase) async throws -> T) async throws -> T {
        var logger = Logger(label: "fleet-test")
        logger.logLevel = .critical
        let location = try DatabaseLocation(
            databaseURL: databaseURL, workingDirectory: FileManager.default.currentDirectoryPath)
        let database = try BoxOfficeDatabase(location: location, logger: logger)
        do {
            let sql = try #require(database.database as? any SQLDatabase)
            let result = try await body(sql)
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// Stored charts that share their (origin, kind, range, filter) with another row: none, if no day was stored
    /// twice.
    static func duplicateCharts(_ databaseURL: String) async throws -> [String] {
        try await withSQL(databaseURL) { sql in
            let rows = try await sql.raw(
                """
                SELECT origin, kind, range_start, filter_key, COUNT(*) AS copies FROM charts
                GROUP BY origin, kind, range_start, filter_key HAVING COUNT(*) > 1
                """
            ).all()
            return try rows.map { row in
                let start = try row.decode(column: "range_start", as: String.self)
                let kind = try row.decode(column: "kind", as: String.self)
                return "\(kind) \(start) ×\(try row.decode(column: "copies", as: Int.self))"
            }
        }
    }

    /// The days of the stored daily charts, one entry per row.
    static func storedDailyDays(_ databaseURL: String) async throws -> [String] {
        try await withSQL(databaseURL) { sql in
            try await sql.raw("SELECT range_start FROM charts WHERE kind = 'daily' ORDER BY range_start").all().map {
                try $0.decode(column: "range_start", as: String.self)
            }
        }
    }

    /// Every day from `start` to `end`.
    static func days(_ start: CalendarDate, _ end: CalendarDate) -> [CalendarDate] {
        (0...start.days(to: end)).map { start.adding(days: $0) }
    }
}
