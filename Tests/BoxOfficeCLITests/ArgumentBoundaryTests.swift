import BoxOfficeTestSupport
import Foundation
import Testing

/// Command-line values at and past every edge end in one line naming the option on stderr and a non-zero exit,
/// never a trap (docs/ARCHITECTURE.md, "Untrusted input never traps").
@Suite("CLI arguments at their boundaries")
struct ArgumentBoundaryTests {
    @Test(
        "a boundary value is a refusal naming the option, never a crash",
        arguments: [
            ["daily", "--date", "9999-12-31"], ["daily", "--date", "10000-01-01"], ["daily", "--date", "2023-02-29"],
            ["weekly", "--date", "9999-12-31"], ["weekly", "--date", "0001-01-01"],
            ["sync", "--from", "0001-01-01", "--to", "9999-12-31"],
            ["sync", "--from", "9999-12-31", "--to", "9999-12-31"],
            ["sync", "--from", "2024-03-01", "--to", "2024-03-02", "--concurrency", "0"],
            ["sync", "--from", "2024-03-01", "--to", "2024-03-02", "--concurrency", "9223372036854775807"],
            ["sync", "--from", "2024-03-01", "--to", "2024-03-02", "--concurrency", "9223372036854775808"],
            ["sync", "--from", "2024-03-01", "--to", "2024-03-02", "--budget=-1"],
            ["sync", "--from", "2024-03-01", "--to", "2024-03-02", "--budget=0"],
            ["top", "--month", "9999-12"], ["top", "--month", "10000-01"], ["top", "--month", "0000-00"],
            ["top", "--year=9999"], ["top", "--year=0"], ["top", "--year=-1"], ["top", "--year=10000"],
            ["top", "--month", "2024-01", "--limit", "9223372036854775807"], ["export", "--month", "9999-12"],
            ["search", "x", "--page", "9223372036854775807"], ["search", "x", "--page=-1"],
            ["search", "x", "--year", "9223372036854775807"], ["daily", "--area", "99999999999999999999999"],
            ["serve", "--port", "99999"], ["serve", "--port=-1"], ["simulate-kobis", "--port", "99999"],
            ["simulate-kobis", "--latency-ms=-1"],
        ])
    func refused(arguments: [String]) async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(arguments + ["--lang", "en"])
        #expect(result.status == 1 || result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
        #expect(!result.stderr.contains("crashed") && !result.stderr.contains("Fatal error"), "\(result.stderr)")
        let refusal = result.stderrLines.filter { $0.hasPrefix("boxoffice:") }
        #expect(refusal.count == 1, "\(arguments): \(result.stderr)")
        let options = arguments.filter { $0.hasPrefix("--") }.compactMap { $0.split(separator: "=").first }
        #expect(options.contains { refusal.first?.contains($0) == true }, "\(arguments): \(result.stderr)")
    }
}

/// The chart inputs every surface shares (``ChartInputCase``), given to `boxoffice daily`: accepted values print a
/// chart, refused ones one line and a non-zero exit, as the pages and the API answer 200 or 400.
@Suite("Chart inputs: the CLI reads them by the pages' and API's rule")
struct ChartInputCLITests {
    @Test("boxoffice daily accepts and refuses what the pages and the API do")
    func daily() async throws {
        try await CLIHarness.withSimulator { _, cli in
            for input in ChartInputCase.all {
                var arguments = ["daily", "--format", "csv"]
                if input.name != "date" { arguments += ["--date", "2024-03-15"] }
                // `--name=value`: a value may start with a dash, which the parser would otherwise read as an option.
                arguments.append("--\(input.name)=\(input.value)")
                let result = try await cli.run(arguments)
                #expect((result.status == 0) == input.accepted, "\(input.testDescription): \(result.stderr)")
                if !input.accepted { #expect(result.stderrLines.count == 1, "\(input.testDescription)") }
            }
        }
    }

    @Test("boxoffice top accepts and refuses the period values the pages and the API do")
    func top() async throws {
        try await CLIHarness.withSimulator { _, cli in
            for input in ChartInputCase.period {
                let result = try await cli.run(["top", "--format", "csv"] + input.options)
                #expect((result.status == 0) == input.accepted, "\(input.testDescription): \(result.stderr)")
                if !input.accepted { #expect(result.stderrLines.count == 1, "\(input.testDescription)") }
            }
        }
    }

    @Test("boxoffice search accepts and refuses the year and page values the pages and the API do")
    func search() async throws {
        try await CLIHarness.withSimulator { _, cli in
            for input in ChartInputCase.search {
                let result = try await cli.run(["search", "극", "--format", "json"] + input.options)
                #expect((result.status == 0) == input.accepted, "\(input.testDescription): \(result.stderr)")
                if !input.accepted { #expect(result.stderrLines.count == 1, "\(input.testDescription)") }
            }
        }
    }
}
