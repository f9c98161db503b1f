public import BoxOfficeCore

extension ArchiveExport {
    /// The CSV header: the day, then the chart CSV's columns.
    public static let csvHeader = ["date"] + ChartEntry.csvHeader

    /// One CSV line per chart row (RFC 4180, CRLF line ends), oldest day first, with a header line.
    public static func csv(_ charts: [Chart]) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for (day, entry) in rows(charts) {
            lines.append(RFC4180.exportRecord([day.isoString] + entry.csvFields))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
