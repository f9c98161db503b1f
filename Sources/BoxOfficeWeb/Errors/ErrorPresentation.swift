import BoxOfficeCore
import BoxOfficeText
import Hummingbird
import KOBIS
import NIOHTTP1
import OpenAPIRuntime

/// What an error means to a client: an HTTP status and a one-line message.
/// Upstream and storage failures map to 502/503 (as the Contract says); only an error nothing explains (a bug) is a 500.
/// Messages never carry internals (SQL, driver messages, URLs); the error middleware logs those.
struct ErrorPresentation: Sendable, Equatable {
    var status: HTTPResponse.Status
    var message: String
    /// True when nothing explains the error: a bug. The client gets a generic 500 and the server logs it as an error.
    var isUnexpected: Bool
    /// Headers the answer carries: `WWW-Authenticate` on the API's 401, `Retry-After` on 429, `Allow` on 405.
    var headers: HTTPFields = [:]

    init(status: HTTPResponse.Status, message: String, isUnexpected: Bool = false) {
        self.status = status
        self.message = message
        self.isUnexpected = isUnexpected
    }

    /// The status and the words for `error`, in `language`; `isAPI` for a JSON route, whose refusals ask for a
    /// token (401) where a page answers 403.
    init(_ error: any Error, language: Language = .english, isAPI: Bool = true) {
        let words = ReasonText(language)
        let t = ErrorStrings.table(for: language)
        switch error {
        case let error as ServerError:
            // The generated routes wrap what went wrong; the answer is the underlying error's.
            self.init(error.underlyingError, language: language, isAPI: isAPI)
        case let error as DiaryError:
            self.init(status: isAPI ? error.apiStatus : error.pageStatus, message: words.diary(error))
            if isAPI, error.apiStatus == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"BoxOffice\"" }
            if let seconds = error.retryAfterSeconds { headers[.retryAfter] = String(seconds) }
        case BoxOfficeError.upstream(.cancelled), KOBISError.cancelled:
            self.init(CancellationError(), language: language, isAPI: isAPI)
        case let error as BoxOfficeError:
            self.init(status: Self.status(of: error), message: words.message(error))
            if case .busy(let seconds) = error { headers[.retryAfter] = String(seconds) }
        case let error as KOBISError:
            self.init(status: Self.status(of: .upstream(error)), message: words.upstream(error))
        case let error as InputProblem:
            self.init(status: .badRequest, message: words.input(error))
        case let error as WebError:
            self.init(status: error.status, message: t.message(error))
            headers = error.headers
        case let error as any HTTPResponseError:
            let body = (error as? HTTPError)?.body
            self.init(status: error.status, message: body ?? t.defaultMessage(for: error.status))
            headers = (error as? HTTPError)?.headers ?? [:]
        case is HTTPParserError:
            // The request itself was malformed, or its body ended early (the client hung up mid-upload): the
            // client's doing, never the server's.
            self.init(status: .badRequest, message: t.defaultMessage(for: .badRequest))
        case is CancellationError:
            // The client went away or the server is shutting down: nothing failed, it just did not finish.
            self.init(status: .serviceUnavailable, message: t.cancelled)
        case let error as DecodingError:
            // Hummingbird's `Request.decode` already answers 400 for bodies; this covers controllers that decode
            // input themselves. Stored data that fails to decode is handled (refetched) below the web layer.
            self.init(status: .badRequest, message: words.input(Self.problem(error)))
        case let error as any HTTPResponseConvertible where Self.isRuntimeRefusal(error):
            // The generated code could not read the request (a missing or unreadable parameter or body).
            self.init(status: error.httpStatus, message: t.defaultMessage(for: error.httpStatus))
        default:
            if Self.isDatabaseDriverError(error) {
                // The store wraps driver errors in `BoxOfficeError.storage`; this is the safety net for code that does not.
                self.init(status: .serviceUnavailable, message: words.storageUnavailable)
            } else {
                self.init(status: .internalServerError, message: t.unexpected, isUnexpected: true)
            }
        }
    }

    static func status(of error: BoxOfficeError) -> HTTPResponse.Status {
        switch error {
        case .invalid: return .badRequest
        case .notFound: return .notFound
        case .storage, .busy: return .serviceUnavailable
        case .upstream(.timeout), .upstream(.connectionFailed), .upstream(.callLimitReached), .upstream(.cancelled):
            return .serviceUnavailable
        case .upstream: return .badGateway
        }
    }

    /// Where in the input decoding failed and why, e.g. `items[1]` has the wrong type.
    static func problem(_ error: DecodingError) -> InputProblem {
        func path(_ codingPath: [any CodingKey]) -> String? {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? nil : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return InputProblem(path(context.codingPath + [key]), .required)
        case .valueNotFound(_, let context):
            return InputProblem(path(context.codingPath), .notNull)
        case .typeMismatch(let type, let context):
            let expected: InputRule.ValueType =
                type is Bool.Type ? .boolean : type is Int.Type ? .wholeNumber : type is Double.Type ? .number : .string
            guard let field = path(context.codingPath) else { return InputProblem(nil, .notJSONObject) }
            return InputProblem(field, valueRules[field] ?? .type(expected))
        case .dataCorrupted(let context):
            guard let field = path(context.codingPath) else { return InputProblem(nil, .notJSON) }
            return InputProblem(field, .invalid)
        @unknown default:
            return InputProblem(nil, .notJSON)
        }
    }

    /// Fields whose rule says more than their JSON type when a value of another type arrives (`"rating": "4.5"` is
    /// answered as any other rating out of range).
    static let valueRules: [String: InputRule] = ["rating": .stars]

    /// Whether `error` is the OpenAPI runtime's own refusal of a request (a 4xx; its error type is not public).
    static func isRuntimeRefusal(_ error: any HTTPResponseConvertible) -> Bool {
        error.httpStatus.code / 100 == 4 && String(reflecting: type(of: error)).hasPrefix("OpenAPIRuntime.")
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
}
