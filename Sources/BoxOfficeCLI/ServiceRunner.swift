import BoxOfficeCore
import BoxOfficeApp
import BoxOfficeStore
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

    /// The configured database and where it is, opened with the quiet logger; not migrated, and the caller shuts it
    /// down (`admin`, `migrate`: commands that need nothing else).
    static func openDatabase() throws -> (database: BoxOfficeDatabase, location: DatabaseLocation) {
        let configuration = try configuration()
        let location = try DatabaseLocation(
            databaseURL: configuration.databaseURL, workingDirectory: configuration.workingDirectory)
        return (try BoxOfficeDatabase(location: location, logger: quietLogger()), location)
    }

    /// Runs `body` on the services. In sample mode the notice that the data are fictional follows a run that
    /// succeeded: a failure, a mistaken option above all, stays the one line that says it.
    static func run<T>(_ strings: CLIStrings, _ body: (AppServices) async throws -> T) async throws -> T {
        let configuration = try configuration()
        let services = try await AppServices.start(configuration: configuration, logger: quietLogger())
        do {
            let result = try await body(services)
            await services.shutdown()
            if configuration.isSampleMode { Terminal.printNotice(strings.sampleModeNotice) }
            return result
        } catch {
            await services.shutdown()
            throw error
        }
    }
}
