import ArgumentParser
import BoxOfficeCore
import Foundation

/// Output formats for charts.
enum ChartFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// Output formats for movies and search.
enum DetailFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

/// The filters every chart command takes.
struct ChartFilterOptions: ParsableArguments {
    @Option(help: .words("K는 한국영화, F는 외국영화.", "K for Korean films, F for foreign films."))
    var nation: String?

    @Option(help: .words("Y는 다양성영화(독립·예술영화), N은 상업영화.", "Y for diversity (indie/art) films, N for commercial films."))
    var multi: String?

    @Option(help: .words("지역 코드 (예: 서울은 0105001).", "Region code, e.g. 0105001 for Seoul."))
    var area: String?

    /// The filters, read by the rules pages and API share (``ChartInput``). A form sends an empty filter for "all";
    /// on the command line an option given empty is a mistake, as `records` and `market` say.
    func filters() throws -> ChartFilters {
        try GivenOption.refuseEmpty(["nation": nation, "multi": multi, "area": area])
        return try ChartInput.filters(nation: nation, multi: multi, area: area)
    }
}

/// Parses a `--date` value by the rules pages and API share.
func parseDate(_ text: String) throws -> CalendarDate {
    try ChartInput.date(text)
}
