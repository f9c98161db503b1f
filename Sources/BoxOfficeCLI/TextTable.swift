import BoxOfficeText
import Foundation

/// A table for the terminal: columns two spaces apart, each as wide as its widest cell (Korean-width aware),
/// numbers aligned right, no trailing spaces; under an optional title, with a line of its own when it has no rows.
struct TextTable {
    /// A column's header, and whether its cells align right (numbers).
    struct Column {
        var header: String
        var alignRight: Bool

        static func left(_ header: String) -> Column { Column(header: header, alignRight: false) }
        static func right(_ header: String) -> Column { Column(header: header, alignRight: true) }
    }

    var columns: [Column]
    /// One cell per column.
    var rows: [[String]]

    /// The header line and one line per row.
    var lines: [String] {
        // A cell is KOBIS's or a person's text: a newline or an escape sequence in it must not reach the terminal.
        let all = ([columns.map(\.header)] + rows).map { $0.map(Terminal.oneLine) }
        let widths = columns.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return all.map { cells in
            cells.enumerated().map { column, cell in
                DisplayWidth.pad(cell, to: widths[column], alignRight: columns[column].alignRight)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    /// `title`, then the table and `footer` — or `whenEmpty` alone when there are no rows —, every line ended.
    func rendered(title: String? = nil, whenEmpty: String, footer: [String] = []) -> String {
        let body = rows.isEmpty ? [Terminal.oneLine(whenEmpty)] : lines + footer.map(Terminal.oneLine)
        return ((title.map { [Terminal.oneLine($0)] } ?? []) + body).map { $0 + "\n" }.joined()
    }
}
