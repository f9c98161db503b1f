import BoxOfficeCore

/// The raw value a table cell gives the page script's keyboard sorting (`data-sort-value`, as the chart and records
/// tables do): a figure sorts by the value it shows (a range by its midpoint), a number as it is; none is "", which
/// sorts last either way.
enum SortValue {
    static func figure(_ figure: Figure?) -> String { figure.map { "\($0.value)" } ?? "" }

    static func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "" }
}
