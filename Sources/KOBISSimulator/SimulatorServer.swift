public import Foundation
public import Logging
import KOBIS
import NIOCore
import NIOPosix

/// The simulator over HTTP, on SwiftNIO: KOBIS's exact wire format at
/// `/kobisopenapi/webservice/rest/...`, with injectable latency and faults.
///
/// Control endpoints (not counted as KOBIS calls):
/// - `GET /_simulator/stats` → `{"calls": N, "callsByService": {"movie/searchMovieList": N, …},
///   "callsByTarget": {"boxoffice/searchDailyBoxOfficeList?targetDt=20240315": N, …}, "fault": "none",
///   "latencyMs": 0, "posterSearches": 0}` (`callsByTarget` counts the calls that name a `targetDt`, by service and
///   day, so a test can see a chart fetched twice)
/// - `POST /_simulator/fault?mode=http500` (any ``SimulatorFault``), `POST /_simulator/latency?ms=200`,
///   `POST /_simulator/reset-stats` → the stats after the change
/// - `GET /health` → `ok`
///
/// Poster-search stand-ins (after the same latency, not counted as KOBIS calls): TMDB's
/// `GET /3/search/movie` and Kakao's `GET /v2/search/image`.
public final class SimulatorServer: Sendable {
    /// The data model answering KOBIS calls.
    public let simulator: KOBISSimulator
    /// The address to bind.
    public let host: String
    private let requestedPort: Int
    let logger: Logger
    private let state: Locked<State>

    private struct State {
        var fault: SimulatorFault
        var latency: Duration
        var calls = 0
        /// KOBIS calls by service path (`movie/searchMovieList`, …).
        var callsByService: [String: Int] = [:]
        /// KOBIS calls naming a `targetDt`, by ``SimulatorServer/target(service:targetDt:)``.
        var callsByTarget: [String: Int] = [:]
        var posterSearches = 0
        /// Answers cut short by the `stall` fault (their head and part of their body sent).
        var stalled = 0
        var serverChannel: (any Channel)?
        var boundPort: Int?
        var connections: [ObjectIdentifier: any Channel] = [:]
    }

    /// The path prefix of KOBIS services.
    static let kobisPathPrefix = "/kobisopenapi/"

    /// - Parameters:
    ///   - simulator: the data model; a default one uses the system clock.
    ///   - host: the address to bind.
    ///   - port: the port to bind; 0 picks a free one (see ``port`` after ``start()``).
    ///   - latency: a delay before every KOBIS answer.
    ///   - fault: the fault to inject on KOBIS paths.
    ///   - logger: where to log start, stop and (at debug level) each call, without its key.
    public init(
        simulator: KOBISSimulator = KOBISSimulator(), host: String = "127.0.0.1", port: Int = 0,
        latency: Duration = .zero, fault: SimulatorFault = .none, logger: Logger
    ) {
        self.simulator = simulator
        self.host = host
        self.requestedPort = port
        self.logger = logger
        self.state = Locked(State(fault: fault, latency: max(.zero, latency)))
    }

    // MARK: Settings and statistics

    /// The bound port after ``start()`` (the requested port before).
    public var port: Int { state.withLock { $0.boundPort ?? requestedPort } }

    /// `http://HOST:PORT/kobisopenapi/webservice/rest`, the base URL for a ``KOBIS/KOBISClient``.
    public var baseURL: URL {
        let urlHost: String
        switch host {
        case "", "0.0.0.0", "::": urlHost = "127.0.0.1"
        default: urlHost = host.contains(":") ? "[\(host)]" : host
        }
        return URL(string: "http://\(urlHost):\(port)/kobisopenapi/webservice/rest")!
    }

    /// Poster searches received (the TMDB and Kakao stand-ins).
    public var posterSearchCount: Int { state.withLock { $0.posterSearches } }

    /// KOBIS calls received (requests under `/kobisopenapi/`, faulted ones included).
    public var callCount: Int { state.withLock { $0.calls } }
    /// Answers the `stall` fault cut short, once their head and part of their body were sent.
    public var stalledCount: Int { state.withLock { $0.stalled } }

    func recordStall() { state.withLock { $0.stalled += 1 } }
    /// KOBIS calls received for one service, e.g. `movie/searchMovieList` (faulted ones included).
    public func callCount(service: String) -> Int { state.withLock { $0.callsByService[service] ?? 0 } }
    /// KOBIS calls received for one service and `targetDt`, e.g. (`boxoffice/searchDailyBoxOfficeList`,
    /// `20240315`) (faulted ones included).
    public func callCount(service: String, targetDt: String) -> Int {
        state.withLock { $0.callsByTarget[Self.target(service: service, targetDt: targetDt)] ?? 0 }
    }

    /// The fault injected on KOBIS paths from now on.
    public var fault: SimulatorFault { state.withLock { $0.fault } }

    /// The delay before every KOBIS answer from now on.
    public var latency: Duration { state.withLock { $0.latency } }

    /// Injects `fault` on later KOBIS calls (`.none` to answer normally).
    public func setFault(_ fault: SimulatorFault) {
        state.withLock { $0.fault = fault }
        logger.info("fault set", metadata: ["fault": "\(fault.rawValue)"])
    }

    /// Delays later KOBIS answers by `latency` (negative counts as zero).
    public func setLatency(_ latency: Duration) {
        state.withLock { $0.latency = max(.zero, latency) }
        logger.info("latency set", metadata: ["latencyMs": "\(Self.milliseconds(latency))"])
    }

    /// Sets the call count back to zero.
    public func resetStats() {
        state.withLock {
            $0.calls = 0
            $0.callsByService = [:]
            $0.callsByTarget = [:]
            $0.posterSearches = 0
            $0.stalled = 0
        }
    }

    // MARK: Lifecycle

    /// Binds and starts serving. Does nothing when already started.
    public func start() async throws {
        if state.withLock({ $0.serverChannel != nil }) { return }
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 1_024)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [self] channel in
                self.track(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(SimulatorHTTPHandler(server: self))
                }
            }
        let channel = try await bootstrap.bind(host: host, port: requestedPort).get()
        let bound = channel.localAddress?.port ?? requestedPort
        state.withLock {
            $0.serverChannel = channel
            $0.boundPort = bound
        }
        logger.info("KOBIS simulator listening", metadata: ["baseURL": "\(baseURL.absoluteString)"])
    }

    /// Stops listening and closes every open connection (including those held by the timeout fault).
    public func stop() async throws {
        let server = state.withLock { state -> (any Channel)? in
            defer { state.serverChannel = nil }
            return state.serverChannel
        }
        guard let server else { return }
        try? await server.close()
        let connections = state.withLock { state -> [any Channel] in
            defer { state.connections = [:] }
            return Array(state.connections.values)
        }
        for connection in connections {
            try? await connection.close()
        }
        logger.info("KOBIS simulator stopped", metadata: ["calls": "\(callCount)"])
    }

    /// Starts if needed, then serves until the calling task is cancelled (or ``stop()`` is called),
    /// and stops.
    public func runUntilCancelled() async throws {
        try await start()
        guard let channel = state.withLock({ $0.serverChannel }) else { return }
        await withTaskCancellationHandler {
            try? await channel.closeFuture.get()
        } onCancel: {
            channel.close(promise: nil)
        }
        try await stop()
    }

    private func track(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        state.withLock { $0.connections[id] = channel }
        channel.closeFuture.whenComplete { [self] _ in
            _ = state.withLock { $0.connections.removeValue(forKey: id) }
        }
    }

    // MARK: Routing

    /// What to do with one request.
    enum Action {
        /// Answer at once.
        case answer(SimulatorResponse)
        /// Answer after `latency`.
        case delayed(SimulatorResponse, latency: Duration)
        /// A KOBIS call, to answer (or not) according to `fault`, after `latency`.
        case kobis(path: String, query: [String: String], fault: SimulatorFault, latency: Duration)
    }

    /// Routes one request; counts KOBIS calls and applies control commands.
    func route(method: String, uri: String, authorization: String? = nil) -> Action {
        let (path, query) = QueryString.split(uri)
        if method == "GET", PosterSearchFake.handles(path) {
            let latency = state.withLock { state -> Duration in
                state.posterSearches += 1
                return state.latency
            }
            let response = PosterSearchFake.answer(path: path, query: query, authorization: authorization)
            return .delayed(response, latency: latency)
        }
        if path.hasPrefix(Self.kobisPathPrefix) {
            let (fault, latency) = state.withLock { state -> (SimulatorFault, Duration) in
                state.calls += 1
                let service = Self.service(ofPath: path)
                state.callsByService[service, default: 0] += 1
                if let targetDt = query["targetDt"] {
                    state.callsByTarget[Self.target(service: service, targetDt: targetDt), default: 0] += 1
                }
                return (state.fault, state.latency)
            }
            logger.debug("KOBIS call", metadata: ["path": "\(path)", "fault": "\(fault.rawValue)"])
            return .kobis(path: path, query: query, fault: fault, latency: latency)
        }
        switch (method, path) {
        case ("GET", "/health"), ("HEAD", "/health"):
            return .answer(.text("ok", status: 200))
        case ("GET", "/_simulator/stats"):
            return .answer(statsResponse())
        case ("POST", "/_simulator/fault"):
            guard let mode = query["mode"].flatMap({ SimulatorFault(rawValue: $0.lowercased()) }) else {
                let modes = SimulatorFault.allCases.map(\.rawValue).joined(separator: ", ")
                return .answer(Self.badRequest("mode must be one of \(modes)"))
            }
            setFault(mode)
            return .answer(statsResponse())
        case ("POST", "/_simulator/latency"):
            guard let text = query["ms"], let milliseconds = Int(text), milliseconds >= 0 else {
                return .answer(Self.badRequest("ms must be a whole number of milliseconds, 0 or more"))
            }
            setLatency(.milliseconds(milliseconds))
            return .answer(statsResponse())
        case ("POST", "/_simulator/reset-stats"):
            resetStats()
            return .answer(statsResponse())
        case (_, "/health"), (_, "/_simulator/stats"), (_, "/_simulator/fault"), (_, "/_simulator/latency"),
            (_, "/_simulator/reset-stats"):
            return .answer(.text("Method Not Allowed", status: 405))
        default:
            return .answer(.notFound)
        }
    }

    /// `movie/searchMovieList` for `/kobisopenapi/webservice/rest/movie/searchMovieList.json`.
    static func service(ofPath path: String) -> String {
        let parts = path.split(separator: "/")
        let tail = parts.suffix(2).joined(separator: "/")
        return tail.hasSuffix(".json") ? String(tail.dropLast(5)) : tail
    }

    /// The key of `callsByTarget`: `boxoffice/searchDailyBoxOfficeList?targetDt=20240315`.
    static func target(service: String, targetDt: String) -> String { "\(service)?targetDt=\(targetDt)" }

    private func statsResponse() -> SimulatorResponse {
        let (calls, byService, byTarget, posterSearches, fault, latency) = state.withLock {
            ($0.calls, $0.callsByService, $0.callsByTarget, $0.posterSearches, $0.fault, $0.latency)
        }
        let object: [String: Any] = [
            "calls": calls, "callsByService": byService, "callsByTarget": byTarget, "fault": fault.rawValue,
            "latencyMs": Self.milliseconds(latency), "posterSearches": posterSearches,
        ]
        // Keys sorted and slashes as they are, so the answer is the same text every time.
        let body = try? JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return .json(body ?? Data("{}".utf8))
    }

    private static func badRequest(_ message: String) -> SimulatorResponse {
        SimulatorResponse(
            status: 400, body: KOBISWireFormat.encode(["error": message]),
            contentType: SimulatorResponse.jsonContentType)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }

    /// The answer to a KOBIS call under `fault`; `nil` for faults that send no answer.
    func kobisAnswer(path: String, query: [String: String], fault: SimulatorFault) -> SimulatorResponse? {
        switch fault {
        case .none, .stall:
            return simulator.respond(path: path, query: query)
        case .malformed:
            let real = simulator.respond(path: path, query: query)
            return SimulatorResponse(
                status: real.status, body: real.body.prefix(real.body.count * 2 / 5), contentType: real.contentType)
        case .http500:
            let html =
                "<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>"
            return SimulatorResponse(status: 500, body: Data(html.utf8), contentType: "text/html;charset=UTF-8")
        case .faultinfo:
            return .json(KOBISWireFormat.invalidKey)
        case .timeout, .reset:
            return nil
        case .nodetails:
            switch KOBISSimulator.Service(path: path) {
            case .movieInfo?: return .json(KOBISWireFormat.emptyMovieInfo)
            case .movieList?:
                return .json(
                    KOBISWireFormat.encode(
                        MovieListResponseDTO(movieListResult: MovieListResultDTO(totalCount: 0, movies: []))))
            default: return simulator.respond(path: path, query: query)
            }
        }
    }
}
