import BoxOfficeCore
import Foundation
import Hummingbird
import Logging

/// Logs one line per request (info; error for 5xx) with the request id, method, path, matched route,
/// status and duration as metadata, and echoes the request id in an `X-Request-ID` response header.
///
/// The id is the client's `X-Request-ID` when it is sane, else the one Hummingbird generated. It
/// replaces `hb.request.id` on the request's logger, so every later log line of the request carries it.
///
/// Never logged: headers (`Authorization`, `Cookie`, …), bodies, and query values other than a few
/// harmless filter parameters; other query parameters appear by name only.
struct RequestLoggingMiddleware<Context: RequestContext>: RouterMiddleware {
    static var requestIDHeader: HTTPFields.Element.Name { .xRequestID }
    static var requestIDMetadataKey: String { "hb.request.id" }
    /// Query parameters whose values are worth logging and never secret.
    static var loggedQueryParameters: Set<String> {
        ["date", "range", "nation", "multi", "area", "year", "page", "lang", "format"]
    }
    static var maximumRequestIDLength: Int { 128 }
    static var maximumPathLength: Int { 256 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        if let incoming = request.headers[Self.requestIDHeader], Self.isSaneRequestID(incoming) {
            context.logger[metadataKey: Self.requestIDMetadataKey] = .string(incoming)
        }
        let requestID = context.logger[metadataKey: Self.requestIDMetadataKey]?.description ?? ""
        let started = ContinuousClock.now
        do {
            var response = try await next(request, context)
            if !requestID.isEmpty { response.headers[Self.requestIDHeader] = requestID }
            // A 503 that says when to come back is a refusal the server chose (its line of password checks was full):
            // a flood's every one is not an error.
            let refused = response.status == .serviceUnavailable && response.headers[.retryAfter] != nil
            log(request, context: context, status: response.status, started: started, refused: refused)
            return response
        } catch {
            // The error middleware answers almost everything; what still escapes becomes a 500 (or its own status).
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            log(request, context: context, status: status, started: started)
            throw error
        }
    }

    private func log(
        _ request: Request, context: Context, status: HTTPResponse.Status, started: ContinuousClock.Instant,
        refused: Bool = false
    ) {
        // The line's metadata (the path redacted, the query parsed) is only made when the line is written.
        let level: Logger.Level = status.code >= 500 && !refused ? .error : .info
        guard context.logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue),
            "path": .string(Self.loggablePath(request.uri.path)),
            "status": .stringConvertible(status.code),
            "duration_ms": .string(Self.milliseconds(ContinuousClock.now - started)),
        ]
        if let route = context.endpointPath { metadata["route"] = .string(route) }
        if let query = Self.loggableQuery(request.formParameters) { metadata["query"] = .string(query) }
        context.logger.log(level: level, "request", metadata: metadata)
    }

    /// 1–128 characters from `A-Z a-z 0-9 . _ : -`: safe to log and to echo in a header.
    static func isSaneRequestID(_ value: String) -> Bool {
        (1...maximumRequestIDLength).contains(value.utf8.count)
            && value.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"),
                    UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            }
    }

    /// The path as sent (still percent-encoded), a personal feed's secret replaced (``redactingSecrets(_:)``), cut to
    /// a sane length, anything unprintable escaped.
    static func loggablePath(_ path: String) -> String {
        let printable = escapingUnprintable(redactingSecrets(path))
        guard printable.count > maximumPathLength else { return printable }
        return String(printable.prefix(maximumPathLength)) + "…"
    }

    /// `path` with the segment after `/feeds/u/` (a person's secret feed address), and any segment that holds what
    /// starts a secret (`bf_`, also behind an encoded slash), written `<secret>`: the secret is a credential that calendar apps send in the path. Segments
    /// are compared percent-decoded and case-insensitively, `.` and `..` taken as a browser would and after any run
    /// of slashes, so no spelling of the address slips through, whether it reaches the route or not.
    static func redactingSecrets(_ path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var previous: [String] = []
        for index in segments.indices {
            let decoded = (segments[index].removingPercentEncoding ?? segments[index]).lowercased()
            if decoded.contains(FeedAddressService.secretPrefix)
                || (!decoded.isEmpty && decoded != "." && decoded != ".." && previous.suffix(2) == ["feeds", "u"])
            {
                segments[index] = "<secret>"
            }
            switch decoded {
            case "", ".": break
            case "..": _ = previous.popLast()
            default: previous.append(decoded)
            }
        }
        return segments.joined(separator: "/")
    }

    /// `name=value` for the harmless parameters, the bare name for the others (`<secret>` for one that holds what
    /// starts a feed's secret), the first ``maximumLoggedParameters`` and how many more; `nil` without a query.
    static func loggableQuery(_ parameters: Parameters) -> String? {
        guard !parameters.isEmpty else { return nil }
        let logged = parameters.prefix(maximumLoggedParameters).map { element in
            if element.key.lowercased().contains(FeedAddressService.secretPrefix) { return "<secret>" }
            let name = escapingUnprintable(String(element.key.prefix(32)))
            guard loggedQueryParameters.contains(name) else { return name }
            return "\(name)=\(escapingUnprintable(String(element.value.prefix(32))))"
        }.joined(separator: "&")
        let more = parameters.count - maximumLoggedParameters
        return more > 0 ? logged + "&…(\(more) more)" : logged
    }

    /// Query parameters a request line names at most.
    static var maximumLoggedParameters: Int { 32 }

    static func escapingUnprintable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + attoseconds / 10_000_000_000_000
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
