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

/// Archived daily charts as flat rows, for `boxoffice export`.
public enum ArchiveExport {
    /// The CSV header: the day, then the chart CSV's columns.
    public static let csvHeader = ["date"] + ChartEntry.csvHeader

    /// One CSV line per chart row (RFC 4180, CRLF line ends), oldest day first, with a header line.
    public static func csv(_ charts: [Chart]) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for chart in charts.sorted(by: { $0.range.start < $1.range.start }) {
            for entry in chart.entries {
                lines.append(RFC4180.exportRecord([chart.range.start.isoString] + entry.csvFields))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
