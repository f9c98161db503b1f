import ArgumentParser
import BoxOfficeStore
import BoxOfficeWeb
import Foundation
import Hummingbird
import KOBISSimulator
import Logging

/// `boxoffice serve`: the web app.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the web app.")

    @Option(help: "Address to listen on (default: BOXOFFICE_HOSTNAME or 127.0.0.1).")
    var hostname: String?

    @Option(help: "Port to listen on (default: PORT or 8080; 0 picks a free port).")
    var port: Int?

    func run() async throws {
        MallocArenas.limitForServer(environment: ProcessInfo.processInfo.environment)
        var configuration = try ServiceRunner.configuration()
        if let hostname { configuration.hostname = hostname }
        if let port {
            guard (0...65535).contains(port) else { throw CLIError("--port must be from 0 to 65535, got \(port)") }
            configuration.port = port
        }
        var logger = Logger(label: "boxoffice")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let sampleMode = configuration.isSampleMode
        let host = configuration.hostname
        let app = try await buildApplication(
            configuration, logger: logger,
            onServerRunning: { port in
                let shownHost = host == "0.0.0.0" ? "127.0.0.1" : host
                Terminal.write(
                    "BoxOffice is running at http://\(shownHost):\(port)/"
                        + (sampleMode ? " (sample mode: fictional data; set KOBIS_API_KEY for real charts)" : "") + "\n"
                )
            })
        try await app.runService()
    }
}

/// `boxoffice migrate`: create or update the database schema.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or update the database schema (run once per deploy).")

    func run() async throws {
        let configuration = try ServiceRunner.configuration()
        let location = try DatabaseLocation(
            databaseURL: configuration.databaseURL, workingDirectory: configuration.workingDirectory)
        let database = try BoxOfficeDatabase(location: location, logger: ServiceRunner.quietLogger())
        do {
            try await database.migrate()
        } catch {
            await database.shutdown()
            throw CLIError("migration failed on \(location): \(CLIError.describe(error))")
        }
        await database.shutdown()
        Terminal.write("database is up to date: \(location)\n")
    }
}

/// `boxoffice simulate-kobis`: a fake KOBIS over HTTP for tests, demos and benchmarks.
struct SimulateKOBISCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate-kobis",
        abstract: "Serve the built-in KOBIS simulator over HTTP (the exact KOBIS wire format).")

    @Option(help: "Port to listen on (0 picks a free port).")
    var port: Int = 9100

    @Option(name: .customLong("latency-ms"), help: "Delay every KOBIS answer by this many milliseconds.")
    var latencyMilliseconds: Int = 0

    @Option(help: "Fault to inject: none, http500, malformed, faultinfo, timeout, reset.")
    var fault: String = "none"

    func run() async throws {
        guard (0...65535).contains(port) else { throw CLIError("--port must be from 0 to 65535, got \(port)") }
        guard latencyMilliseconds >= 0 else { throw CLIError("--latency-ms must be 0 or more") }
        guard let mode = SimulatorFault(rawValue: fault.lowercased()) else {
            throw CLIError(
                "--fault must be one of \(SimulatorFault.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(fault)\""
            )
        }
        var logger = Logger(label: "simulate-kobis")
        logger.logLevel = .warning
        let server = SimulatorServer(
            host: "127.0.0.1", port: port, latency: .milliseconds(latencyMilliseconds), fault: mode, logger: logger)
        try await server.start()
        Terminal.write(
            "simulate-kobis: serving KOBIS at \(server.baseURL.absoluteString) (fault: \(mode.rawValue), latency: \(latencyMilliseconds) ms)\n"
        )
        await SignalWaiter.waitForTermination()
        let calls = server.callCount
        try await server.stop()
        Terminal.write("simulate-kobis: served \(calls) KOBIS calls\n")
    }
}
