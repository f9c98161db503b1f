import BoxOfficeApp
import BoxOfficeCLI
import BoxOfficeWeb
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `boxoffice serve`'s web app: the one command that needs the web target. It stops within ten seconds of SIGTERM
/// (``BoundedStop``).
struct WebApp: WebAppRunner {
    static func run(
        _ configuration: AppConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        do {
            try await BoundedStop.serve(configuration, logger: logger, onServerRunning: onServerRunning)
        } catch let error as IOError {
            switch error.errnoCode {
            case EADDRINUSE: throw ListenFailure.addressInUse
            case EACCES: throw ListenFailure.permissionDenied
            case EADDRNOTAVAIL: throw ListenFailure.addressUnavailable
            default: throw error
            }
        }
    }
}
