import BoxOfficeCore
import BoxOfficeText

/// The wide chart table (wide screens; phones keep the compact rows): KOBIS's columns as kobis.or.kr shows them,
/// each cell with the value the page script sorts by (`data-sort-value`; an empty one sorts last).
struct ChartTableViewModel: Sendable {
    /// A column heading after rank, change and title: numbers align right and sort largest first.
    struct Column: Sendable {
        var label: String
        /// `number` or `text` (`data-sort-type`).
        var sortType: String
    }

    /// A figure cell.
    struct Cell: Sendable {
        var text: String
        var sortValue: String
    }

    /// One film's row.
    struct Row: Sendable {
        var rank: Int
        var changeSymbol: String
        var changeClass: String
        var spokenLabel: String
        /// New films first, then the biggest climbs: `data-sort-value` of the change column.
        var changeOrder: Int
        var title: String
        var originalTitle: String?
        var movieCode: String
        var movieURL: String
        var diaryURL: String
        var cells: [Cell]
    }

    var columns: [Column]
    var rows: [Row]

    init(chart: Chart, compactRows: [ChartRowViewModel], words: ChartTableStrings) {
        columns = [
            Column(label: words.openDate, sortType: "text"), Column(label: words.dayOfRun, sortType: "number"),
            Column(label: words.audience, sortType: "number"), Column(label: words.sales, sortType: "number"),
            Column(label: words.salesShare, sortType: "number"), Column(label: words.audienceTotal, sortType: "number"),
            Column(label: words.salesTotal, sortType: "number"), Column(label: words.screens, sortType: "number"),
            Column(label: words.shows, sortType: "number"), Column(label: words.perShow, sortType: "number"),
        ]
        rows = zip(chart.entries, compactRows).map { entry, compact in
            let dayOfRun = chart.dayOfRun(of: entry)
            let perShow = entry.audiencePerShow
            func number(_ value: Int64) -> Cell { Cell(text: NumberFormatting.thousands(value), sortValue: "\(value)") }
            let cells = [
                Cell(text: entry.openDate?.isoString ?? words.none, sortValue: entry.openDate?.isoString ?? ""),
                Cell(text: words.dayOfRun(dayOfRun), sortValue: dayOfRun.map(String.init) ?? ""),
                number(entry.audience), number(entry.sales),
                Cell(text: NumberFormatting.percent(entry.salesShare), sortValue: "\(entry.salesShare)"),
                number(entry.audienceTotal), number(entry.salesTotal), number(Int64(entry.screens)),
                number(Int64(entry.shows)),
                Cell(
                    text: perShow.map { NumberFormatting.fixed($0, decimals: 1) } ?? words.none,
                    sortValue: perShow.map { "\($0)" } ?? ""),
            ]
            let changeOrder: Int =
                switch entry.change {
                case .new: 1_000_000
                case .up(let steps): steps
                case .down(let steps): -Int(clamping: steps.magnitude)
                case .same: 0
                }
            return Row(
                rank: entry.rank, changeSymbol: compact.changeSymbol, changeClass: compact.changeClass,
                spokenLabel: compact.spokenLabel, changeOrder: changeOrder, title: compact.title,
                originalTitle: compact.originalTitle, movieCode: compact.movieCode, movieURL: compact.movieURL,
                diaryURL: compact.diaryURL, cells: cells)
        }
    }
}
