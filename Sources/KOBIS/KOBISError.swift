public import Foundation

/// Everything that can go wrong talking to KOBIS, each kind distinct so callers can react
/// (serve a stale chart, tell the user to fix their key, retry later).
public enum KOBISError: Error, Sendable, Hashable, Codable {
    /// KOBIS answered with `faultInfo` (HTTP 200). `code` and `message` are KOBIS's own.
    case fault(code: String, message: String)
    /// The server answered with a non-2xx HTTP status.
    case httpStatus(Int)
    /// No answer within the timeout.
    case timeout
    /// The connection could not be made or was cut (DNS, refused, reset).
    case connectionFailed(String)
    /// The body was not the JSON KOBIS sends (truncated, HTML, wrong shape).
    case malformedResponse(String)
    /// The request was refused before sending (e.g. `itemPerPage` over 10).
    case invalidRequest(String)
    /// The caller's own daily call limit refused the call before it was sent (KOBIS allows a key 3,000 calls a
    /// day; a transport that counts calls throws this past its limit).
    case callLimitReached
    /// The caller's task was cancelled before KOBIS answered (the server stopping, a sync interrupted): nothing
    /// failed upstream, and the call may simply be made again.
    case cancelled

    /// KOBIS fault code for an invalid or missing key.
    public static let invalidKeyCode = "320010"
    /// KOBIS fault code for a missing `targetDt`.
    public static let missingDateCode = "320102"
    /// KOBIS fault code for a `targetDt` not in `YYYYMMDD`.
    public static let malformedDateCode = "320103"

    /// True for failures worth retrying later (timeouts, connection trouble, 5xx, 429).
    public var isTransient: Bool {
        switch self {
        case .timeout, .connectionFailed, .cancelled: return true
        case .httpStatus(let status): return status >= 500 || status == 429
        case .malformedResponse: return true
        case .fault, .invalidRequest, .callLimitReached: return false
        }
    }

    /// True when KOBIS rejected the key.
    public var isInvalidKey: Bool {
        if case .fault(let code, _) = self { return code == Self.invalidKeyCode }
        return false
    }
}

extension KOBISError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .fault(let code, let message):
            return "KOBIS error \(code): \(message)"
        case .httpStatus(let status):
            return "KOBIS answered HTTP \(status)"
        case .timeout:
            return "KOBIS did not answer in time"
        case .connectionFailed(let reason):
            return "could not reach KOBIS: \(reason)"
        case .malformedResponse(let reason):
            return "KOBIS sent a response that could not be read: \(reason)"
        case .invalidRequest(let reason):
            return "invalid KOBIS request: \(reason)"
        case .callLimitReached:
            return "today's KOBIS call limit is reached"
        case .cancelled:
            return "the KOBIS call was cancelled before it was answered"
        }
    }
}

extension KOBISError: CustomStringConvertible {
    public var description: String { errorDescription ?? "KOBIS error" }
}
