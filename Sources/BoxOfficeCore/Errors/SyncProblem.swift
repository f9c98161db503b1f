public import KOBIS

/// Why a sync item failed or a run stopped, as a typed reason: the surfaces word it (Codable, so a background
/// job can store it and an administrator read it later in their own language).
public enum SyncProblem: Error, Sendable, Hashable, Codable {
    /// KOBIS has no details for this film.
    case noDetails(movieCode: String)
    /// KOBIS failed: a fault (an invalid key among them), an HTTP status, a time-out, a cut connection, an
    /// answer that could not be read.
    case upstream(KOBISError)
    /// The archive could not be read or written before anything was fetched; the detail is a diagnostic.
    case archiveUnavailable(detail: String)
    /// The archive could not store what was fetched; the detail is a diagnostic.
    case storeFailed(detail: String)
    /// The work was cancelled.
    case cancelled
    /// Nothing above explains it; the detail is a diagnostic.
    case other(detail: String)

    /// True when KOBIS refused the key: every further call would fail the same way.
    public var rejectsEveryCall: Bool {
        if case .upstream(let error) = self { return error.isInvalidKey }
        return false
    }
}
