import BoxOfficeCore
import BoxOfficeApp
import Foundation
import Logging

/// Builds the app's services from the environment for one command, and closes them afterwards.
enum ServiceRunner {
    static func configuration() throws -> AppConfiguration {
        try AppConfiguration(environment: ProcessInfo.processInfo.environment)
    }

    /// Logs from commands other than `serve` go to stderr and only when something is wrong.
    static func quietLogger() -> Logger {
        var logger = Logger(label: "boxoffice") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .critical
        return logger
    }

    static func run<T>(_ strings: CLIStrings, _ body: (AppServices) async throws -> T) async throws -> T {
        let configuration = try configuration()
        if configuration.isSampleMode { Terminal.printNotice(strings.sampleModeNotice) }
        let services = try await AppServices.start(configuration: configuration, logger: quietLogger())
        do {
            let result = try await body(services)
            await services.shutdown()
            return result
        } catch {
            await services.shutdown()
            throw error
        }
    }
}
