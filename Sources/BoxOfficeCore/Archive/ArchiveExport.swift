/// Archived daily charts as flat rows, for `boxoffice export` (written as CSV by `BoxOfficeCodecs`).
public enum ArchiveExport {
    /// Every row of `charts` with its chart's first day: oldest day first, each chart's rows in their order.
    public static func rows(_ charts: [Chart]) -> [(day: CalendarDate, entry: ChartEntry)] {
        charts.sorted(by: { $0.range.start < $1.range.start }).flatMap { chart in
            chart.entries.map { (chart.range.start, $0) }
        }
    }
}
