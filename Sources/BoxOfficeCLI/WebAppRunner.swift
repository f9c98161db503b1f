public import BoxOfficeApp
public import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the web app could not listen on its address; a ``WebAppRunner`` throws it for `serve` to say in the reader's
/// language (the socket's own error is English and names no address).
public enum ListenFailure: Error, Sendable, Equatable {
    /// Another process listens there already.
    case addressInUse
    /// The port needs a privilege this process lacks.
    case permissionDenied
    /// No interface of this machine has that address.
    case addressUnavailable

    /// The failure a socket's error stands for (NIO's `IOError` from binding), or nil for any other error.
    public init?(_ error: any Error) {
        guard let error = error as? IOError else { return nil }
        switch error.errnoCode {
        case EADDRINUSE: self = .addressInUse
        case EACCES: self = .permissionDenied
        case EADDRNOTAVAIL: self = .addressUnavailable
        default: return nil
        }
    }

    /// `host:port`, an IPv6 address in brackets (`[::1]:8080`), as URLs write them.
    static func authority(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Runs the web app for `boxoffice serve` until it is stopped. The executable supplies it, so this library (every
/// other command) does not import the web target.
public protocol WebAppRunner {
    /// Builds the web app from `configuration` and serves until a graceful shutdown; `onServerRunning` gets the port.
    static func run(
        _ configuration: AppConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws
}
