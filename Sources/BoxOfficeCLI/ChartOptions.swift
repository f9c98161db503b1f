public import ArgumentParser
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

extension NationFilter: ExpressibleByArgument {
    init?(argument: String) { self.init(rawValue: argument.uppercased()) }
    static var allValueStrings: [String] { ["K", "F"] }
}

extension MultiMovieFilter: ExpressibleByArgument {
    init?(argument: String) { self.init(rawValue: argument.uppercased()) }
    static var allValueStrings: [String] { ["Y", "N"] }
}

/// The filters every chart command takes.
struct ChartFilterOptions: ParsableArguments {
    @Option(help: "K for Korean films, F for foreign films.")
    var nation: NationFilter?

    @Option(help: "Y for diversity (indie/art) films, N for commercial films.")
    var multi: MultiMovieFilter?

    @Option(help: "Region code, e.g. 0105001 for Seoul.")
    var area: String?

    func filters() throws -> ChartFilters {
        if let area, !(area.count <= 12 && !area.isEmpty && area.allSatisfy({ $0.isASCII && $0.isNumber })) {
            throw BoxOfficeError.invalid("area", .regionCode, value: area)
        }
        return ChartFilters(nation: nation, multiMovie: multi, areaCode: area)
    }
}

/// Parses a `--date` value.
func parseDate(_ text: String) throws -> CalendarDate {
    guard let date = CalendarDate(text) else {
        throw BoxOfficeError.invalid("date", .dayFormat, value: text)
    }
    return date
}
