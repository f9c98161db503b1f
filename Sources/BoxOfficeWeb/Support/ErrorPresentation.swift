import BoxOfficeCore
import Hummingbird
import KOBIS

/// What an error means to a client: an HTTP status and a one-line message.
/// Upstream and storage failures map to 502/503/504, never to 500.
struct ErrorPresentation: Sendable, Equatable {
    var status: HTTPResponse.Status
    var message: String

    init(status: HTTPResponse.Status, message: String) {
        self.status = status
        self.message = message
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
        default:
            self.init(status: .internalServerError, message: "Something went wrong on our side. Please try again.")
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
        case .storage(let message):
            self.init(status: .serviceUnavailable, message: "The local store is unavailable: \(message)")
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

    static func defaultMessage(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return "There is no page at this address."
        case .methodNotAllowed: return "This method is not allowed here."
        default: return status.reasonPhrase
        }
    }
}
