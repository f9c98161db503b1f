import BoxOfficeCore
import Hummingbird
import KOBIS

/// What an error means to a client: an HTTP status and a one-line message.
/// Upstream and storage failures map to 502/503/504; only an error nothing explains (a bug) is a 500.
/// Messages never carry internals (SQL, driver messages, URLs); the error middleware logs those.
struct ErrorPresentation: Sendable, Equatable {
    var status: HTTPResponse.Status
    var message: String
    /// True when nothing explains the error: a bug. The client gets a generic 500 and the server logs it as an error.
    var isUnexpected: Bool

    static let unexpectedMessage = "Something went wrong on our side. Please try again."
    static let storageUnavailableMessage = "The local store is unavailable right now. Please try again shortly."

    init(status: HTTPResponse.Status, message: String, isUnexpected: Bool = false) {
        self.status = status
        self.message = message
        self.isUnexpected = isUnexpected
    }

    init(_ error: any Error) {
        switch error {
        case let error as BoxOfficeError:
            self.init(error)
        case let error as KOBISError:
            self.init(upstream: error)
        case let error as any HTTPResponseError:
            let body = (error as? HTTPError)?.body
            self.init(status: error.status, message: body ?? Self.defaultMessage(for: error.status))
        case is CancellationError:
            // The client went away or the server is shutting down: nothing failed, it just did not finish.
            self.init(
                status: .serviceUnavailable, message: "The request was cancelled before it finished. Please try again.")
        case let error as DecodingError:
            // Hummingbird's `Request.decode` already answers 400 for bodies; this covers controllers that decode
            // input themselves. Stored data that fails to decode is handled (refetched) below the web layer.
            self.init(status: .badRequest, message: "The request body could not be read: \(Self.describe(error))")
        default:
            if Self.isDatabaseDriverError(error) {
                // The store wraps driver errors in `BoxOfficeError.storage`; this is the safety net for code that does not.
                self.init(status: .serviceUnavailable, message: Self.storageUnavailableMessage)
            } else {
                self.init(status: .internalServerError, message: Self.unexpectedMessage, isUnexpected: true)
            }
        }
    }

    init(_ error: BoxOfficeError) {
        switch error {
        case .invalidDate(let message), .invalidParameter(let message):
            self.init(status: .badRequest, message: message)
        case .notFound(let message):
            self.init(status: .notFound, message: message)
        case .upstream(let upstream):
            self.init(upstream: upstream)
        case .storage:
            self.init(status: .serviceUnavailable, message: Self.storageUnavailableMessage)
        }
    }

    init(upstream error: KOBISError) {
        switch error {
        case .timeout:
            self.init(status: .gatewayTimeout, message: "KOBIS did not answer in time. Please try again later.")
        case .connectionFailed:
            self.init(status: .serviceUnavailable, message: "KOBIS could not be reached (\(error.description)).")
        case .fault, .httpStatus, .malformedResponse, .invalidRequest:
            self.init(status: .badGateway, message: "KOBIS failed: \(error.description).")
        }
    }

    /// Where in the input decoding failed and why, in one line, e.g. `items[1] has the wrong type (expected Int).`
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the body" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing."
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)) must not be null."
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) has the wrong type (expected \(type))."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body is not valid JSON." : "\(path(context.codingPath)) is not valid."
        @unknown default:
            return "the body could not be decoded."
        }
    }

    /// Modules whose errors mean the database failed. The web target does not link the drivers itself,
    /// so they are recognized by the module their type lives in.
    static let databaseDriverModules: Set<String> = [
        "FluentKit", "SQLKit", "SQLiteNIO", "SQLiteKit", "FluentSQLiteDriver", "PostgresNIO", "PostgresKit",
        "FluentPostgresDriver",
    ]

    static func isDatabaseDriverError(_ error: any Error, modules: Set<String> = databaseDriverModules) -> Bool {
        let typeName = String(reflecting: type(of: error))
        guard let module = typeName.split(separator: ".").first else { return false }
        return modules.contains(String(module))
    }

    static func defaultMessage(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return "There is no page at this address."
        case .methodNotAllowed: return "This method is not allowed here."
        default: return status.reasonPhrase
        }
    }
}
