import BoxOfficeCore
import Hummingbird

/// The "add to my diary" link of a chart row: `/notes/new?movie=CODE&chartDate=…&rank=…`, so the note keeps
/// the chart day (the chart's first day) and the rank the movie had on it; `lang` is the page's explicit language.
enum DiaryChartLinks {
    static func url(for entry: ChartEntry, in chart: Chart, lang: String?) -> String {
        LinkBuilder.link(
            "/notes/new",
            [
                ("movie", entry.movieCode), ("chartDate", chart.range.start.isoString), ("rank", String(entry.rank)),
                ("lang", lang),
            ])
    }
}
