public import Testing

/// One input as people type it — a chart's, a period's, a search's — and whether every surface (pages, API, CLI)
/// accepts it: the tables the surfaces' tests share, so a rule that drifts on one of them fails there.
public struct ChartInputCase: Sendable, CustomTestStringConvertible {
    /// The parameter's name: the query name on pages and the API, the option `--name` in the CLI.
    public var name: String
    public var value: String
    public var accepted: Bool
    /// Parameters given with it (`to` with `from`), in order.
    public var also: [(name: String, value: String)] = []

    public init(name: String, value: String, accepted: Bool, also: [(name: String, value: String)] = []) {
        self.name = name
        self.value = value
        self.accepted = accepted
        self.also = also
    }

    public var testDescription: String {
        let given = ([(name, value)] + also).map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return "\(given) \(accepted ? "accepted" : "refused")"
    }

    /// The URL query of the case.
    public var query: String { ([(name, value)] + also).map { "\($0.0)=\($0.1)" }.joined(separator: "&") }

    /// The CLI's options of the case, `--name=value` (a value may start with a dash).
    public var options: [String] { ([(name, value)] + also).map { "--\($0.0)=\($0.1)" } }

    /// Every case; valid days are left to each surface (they depend on its clock): these dates are all refused.
    public static let all: [ChartInputCase] = [
        .init(name: "nation", value: "K", accepted: true), .init(name: "nation", value: "f", accepted: true),
        .init(name: "nation", value: "X", accepted: false), .init(name: "nation", value: "KF", accepted: false),
        .init(name: "multi", value: "Y", accepted: true), .init(name: "multi", value: "n", accepted: true),
        .init(name: "multi", value: "Q", accepted: false),
        .init(name: "area", value: "0105001", accepted: true), .init(name: "area", value: "0105002", accepted: true),
        .init(name: "area", value: "999", accepted: false), .init(name: "area", value: "01a", accepted: false),
        .init(name: "area", value: "0105001000000", accepted: false),
        .init(name: "area", value: "12345678901234567890", accepted: false),
        .init(name: "area", value: "-0105001", accepted: false),
        .init(name: "date", value: "2024-3-15", accepted: false),
        .init(name: "date", value: "2024-02-30", accepted: false),
        .init(name: "date", value: "20240315", accepted: false),
        .init(name: "date", value: "9999-12-31", accepted: false),
        .init(name: "date", value: "0001-01-01", accepted: false),
    ]

    /// A period chart's inputs (`/charts/period`, `GET /api/v1/charts/period`, `boxoffice top`): days in 2020, which
    /// every surface's clock has passed.
    public static let period: [ChartInputCase] = [
        .init(name: "month", value: "2020-01", accepted: true), .init(name: "month", value: "2020-13", accepted: false),
        .init(name: "month", value: "2020-1", accepted: false), .init(name: "month", value: "abc", accepted: false),
        .init(name: "year", value: "2019", accepted: true), .init(name: "year", value: "19", accepted: false),
        .init(name: "year", value: "9999", accepted: false),
        .init(name: "limit", value: "1", accepted: true), .init(name: "limit", value: "100", accepted: true),
        .init(name: "limit", value: "0", accepted: false), .init(name: "limit", value: "101", accepted: false),
        .init(name: "limit", value: "-1", accepted: false), .init(name: "limit", value: "ten", accepted: false),
        .init(name: "from", value: "2020-01-01", accepted: true, also: [("to", "2020-01-31")]),
        .init(name: "from", value: "2020-01-31", accepted: false, also: [("to", "2020-01-01")]),
        .init(name: "from", value: "2020-01-01", accepted: false),
        .init(name: "to", value: "2020-01-31", accepted: false),
        .init(name: "from", value: "2020-1-1", accepted: false, also: [("to", "2020-01-31")]),
        .init(name: "month", value: "2020-01", accepted: false, also: [("year", "2020")]),
    ]

    /// The market's days (`/market/days`, `GET /api/v1/market/days`, `boxoffice market days`): read as a period
    /// chart's, at most 366 days, from 2004 on.
    public static let marketDays: [ChartInputCase] = [
        .init(name: "year", value: "2019", accepted: true), .init(name: "year", value: "19", accepted: false),
        .init(name: "year", value: "2003", accepted: false), .init(name: "year", value: "9999", accepted: false),
        .init(name: "year", value: "twenty", accepted: false),
        .init(name: "month", value: "2020-02", accepted: true), .init(name: "month", value: "2020-13", accepted: false),
        .init(name: "from", value: "2020-01-01", accepted: true, also: [("to", "2020-12-31")]),
        .init(name: "from", value: "2019-01-01", accepted: false, also: [("to", "2020-01-02")]),
        .init(name: "from", value: "2020-01-31", accepted: false, also: [("to", "2020-01-01")]),
        .init(name: "from", value: "2003-12-31", accepted: false, also: [("to", "2004-01-31")]),
        .init(name: "to", value: "2020-01-31", accepted: false),
        .init(name: "month", value: "2020-01", accepted: false, also: [("year", "2020")]),
    ]

    /// The market's holiday windows (`/market/holidays`, `GET /api/v1/market/holidays`, `boxoffice market holidays`).
    public static let marketHolidays: [ChartInputCase] = [
        .init(name: "holiday", value: "seollal", accepted: true),
        .init(name: "holiday", value: "chuseok", accepted: true),
        .init(name: "holiday", value: "christmas", accepted: false),
        .init(name: "holiday", value: "1", accepted: false),
    ]

    /// A movie search's inputs besides its words (`/movies?q=`, `GET /api/v1/movies`, `boxoffice search`).
    public static let search: [ChartInputCase] = [
        .init(name: "year", value: "2019", accepted: true), .init(name: "year", value: "1899", accepted: false),
        .init(name: "year", value: "2101", accepted: false), .init(name: "year", value: "twenty", accepted: false),
        .init(name: "page", value: "1", accepted: true), .init(name: "page", value: "2", accepted: true),
        .init(name: "page", value: "0", accepted: false), .init(name: "page", value: "10001", accepted: false),
        .init(name: "page", value: "-2", accepted: false), .init(name: "page", value: "x", accepted: false),
    ]
}
