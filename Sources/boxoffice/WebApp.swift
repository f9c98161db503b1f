import BoxOfficeApp
import BoxOfficeCLI
import BoxOfficeWeb
import Hummingbird
import Logging

/// `boxoffice serve`'s web app: the one command that needs the web target.
struct WebApp: WebAppRunner {
    static func run(
        _ configuration: AppConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let app = try await buildApplication(configuration, logger: logger, onServerRunning: onServerRunning)
        try await app.runService()
    }
}
