public import BoxOfficeApp
public import Logging

/// Runs the web app for `boxoffice serve` until it is stopped. The executable supplies it, so this library (every
/// other command) does not import the web target.
public protocol WebAppRunner {
    /// Builds the web app from `configuration` and serves until a graceful shutdown; `onServerRunning` gets the port.
    static func run(
        _ configuration: AppConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws
}
