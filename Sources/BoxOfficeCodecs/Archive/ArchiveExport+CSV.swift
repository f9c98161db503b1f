public import BoxOfficeCore

extension ArchiveExport {
    /// The CSV header: the day, the chart CSV's columns, then the English title (empty where KOBIS gives none).
    public static let csvHeader = ["date"] + ChartEntry.csvHeader + ["titleEnglish"]

    /// One CSV line per chart row (RFC 4180, CRLF line ends), oldest day first, with a header line.
    public static func csv(_ charts: [Chart]) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for (day, entry) in rows(charts) {
            lines.append(RFC4180.exportRecord([day.isoString] + entry.csvFields + [entry.titleEnglish ?? ""]))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
