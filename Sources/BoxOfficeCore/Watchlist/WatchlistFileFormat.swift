/// A watchlist file format as a request's `format` parameter names it (``WatchlistExportFormat``,
/// ``WatchlistImportFormat``).
public protocol WatchlistFileFormat: RawRepresentable<String>, CaseIterable {}

extension WatchlistFileFormat {
    /// Parses a format's name (any case); a missing value is a 400 asking for one, another a 400 naming the choices.
    public init(parameter: String?) throws(BoxOfficeError) {
        guard let parameter, !parameter.isEmpty else { throw .invalid("format", .required) }
        guard let format = Self(rawValue: parameter.lowercased()) else {
            throw .invalid("format", .oneOf(Self.allCases.map(\.rawValue)), value: parameter)
        }
        self = format
    }
}
