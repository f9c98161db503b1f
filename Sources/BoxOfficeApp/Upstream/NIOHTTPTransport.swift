import AsyncHTTPClient
import Foundation
import KOBIS
import NIOCore
import NIOPosix

/// ``HTTPTransport`` over an ``UpstreamHTTPClient``'s AsyncHTTPClient, with a deadline per call.
/// Failures become ``KOBISError/timeout`` or ``KOBISError/connectionFailed(_:)`` described without the URL
/// (it carries the API key); a cancelled task gets `CancellationError`.
struct NIOHTTPTransport: HTTPTransport {
    /// Larger answers are refused: KOBIS's biggest (a 100-film movie list page) is well under 1 MB.
    static let maximumBodyBytes = 8 << 20

    let client: HTTPClient
    let timeout: TimeAmount

    func get(_ url: URL) async throws -> HTTPTransportResponse {
        try await get(url, headers: [:])
    }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "BoxOffice-KOBIS/1.0")
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        // The deadline covers the whole call: AsyncHTTPClient's own ends with the answer's head, and an upstream that
        // sends its body slowly, or stops in the middle of it, would otherwise hold the call (and its connection)
        // until it closed the connection, minutes later.
        let deadline = NIODeadline.now() + timeout
        let (client, sent) = (client, request)
        do {
            return try await withThrowingTaskGroup(of: HTTPTransportResponse?.self) { group in
                group.addTask {
                    let response = try await client.execute(sent, deadline: deadline)
                    let body = try await response.body.collect(upTo: Self.maximumBodyBytes)
                    return HTTPTransportResponse(
                        statusCode: Int(response.status.code), body: Data(body.readableBytesView))
                }
                group.addTask {
                    // Cancelled when the call ends first; a cancelled caller cancels both.
                    try await Task.sleep(for: .nanoseconds(max(0, (deadline - .now()).nanoseconds)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let answered = first else {
                    throw HTTPClientError.deadlineExceeded
                }
                return answered
            }
        } catch {
            throw Self.transportError(for: error)
        }
    }

    /// What a failed call throws: the KOBIS client's transport errors, or `CancellationError`.
    static func transportError(for error: any Error) -> any Error {
        if error is CancellationError { return error }
        if let client = error as? HTTPClientError {
            switch client {
            case .cancelled: return CancellationError()
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return KOBISError.timeout
            case .remoteConnectionClosed: return KOBISError.connectionFailed("connection lost")
            default: return KOBISError.connectionFailed("HTTP client error")
            }
        }
        // KOBIS was reached and answered: an answer too large to read is a broken one, not a network failure.
        if error is NIOTooManyBytesError { return KOBISError.malformedResponse("answer too large") }
        if let io = error as? IOError { return KOBISError.connectionFailed(describe(errno: io.errnoCode)) }
        if let connect = error as? NIOConnectionError {
            let errnos = connect.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
            return KOBISError.connectionFailed(errnos.first.map(describe(errno:)) ?? "could not connect")
        }
        if error is ChannelError { return KOBISError.connectionFailed("connection lost") }
        let type = String(describing: Swift.type(of: error))
        if type.contains("SSL") || type.contains("TLS") { return KOBISError.connectionFailed("TLS failure") }
        if type.contains("Resolution") || type.contains("DNS") { return KOBISError.connectionFailed("host not found") }
        return KOBISError.connectionFailed("network error (\(type))")
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused"
        case ECONNRESET, EPIPE: return "connection lost"
        case ENETUNREACH, EHOSTUNREACH: return "no route to host"
        case ETIMEDOUT: return "connection timed out"
        default: return "network error (errno \(code))"
        }
    }

    static func timeAmount(_ seconds: TimeInterval) -> TimeAmount {
        .nanoseconds(Int64((max(0, seconds) * 1_000_000_000).rounded()))
    }
}
