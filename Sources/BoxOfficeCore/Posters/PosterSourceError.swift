import Foundation

/// A poster service answered something other than a usable result.
public struct PosterSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The service's ``PosterSource/name``.
    public var source: String
    /// What went wrong, without the service's key.
    public var reason: String
    /// Creates an error of `source`.
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }
    /// `<source> poster search failed: <reason>`.
    public var description: String { "\(source) poster search failed: \(reason)" }
}
