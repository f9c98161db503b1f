public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A raw HTTP answer: status and body.
public struct HTTPTransportResponse: Sendable {
    public var statusCode: Int
    public var body: Data
    public init(statusCode: Int, body: Data) {
        self.statusCode = statusCode
        self.body = body
    }
}

/// Performs a GET. The KOBIS client talks only through this protocol, so tests, the built-in
/// simulator (sample mode) and apps can supply their own.
///
/// Implementations throw ``KOBISError/timeout`` or ``KOBISError/connectionFailed(_:)`` for
/// transport failures and `CancellationError` when the calling task is cancelled; any other error is reported as a
/// connection failure.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL) async throws -> HTTPTransportResponse
    /// A GET with request headers (for APIs that take their key in a header, such as poster search).
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse
}

extension HTTPTransport {
    /// Transports that cannot send headers refuse requests that need them rather than dropping them.
    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        guard headers.isEmpty else { throw KOBISError.invalidRequest("this transport cannot send request headers") }
        return try await get(url)
    }
}

/// ``HTTPTransport`` over `URLSession`, with a request timeout.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: URLSession is thread-safe; it is only not marked Sendable on Linux.
    private let session: URLSession

    /// - Parameter timeout: seconds to wait for a response before failing with ``KOBISError/timeout``.
    public init(timeout: TimeInterval = 10) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["Accept": "application/json", "User-Agent": "BoxOffice-KOBIS/1.0"]
        self.session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func get(_ url: URL) async throws -> HTTPTransportResponse {
        try await get(url, headers: [:])
    }

    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return HTTPTransportResponse(statusCode: status, body: data)
        } catch let error as URLError {
            switch error.code {
            case .timedOut:
                throw KOBISError.timeout
            case .cancelled:
                throw CancellationError()
            default:
                // URLError descriptions include the URL, which carries the key: describe by code only.
                throw KOBISError.connectionFailed(URLSessionTransport.describe(error.code))
            }
        } catch {
            throw KOBISError.connectionFailed(String(describing: type(of: error)))
        }
    }

    static func describe(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "no network"
        case .badServerResponse: return "bad server response"
        case .secureConnectionFailed: return "TLS failure"
        default: return "network error \(code.rawValue)"
        }
    }
}
