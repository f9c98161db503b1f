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
        CommandConfiguration(commandName: "serve", abstract: HelpLanguage.words("웹 앱을 실행합니다.", "Run the web app."))
    }

    @Option(
        help: .words(
            "대기할 주소 (기본값: BOXOFFICE_HOSTNAME 또는 127.0.0.1).",
            "Address to listen on (default: BOXOFFICE_HOSTNAME or 127.0.0.1)."))
    var hostname: String?

    @Option(
        help: .words(
            "대기할 포트 (기본값: PORT 또는 8080; 0이면 빈 포트).", "Port to listen on (default: PORT or 8080; 0 picks a free port)."))
    var port: Int?

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        MallocArenas.limitForServer(environment: ProcessInfo.processInfo.environment)
        OpenFileLimit.raiseForServer()
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
        do {
            try await Runner.run(
                configuration, logger: logger,
                onServerRunning: { port in
                    // Every address's loopback stands in for "all of them", which a browser cannot open.
                    let shownHost = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
                    let url = "http://\(ListenFailure.authority(shownHost, port))/"
                    Terminal.write(strings.serverRunning(url, sampleMode: sampleMode) + "\n")
                })
        } catch let failure as ListenFailure {
            throw CLIError(strings.cannotListen(failure, address: ListenFailure.authority(host, configuration.port)))
        }
    }

}

/// `boxoffice migrate`: create or update the database schema.
struct MigrateCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "migrate",
            abstract: HelpLanguage.words(
                "데이터베이스 스키마를 만들거나 올립니다 (배포마다 한 번).", "Create or update the database schema (run once per deploy)."))
    }

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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "simulate-kobis",
            abstract: HelpLanguage.words(
                "내장 KOBIS 시뮬레이터를 HTTP로 띄웁니다 (KOBIS와 같은 응답 형식).",
                "Serve the built-in KOBIS simulator over HTTP (the exact KOBIS wire format)."))
    }

    @Option(help: .words("대기할 포트 (0이면 빈 포트).", "Port to listen on (0 picks a free port)."))
    var port: Int = 9100

    @Option(
        name: .customLong("latency-ms"),
        help: .words("KOBIS의 모든 응답을 이만큼 늦춥니다 (밀리초).", "Delay every KOBIS answer by this many milliseconds."))
    var latencyMilliseconds: Int = 0

    @Option(
        help: .words(
            "일으킬 장애: " + SimulatorFault.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            "Fault to inject: " + SimulatorFault.allCases.map(\.rawValue).joined(separator: ", ") + "."))
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
        do {
            try await server.start()
        } catch {
            guard let failure = ListenFailure(error) else { throw error }
            throw CLIError(strings.cannotListen(failure, address: ListenFailure.authority("127.0.0.1", port)))
        }
        Terminal.write(
            strings.simulatorServing(
                server.baseURL.absoluteString, fault: mode.rawValue, latencyMilliseconds: latencyMilliseconds) + "\n")
        await SignalWaiter.waitForTermination()
        let calls = server.callCount
        try await server.stop()
        Terminal.write(strings.simulatorServed(calls) + "\n")
    }
}
