import BoxOfficeApp
import BoxOfficeCLI
import BoxOfficeWeb
import Logging

/// `boxoffice serve`'s web app: the one command that needs the web target. It stops within ten seconds of SIGTERM
/// (``BoundedStop``).
struct WebApp: WebAppRunner {
    static func run(
        _ configuration: AppConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        do {
            try await BoundedStop.serve(configuration, logger: logger, onServerRunning: onServerRunning)
        } catch {
            throw ListenFailure(error) ?? error
        }
    }
}
