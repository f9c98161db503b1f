/// One unit of sync work: one upstream call when it goes well.
public enum SyncItem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An unfiltered daily or weekly chart.
    case chart(ChartQuery)
    /// A film's details, for its representative nation (Korean vs foreign share).
    case movie(code: String)
    /// A page of the movie list of the films opening in `year` (every nation): the representative nations of
    /// up to 100 films in one call.
    case movieList(year: Int, page: Int)

    public var description: String {
        switch self {
        case .chart(let query) where query.kind == .daily: return query.range.start.isoString
        case .chart(let query): return "\(query.kind.rawValue) \(query.range.start)–\(query.range.end)"
        case .movie(let code): return "movie \(code)"
        case .movieList(let year, let page): return "movie list \(year) page \(page)"
        }
    }
}
