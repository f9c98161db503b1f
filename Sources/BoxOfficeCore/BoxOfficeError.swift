public import Foundation
public import KOBIS

/// Errors the domain reports to the web app and the CLI, each with a message fit for users.
public enum BoxOfficeError: Error, Sendable, Equatable {
    /// A malformed, impossible, future or too-early date (HTTP 400).
    case invalidDate(String)
    /// An unknown filter value or parameter (HTTP 400).
    case invalidParameter(String)
    /// No such movie (HTTP 404).
    case notFound(String)
    /// KOBIS failed and nothing was stored to fall back on (HTTP 502/503).
    case upstream(KOBISError)
    /// The store failed.
    case storage(String)

    /// A one-line message for people.
    public var message: String {
        switch self {
        case .invalidDate(let message), .invalidParameter(let message), .notFound(let message),
            .storage(let message):
            return message
        case .upstream(let error):
            return error.description
        }
    }
}

extension BoxOfficeError: LocalizedError {
    public var errorDescription: String? { message }
}
