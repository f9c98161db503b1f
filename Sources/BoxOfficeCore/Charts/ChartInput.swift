public import KOBIS

/// The chart inputs people type — a day, a weekly range, the nation, diversity and region filters — read and checked
/// once for the pages, the API and the CLI alike: each surface hands over the text as it came and shows the typed
/// reason it gets back in its own words. Region membership needs KOBIS's list: ``MovieService/checkRegion(of:)``.
public enum ChartInput {
    /// The longest region code read: KOBIS's wide-area codes have 7 digits, and a longer one is refused before
    /// KOBIS's list is consulted.
    public static let maximumAreaLength = 12

    /// A day written `YYYY-MM-DD`.
    public static func date(_ text: String) throws(BoxOfficeError) -> CalendarDate {
        try DayText.parse(text, field: "date")
    }

    /// `week`, `weekend` or `weekdays`, in any case.
    public static func weeklyRange(_ text: String) throws(BoxOfficeError) -> WeeklyRange {
        guard let range = WeeklyRange(contractName: text) else {
            throw .invalid("range", .oneOf(["week", "weekend", "weekdays"]), value: text)
        }
        return range
    }

    /// `K` (Korean) or `F` (foreign), in any case.
    public static func nation(_ text: String) throws(BoxOfficeError) -> NationFilter {
        guard let nation = NationFilter(rawValue: text.uppercased()) else {
            throw .invalid("nation", .oneOf(["K", "F"]), value: text)
        }
        return nation
    }

    /// `Y` (diversity films) or `N` (commercial films), in any case.
    public static func multi(_ text: String) throws(BoxOfficeError) -> MultiMovieFilter {
        guard let multi = MultiMovieFilter(rawValue: text.uppercased()) else {
            throw .invalid("multi", .oneOf(["Y", "N"]), value: text)
        }
        return multi
    }

    /// A region code: 1 to ``maximumAreaLength`` ASCII digits.
    public static func area(_ text: String) throws(BoxOfficeError) -> String {
        guard (1...maximumAreaLength).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw .invalid("area", .regionCode, value: text)
        }
        return text
    }

    /// The filters from their texts; `nil` (or empty) means no filter of that kind.
    public static func filters(nation: String?, multi: String?, area: String?) throws(BoxOfficeError) -> ChartFilters {
        ChartFilters(
            nation: try nonEmpty(nation).map { text throws(BoxOfficeError) in try Self.nation(text) },
            multiMovie: try nonEmpty(multi).map { text throws(BoxOfficeError) in try Self.multi(text) },
            areaCode: try nonEmpty(area).map { text throws(BoxOfficeError) in try Self.area(text) })
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
