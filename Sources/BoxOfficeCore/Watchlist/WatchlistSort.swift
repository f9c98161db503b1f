/// How a watchlist is ordered.
public enum WatchlistSort: String, CaseIterable, Hashable, Sendable {
    /// By opening date, soonest first; unknown dates last.
    case openDate
    /// Most recently added first (the default).
    case added
    /// By title.
    case title

    /// The `sort` parameter of the watchlist page and `GET /api/v1/watchlist` (any case); none (or empty) is
    /// ``added``.
    public init(parameter: String?) throws(BoxOfficeError) {
        guard let parameter, !parameter.isEmpty else {
            self = .added
            return
        }
        guard let sort = Self.allCases.first(where: { $0.rawValue.lowercased() == parameter.lowercased() }) else {
            throw .invalid("sort", .oneOf(Self.allCases.map(\.rawValue)), value: parameter)
        }
        self = sort
    }
}
