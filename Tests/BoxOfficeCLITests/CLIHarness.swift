import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import KOBISSimulator
import Logging
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `boxoffice sync`, `top` and `export` end to end: the built binary against `simulate-kobis` over HTTP on loopback.

/// What the CLI tests share: a simulator server on loopback, its counters, the archive a run left.
enum CLIHarness {
    /// A simulator server on loopback and a runner pointed at it; with `tripwire`, the server counts its calls there.
    static func withSimulator(
        fault: SimulatorFault = .none, latency: Duration = .zero, tripwire: SimulatorTripwire? = nil,
        _ body: (SimulatorServer, CLIRunner) async throws -> Void
    ) async throws {
        let server = SimulatorServer(
            host: "127.0.0.1", port: 0, latency: latency, fault: fault,
            logger: tripwire?.logger ?? Logger(label: "test"))
        try await server.start()
        let runner = try CLIRunner(kobisBaseURL: server.baseURL)
        defer { runner.cleanUp() }
        do {
            try await body(server, runner)
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    /// KOBIS calls served, as `/_simulator/stats` reports them.
    static func statsCalls(_ server: SimulatorServer) async throws -> Int {
        let url = URL(string: "http://127.0.0.1:\(server.port)/_simulator/stats")!
        let (data, _) = try await URLSession.shared.data(from: url)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["calls"] as? Int)
    }

    static func setFault(_ server: SimulatorServer, _ mode: String) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/_simulator/fault?mode=\(mode)")!)
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    static func days(_ from: String, _ to: String) -> [CalendarDate] {
        let start = CalendarDate(from)!
        return (0...start.days(to: CalendarDate(to)!)).map { start.adding(days: $0) }
    }

    /// The films in the simulator's daily top 10s of `days`.
    static func films(_ days: [CalendarDate]) -> Set<String> {
        let simulator = KOBISSimulator()
        return Set(days.flatMap { simulator.dailyBoxOffice($0).entries.map(\.movieCode) })
    }

    /// Films whose details the archive holds (each cost one call), read from the runner's SQLite file.
    static func storedFilms(_ cli: CLIRunner) async throws -> Int {
        let path = cli.directory.appendingPathComponent("test.sqlite").path
        let database = try BoxOfficeDatabase(location: .sqlite(path: path), logger: Logger(label: "test"))
        do {
            let count = try await database.rowCount(of: "movies")
            await database.shutdown()
            return count
        } catch {
            await database.shutdown()
            throw error
        }
    }

    static let chartService = "boxoffice/searchDailyBoxOfficeList"
    static let listService = "movie/searchMovieList"
    static let detailsService = "movie/searchMovieInfo"

    /// A run's "film nations: …" summary line.
    struct NationLine: Equatable {
        var lookedUp: Int
        var planned: Int
        var fromLists: Int
        var listPages: Int
        var fromDetails: Int
        var fromStore: Int
    }

    static func nationLine(_ stdout: String) throws -> NationLine {
        if stdout.contains("film nations: every film's nation is already in the archive.") {
            return NationLine(lookedUp: 0, planned: 0, fromLists: 0, listPages: 0, fromDetails: 0, fromStore: 0)
        }
        let pattern =
            #/film nations: (\d+) of (\d+) looked up(?: so far)? \((\d+) from (\d+) movie-list page\(s\), (\d+) from film details\), (\d+) from the store/#
        let match = try #require(stdout.firstMatch(of: pattern), "\(stdout)")
        return NationLine(
            lookedUp: Int(match.1)!, planned: Int(match.2)!, fromLists: Int(match.3)!, listPages: Int(match.4)!,
            fromDetails: Int(match.5)!, fromStore: Int(match.6)!)
    }

    /// The representative nations the archive holds, by movie code, read from the runner's SQLite file.
    static func storedNations(_ cli: CLIRunner) async throws -> [String: String] {
        let path = cli.directory.appendingPathComponent("test.sqlite").path
        let database = try BoxOfficeDatabase(location: .sqlite(path: path), logger: Logger(label: "test"))
        do {
            let nations = try await database.storedNations()
            await database.shutdown()
            return nations
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// Forgets the English titles of the runner's SQLite file as an upgrade from a store without them leaves it.
    static func forgetEnglishTitles(_ cli: CLIRunner) async throws {
        let path = cli.directory.appendingPathComponent("test.sqlite").path
        let database = try BoxOfficeDatabase(location: .sqlite(path: path), logger: Logger(label: "test"))
        do {
            try await database.forgetEnglishTitles()
            await database.shutdown()
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// Every film of `days` has the representative nation the simulator's movie details give it.
    static func expectNationsMatchDetails(_ cli: CLIRunner, _ days: [CalendarDate]) async throws {
        let simulator = KOBISSimulator()
        let nations = try await storedNations(cli)
        for film in films(days) {
            let details = try #require(simulator.movieInfo(code: film), "\(film)")
            #expect(nations[film] == details.nations.first?.name, "\(film)")
        }
    }

    /// The days the archive holds, from `boxoffice export --format json`.
    static func archivedDays(_ cli: CLIRunner, _ from: String, _ to: String) async throws -> [String] {
        let result = try await cli.run(["export", "--from", from, "--to", to, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let charts = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return charts.compactMap { ($0["range"] as? [String: String])?["start"] }
    }
}
