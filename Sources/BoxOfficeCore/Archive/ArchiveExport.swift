import Foundation

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
