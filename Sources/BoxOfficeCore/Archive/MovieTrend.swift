import Foundation

/// A film's run as the archive holds it: one point per archived day on which it was in the daily top 10.
/// The JSON of `/api/v1/movies/{code}/trend`.
public struct MovieTrend: Codable, Sendable, Hashable {
    public var movieCode: String
    /// The title on the latest archived day, or `nil` when the archive has no day of this film.
    public var title: String?
    public var source: ChartSource
    /// Oldest first.
    public var points: [TrendPoint]

    public init(movieCode: String, source: ChartSource, points: [TrendPoint]) {
        self.movieCode = movieCode
        self.title = points.last?.title
        self.source = source
        self.points = points.sorted { $0.date < $1.date }
    }

    /// The highest daily audience, 0 without points.
    public var peakAudience: Int64 { points.map(\.audience).max() ?? 0 }
    /// The best rank, `nil` without points.
    public var bestRank: Int? { points.map(\.rank).min() }

    /// The points as CSV (RFC 4180, CRLF line ends, a header line).
    public var csv: String {
        var lines = [["date", "rank", "audience", "audienceTotal", "sales", "screens", "shows"].joined(separator: ",")]
        for point in points {
            lines.append(
                [
                    point.date.isoString, String(point.rank), String(point.audience), String(point.audienceTotal),
                    String(point.sales), String(point.screens), String(point.shows),
                ].joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
