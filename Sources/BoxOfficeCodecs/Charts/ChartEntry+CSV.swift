public import BoxOfficeCore
import Foundation

extension ChartEntry {
    /// The CSV columns of a chart row (`boxoffice daily --format csv`, `boxoffice export`).
    public static let csvHeader = [
        "rank", "change", "changeAmount", "movieCode", "title", "openDate", "audience", "audienceTotal", "sales",
        "salesShare", "salesTotal", "screens", "shows",
    ]

    /// This row's values in ``csvHeader``'s order, not yet escaped.
    public var csvFields: [String] {
        [
            String(rank), change.kindName, String(change.amount), movieCode, title, openDate?.isoString ?? "",
            String(audience), String(audienceTotal), String(sales), String(format: "%.1f", salesShare),
            String(salesTotal), String(screens), String(shows),
        ]
    }
}

extension RFC4180 {
    /// A field of an export for spreadsheets: numbers as they are (a negative rank change stays a number),
    /// anything else formula-guarded and quoted when needed.
    public static func exportField(_ value: String) -> String {
        Double(value) != nil ? value : quote(escapeFormula(value))
    }

    /// One export record, without its line end.
    public static func exportRecord(_ fields: [String]) -> String {
        fields.map(exportField).joined(separator: ",")
    }
}
