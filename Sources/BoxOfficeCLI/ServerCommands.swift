import ArgumentParser
import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeApp
import Foundation
import KOBISSimulator
import Logging

/// `boxoffice serve`: the web app, run by `Runner` (the executable's, so this library does not import the web target).
struct ServeCommand<Runner: WebAppRunner>: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "serve", abstract: "Run the web app.")
    }

    @Option(help: "Address to listen on (default: BOXOFFICE_HOSTNAME or 127.0.0.1).")
    var hostname: String?

    @Option(help: "Port to listen on (default: PORT or 8080; 0 picks a free port).")
    var port: Int?

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        MallocArenas.limitForServer(environment: ProcessInfo.processInfo.environment)
        var configuration = try ServiceRunner.configuration()
        if let hostname { configuration.hostname = hostname }
        if let port {
            guard (0...65535).contains(port) else {
                throw BoxOfficeError.invalid("port", .wholeNumber(0...65535), value: String(port))
            }
            configuration.port = port
        }
        var logger = Logger(label: "boxoffice")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let sampleMode = configuration.isSampleMode
        let host = configuration.hostname
        try await Runner.run(
            configuration, logger: logger,
            onServerRunning: { port in
                let shownHost = host == "0.0.0.0" ? "127.0.0.1" : host
                Terminal.write(strings.serverRunning("http://\(shownHost):\(port)/", sampleMode: sampleMode) + "\n")
            })
    }
}

/// `boxoffice migrate`: create or update the database schema.
struct MigrateCommand: AsyncParsableCommand, LocalizedCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or update the database schema (run once per deploy).")

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let (database, location) = try ServiceRunner.openDatabase()
        do {
            try await database.migrate()
        } catch {
            await database.shutdown()
            throw CLIError(strings.migrationFailed("\(location)", CLIError.describe(error, language: language)))
        }
        await database.shutdown()
        Terminal.write(strings.databaseUpToDate("\(location)") + "\n")
    }
}

/// `boxoffice simulate-kobis`: a fake KOBIS over HTTP for tests, demos and benchmarks.
struct SimulateKOBISCommand: AsyncParsableCommand, LocalizedCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate-kobis",
        abstract: "Serve the built-in KOBIS simulator over HTTP (the exact KOBIS wire format).")

    @Option(help: "Port to listen on (0 picks a free port).")
    var port: Int = 9100

    @Option(name: .customLong("latency-ms"), help: "Delay every KOBIS answer by this many milliseconds.")
    var latencyMilliseconds: Int = 0

    @Option(help: "Fault to inject: none, http500, malformed, faultinfo, timeout, reset.")
    var fault: String = "none"

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        guard (0...65535).contains(port) else {
            throw BoxOfficeError.invalid("port", .wholeNumber(0...65535), value: String(port))
        }
        guard latencyMilliseconds >= 0 else {
            throw BoxOfficeError.invalid("latency-ms", .atLeast(0), value: String(latencyMilliseconds))
        }
        guard let mode = SimulatorFault(rawValue: fault.lowercased()) else {
            throw BoxOfficeError.invalid("fault", .oneOf(SimulatorFault.allCases.map(\.rawValue)), value: fault)
        }
        var logger = Logger(label: "simulate-kobis")
        logger.logLevel = .warning
        let server = SimulatorServer(
            host: "127.0.0.1", port: port, latency: .milliseconds(latencyMilliseconds), fault: mode, logger: logger)
        try await server.start()
        Terminal.write(
            strings.simulatorServing(
                server.baseURL.absoluteString, fault: mode.rawValue, latencyMilliseconds: latencyMilliseconds) + "\n")
        await SignalWaiter.waitForTermination()
        let calls = server.callCount
        try await server.stop()
        Terminal.write(strings.simulatorServed(calls) + "\n")
    }
}
