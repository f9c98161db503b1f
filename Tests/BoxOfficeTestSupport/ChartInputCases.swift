public import Testing

/// One chart input as people type it, and whether every surface (pages, API, CLI) accepts it: the table the
/// surfaces' tests share, so a rule that drifts on one of them fails there.
public struct ChartInputCase: Sendable, CustomTestStringConvertible {
    /// The parameter's name: the query name on pages and the API, the option `--name` in the CLI.
    public var name: String
    public var value: String
    public var accepted: Bool

    public var testDescription: String { "\(name)=\(value) \(accepted ? "accepted" : "refused")" }

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
}
