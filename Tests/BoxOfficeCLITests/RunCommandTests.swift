import BoxOfficeTestSupport
import Foundation
import Testing

/// `boxoffice run` end to end: the built binary reads a film's run from the archive a sync filled from
/// `simulate-kobis`, in three formats and two languages, refuses bad input in one line, and never calls KOBIS.
@Suite("boxoffice run against simulate-kobis", .serialized)
struct RunCommandTests {
    @Test("run reads the archive: figures and milestones as a table, the API's JSON, pace points as CSV")
    func run() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10", "--weekly"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let daily = try await cli.run(["daily", "--date", "2024-03-10", "--format", "json"])
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) as? [String: Any])
            let entries = try #require(chart["entries"] as? [[String: Any]])
            let code = try #require(entries.first?["movieCode"] as? String)
            let other = try #require(entries.dropFirst().first?["movieCode"] as? String)
            let calls = try await CLIHarness.statsCalls(server)

            let json = try await cli.run(["run", code, "--vs", other, "--format", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let run = try #require(report["run"] as? [String: Any])
            #expect(run["movieCode"] as? String == code)
            #expect((report["compared"] as? [[String: Any]])?.first?["movieCode"] as? String == other)
            let final = try #require(run["final"] as? [String: Any])
            let audience = try #require(final["audience"] as? [String: Any])
            #expect(audience["quality"] as? String == "floor")
            #expect(audience["value"] as? Double == (entries.first?["audienceTotal"] as? Double))

            let table = try await cli.run(["run", code, "--vs", other, "--lang", "en"])
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout.components(separatedBy: "\nCompared: ").count - 1 == 1, "\(table.stdout)")
            // The heading: the title (English first, the Korean in brackets), then the code after a dot.
            let heading = table.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(heading.contains(" · \(code)") && !heading.contains("(\(code))"), "\(heading)")
            #expect(table.stdout.contains("Total admissions") && table.stdout.contains("≥ "))
            #expect(table.stdout.contains("≥ at least this much (as of the latest archived day)"))
            let korean = try await cli.run(["run", code, "--lang", "ko"])
            #expect(korean.stdout.contains("누적 관객"))

            let csv = try await cli.run(["run", code, "--vs", other, "--format", "csv"])
            #expect(csv.status == 0, "\(csv.stderr)")
            let rows = csv.stdout.split(separator: "\r\n")
            #expect(rows.first == "movieCode,day,date,audience")
            #expect(rows.contains { $0.hasPrefix(other + ",") })

            #expect(try await CLIHarness.statsCalls(server) == calls, "run never calls KOBIS")

            let five = ["--vs", "1", "--vs", "2", "--vs", "3", "--vs", "4", "--vs", "5"]
            let tooMany = try await cli.run(["run", code] + five + ["--lang", "en"])
            #expect(tooMany.status != 0)
            #expect(tooMany.stderr.split(separator: "\n").count == 1, "\(tooMany.stderr)")
            #expect(tooMany.stderr.contains("at most 4") && tooMany.stderr.contains("(5 given), got \"1, 2, 3, 4, 5\""))
            let itself = try await cli.run(["run", code, "--vs", code, "--lang", "ko"])
            #expect(itself.status != 0 && itself.stderr.contains("자신과는 비교할 수 없습니다"))
            let unknown = try await cli.run(["run", "99999999", "--lang", "en"])
            #expect(unknown.status != 0 && unknown.stderr.split(separator: "\n").count == 1)
            let unknownVersus = try await cli.run(["run", code, "--vs", other, "--vs", "99999998", "--lang", "en"])
            #expect(unknownVersus.status != 0 && unknownVersus.stderr.split(separator: "\n").count == 1)
            #expect(unknownVersus.stderr.contains("movie with code 99999998"), "\(unknownVersus.stderr)")
        }
    }

    @Test(
        "a film with stored details but no charted day: its stored title and code in the heading, and the keeper's notice"
    )
    func filmWithoutADay() async throws {
        let cli = try CLIRunner(kobisBaseURL: nil, key: nil)
        defer { cli.cleanUp() }
        // `movie` stores the film's details (sample mode); no chart of the empty archive lists it.
        let movie = try await cli.run(["movie", "20252030", "--format", "json"])
        #expect(movie.status == 0, "\(movie.stderr)")
        let details = try #require(try JSONSerialization.jsonObject(with: Data(movie.stdout.utf8)) as? [String: Any])
        let title = try #require(details["title"] as? String)
        let run = try await cli.run(["run", "20252030", "--lang", "ko"])
        #expect(run.status == 0, "\(run.stderr)")
        // The heading names it by the title its stored details give, then the code once.
        let heading = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            heading.hasPrefix(title + " · 20252030") && heading.components(separatedBy: "20252030").count == 2,
            "\(heading)")
        #expect(run.stderr.contains("보관된 차트에 이 영화가 오른 날이 아직 없습니다"), "\(run.stderr)")
    }
}
