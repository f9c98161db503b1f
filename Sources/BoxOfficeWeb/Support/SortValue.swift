import BoxOfficeCore

/// The raw value a table cell gives the page script's keyboard sorting (`data-sort-value`, as the chart and records
/// tables do): a figure sorts by the value it shows (a range by its midpoint), a number as it is; none is "", which
/// sorts last either way.
enum SortValue {
    static func figure(_ figure: Figure?) -> String { figure.map { number($0.value) } ?? "" }

    /// A whole value without its ".0" (366 rows of sales a page); the range check keeps `Int64(_:)` from trapping.
    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "" }
}
