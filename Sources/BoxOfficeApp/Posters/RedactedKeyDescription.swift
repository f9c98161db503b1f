import Foundation

/// A service client that holds an API key: everything that describes it (`print`, string interpolation, `dump`,
/// debuggers) shows its type and base URL, and the key only as `<redacted>`. The synthesized descriptions would
/// print the key.
protocol RedactedKeyDescription: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var baseURL: URL { get }
}

extension RedactedKeyDescription {
    /// `TMDBPosterSource(baseURL: https://api.themoviedb.org/3, apiKey: <redacted>)`.
    var description: String { "\(Self.self)(baseURL: \(baseURL.absoluteString), apiKey: <redacted>)" }
    var debugDescription: String { description }
    /// What `dump` and debuggers show: the base URL, never the key.
    var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL.absoluteString, "apiKey": "<redacted>"], displayStyle: .struct)
    }
}
