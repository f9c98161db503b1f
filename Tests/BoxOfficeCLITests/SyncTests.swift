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
@Suite("boxoffice sync, top and export against simulate-kobis", .serialized)
struct SyncTests {
    /// A simulator server on loopback and a runner pointed at it; with `tripwire`, the server counts its calls there.
    static func withSimulator(
        latency: Duration = .zero, tripwire: SimulatorTripwire? = nil,
        _ body: (SimulatorServer, CLIRunner) async throws -> Void
    ) async throws {
        let server = SimulatorServer(
            host: "127.0.0.1", port: 0, latency: latency, logger: tripwire?.logger ?? Logger(label: "test"))
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

    @Test("exactly one call per missing day (plus list pages or details for each new film's nation); none on a rerun")
    func oneCallPerMissingDay() async throws {
        try await Self.withSimulator { server, cli in
            let first = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-05", "--concurrency", "4"])
            #expect(first.status == 0, "\(first.stderr)")
            let early = Self.days("2024-02-01", "2024-02-05")
            let firstNations = try Self.nationLine(first.stdout)
            // Every film looked up once, from a list page or its details; every call is a day, a page or a film.
            #expect(firstNations.planned == Self.films(early).count)
            #expect(firstNations.lookedUp == firstNations.planned)
            #expect(firstNations.fromLists + firstNations.fromDetails == firstNations.planned)
            #expect(server.callCount(service: Self.chartService) == early.count)
            #expect(server.callCount(service: Self.listService) == firstNations.listPages)
            #expect(server.callCount(service: Self.detailsService) == firstNations.fromDetails)
            #expect(
                try await Self.statsCalls(server)
                    == early.count + firstNations.listPages + firstNations.fromDetails)
            try await Self.expectNationsMatchDetails(cli, early)

            // Widening the range fetches only the new days and looks up only the films not seen before, and not
            // even those that a list page of the first run named (it stored every film of the page).
            let wide = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-12", "--concurrency", "4"])
            #expect(wide.status == 0, "\(wide.stderr)")
            let all = Self.days("2024-02-01", "2024-02-12")
            let wideNations = try Self.nationLine(wide.stdout)
            #expect(wideNations.planned <= Self.films(all).count - Self.films(early).count)
            #expect(wideNations.fromLists + wideNations.fromDetails == wideNations.planned)
            #expect(server.callCount(service: Self.chartService) == all.count)
            #expect(
                try await Self.statsCalls(server)
                    == all.count + firstNations.listPages + firstNations.fromDetails + wideNations.listPages
                    + wideNations.fromDetails)
            try await Self.expectNationsMatchDetails(cli, all)
            #expect(wide.stdout.contains("7 of 7 charts fetched (7 missing, 0 provisional); 5 already settled."))
            #expect(wide.stdout.contains("The archive holds every day of the range."))

            let callsBefore = try await Self.statsCalls(server)
            let rerun = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-12"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stdout.contains("KOBIS calls: 0 (0 retries)"))
            #expect(rerun.stdout.contains("film nations: every film's nation is already in the archive."))
            #expect(try await Self.statsCalls(server) == callsBefore)
            #expect(try await Self.archivedDays(cli, "2024-02-01", "2024-02-12") == all.map(\.isoString))
        }
    }

    @Test("resume after SIGKILL mid-run: the next run fetches exactly the days that were not stored")
    func resumeAfterKill() async throws {
        let tripwire = SimulatorTripwire()
        try await Self.withSimulator(latency: .milliseconds(40), tripwire: tripwire) { server, cli in
            let arguments = ["sync", "--from", "2023-01-01", "--to", "2023-03-31", "--concurrency", "2"]
            // Let it archive a few days (and look up their films): from the 25th call on KOBIS answers nothing, so
            // the run is certainly still under way when it is killed without warning, however late that is.
            tripwire.arm(after: 24) { server.setFault(.timeout) }
            let process = try cli.start(arguments)
            try #require(await Wait.until("the sync's 24th KOBIS call") { tripwire.hasTripped })
            kill(process.processIdentifier, SIGKILL)
            _ = try await cli.finish(process)
            #expect(process.terminationReason == .uncaughtSignal)
            let callsAtKill = try await Self.statsCalls(server)
            let listCallsAtKill = server.callCount(service: Self.listService)
            let stored = try await Self.archivedDays(cli, "2023-01-01", "2023-03-31")
            let storedDetails = try await Self.storedFilms(cli)
            let storedNations = try await Self.storedNations(cli)
            #expect(stored.count >= 5 && stored.count < 90, "\(stored.count)")
            // Film lookups (list pages for 2022's and 2023's films) ran alongside the charts.
            #expect(listCallsAtKill > 0)
            #expect(!storedNations.isEmpty)
            // Lost: at most the calls in flight and the answers not stored yet (twice the concurrency of 2).
            #expect(callsAtKill - stored.count - storedDetails - listCallsAtKill <= 4)

            server.setFault(.none)
            let resumed = try await cli.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let all = Self.days("2023-01-01", "2023-03-31")
            let newCalls = try await Self.statsCalls(server) - callsAtKill
            let nations = try Self.nationLine(resumed.stdout)
            // Every missing day once, and each film whose nation was not stored yet (by a details call or a list
            // page, which stores every film it lists) looked up once (from a list page or its details); nothing
            // stored again.
            #expect(nations.planned == Self.films(all).subtracting(storedNations.keys).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(newCalls == (all.count - stored.count) + nations.listPages + nations.fromDetails)
            #expect(resumed.stdout.contains("\(stored.count) already settled"))
            #expect(try await Self.archivedDays(cli, "2023-01-01", "2023-03-31") == all.map(\.isoString))
            try await Self.expectNationsMatchDetails(cli, all)
        }
    }

    @Test(
        "Ctrl-C: the calls in flight finish and are stored, the run says how to continue, and continuing fetches the rest"
    )
    func interrupt() async throws {
        let tripwire = SimulatorTripwire()
        try await Self.withSimulator(latency: .milliseconds(40), tripwire: tripwire) { server, cli in
            let arguments = ["sync", "--from", "2023-04-01", "--to", "2023-05-31", "--concurrency", "3"]
            // From the 10th call on KOBIS answers after 3 seconds: the run is still under way (for about a minute)
            // when Ctrl-C comes, however late that is, and the calls in flight then still finish.
            tripwire.arm(after: 9) { server.setLatency(.seconds(3)) }
            let process = try cli.start(arguments)
            try #require(await Wait.until("the sync's 9th KOBIS call") { tripwire.hasTripped })
            kill(process.processIdentifier, SIGINT)
            let result = try await cli.finish(process)
            #expect(result.status == 130, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("stopping after the calls in flight"))
            #expect(result.stdout.contains("Interrupted: "))
            #expect(result.stderr.contains("Continue with: boxoffice sync --from 2023-04-01 --to 2023-05-31"))
            let callsAtStop = try await Self.statsCalls(server)
            let stored = try await Self.archivedDays(cli, "2023-04-01", "2023-05-31")
            let storedDetails = try await Self.storedFilms(cli)
            let storedNations = try await Self.storedNations(cli)
            let listCalls = server.callCount(service: Self.listService)
            #expect(
                stored.count + storedDetails + listCalls == callsAtStop, "every call made before the stop was stored")

            server.setLatency(.zero)
            let resumed = try await cli.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let all = Self.days("2023-04-01", "2023-05-31")
            let nations = try Self.nationLine(resumed.stdout)
            #expect(nations.planned == Self.films(all).subtracting(storedNations.keys).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(
                try await Self.statsCalls(server) - callsAtStop
                    == (all.count - stored.count) + nations.listPages + nations.fromDetails)
            try await Self.expectNationsMatchDetails(cli, all)
        }
    }

    @Test("stops cleanly at the budget, says how to continue, and continuing finishes the job")
    func budget() async throws {
        try await Self.withSimulator(latency: .milliseconds(20)) { server, cli in
            let stopped = try await cli.run([
                "sync", "--from", "2024-02-01", "--to", "2024-02-10", "--budget", "4", "--concurrency", "4",
            ])
            #expect(stopped.status == 2)
            #expect(stopped.stderr.contains("Continue with: boxoffice sync --from 2024-02-01 --to 2024-02-10"))
            #expect(try await Self.statsCalls(server) == 4)
            // The four calls are the first days' charts and, once a chart has been stored, maybe a lookup of its
            // films (lookups go first): which, depends on how soon the call slots start, so the report is checked
            // against what was called. The days stored are the first ones; their films are all counted.
            let charts = server.callCount(service: Self.chartService)
            #expect(charts >= 1)
            let stored = Self.days("2024-02-01", "2024-02-10").prefix(charts)
            #expect(try await Self.archivedDays(cli, "2024-02-01", "2024-02-10") == stored.map(\.isoString))
            let first = try Self.nationLine(stopped.stdout)
            #expect(first.planned == Self.films(Array(stored)).count)
            #expect(first.listPages == server.callCount(service: Self.listService))
            #expect(first.fromDetails == server.callCount(service: Self.detailsService))
            #expect(charts + first.listPages + first.fromDetails == 4)
            #expect(first.lookedUp == first.fromLists + first.fromDetails)
            let filmsLeft = first.planned - first.lookedUp
            #expect(
                stopped.stdout.contains(
                    "Stopped at the call budget of 4: \(10 - charts + filmsLeft) item(s) left (\(10 - charts) chart(s), "
                        + "\(filmsLeft) film(s))."),
                "\(stopped.stdout)")

            // Continuing fetches the other days and looks up every film whose nation is not stored yet.
            let known = try await Self.storedNations(cli)
            let continued = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-10"])
            #expect(continued.status == 0, "\(continued.stderr)")
            let all = Self.days("2024-02-01", "2024-02-10")
            let nations = try Self.nationLine(continued.stdout)
            #expect(nations.planned == Self.films(all).subtracting(known.keys).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(
                try await Self.statsCalls(server)
                    == 4 + (all.count - charts) + nations.listPages + nations.fromDetails)
            try await Self.expectNationsMatchDetails(cli, all)
        }
    }

    @Test(
        "transient faults are retried with backoff and the sync completes",
        arguments: ["http500", "malformed", "reset"])
    func transientFaults(mode: String) async throws {
        let tripwire = SimulatorTripwire()
        try await Self.withSimulator(tripwire: tripwire) { server, cli in
            try await Self.setFault(server, mode)
            // The first call meets the fault; the server clears it as that call arrives, so the retry succeeds.
            tripwire.arm(after: 1) { server.setFault(.none) }
            let result = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--concurrency", "1"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("retrying 2024-02-01 (attempt 2)"), "\(result.stderr)")
            #expect(!result.stdout.contains("(0 retries)"))
            #expect(result.stdout.contains("The archive holds every day of the range."))
            let days = Self.days("2024-02-01", "2024-02-02")
            #expect(try await Self.archivedDays(cli, "2024-02-01", "2024-02-02") == days.map(\.isoString))
        }
    }

    @Test("a rejected key stops the sync at once with KOBIS's message")
    func invalidKey() async throws {
        try await Self.withSimulator { server, cli in
            try await Self.setFault(server, "faultinfo")
            let result = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-28", "--concurrency", "2"])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "boxoffice: KOBIS refused the API key (320010); check KOBIS_API_KEY. (KOBIS: \"유효하지않은 키값입니다.\")"),
                "\(result.stderr)"
            )
            #expect(!result.stderr.contains("testkey"))
            #expect(try await Self.statsCalls(server) <= 2)
        }
    }

    @Test("permanent faults are not retried and are reported per day at the end")
    func permanentFaults() async throws {
        try await Self.withSimulator { server, cli in
            // A wrong service path: the simulator answers HTTP 404 for every call.
            var broken = cli
            broken.environment["KOBIS_BASE_URL"] = server.baseURL.absoluteString + "/v0"
            let result = try await broken.run(["sync", "--from", "2024-02-01", "--to", "2024-02-03"])
            #expect(result.status == 1)
            for day in ["2024-02-01", "2024-02-02", "2024-02-03"] {
                #expect(
                    result.stderr.contains("boxoffice: \(day): KOBIS failed: it answered HTTP 404."), "\(result.stderr)"
                )
            }
            #expect(result.stdout.contains("3 item(s) failed"))
            #expect(result.stdout.contains("(0 retries)"))
            #expect(try await Self.statsCalls(server) == 3)
        }
    }

    @Test(
        "bad arguments: one clear line and a non-zero exit, no call",
        arguments: [
            (["sync", "--from", "2024-02-10", "--to", "2024-02-01"], "after"),
            (["sync", "--from", "2024-02-01", "--to", "2999-01-01"], "future"),
            (["sync", "--from", "2024-02-30", "--to", "2024-03-01"], "YYYY-MM-DD"),
            (["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--concurrency", "0"], "concurrency"),
            (["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--budget", "0"], "budget"),
            (["top", "--month", "2024-13"], "YYYY-MM"),
            (["top", "--from", "2024-02-01"], "--from and --to go together"),
            (["export", "--year", "2024", "--format", "xml"], "format"),
        ])
    func badArguments(arguments: [String], mention: String) async throws {
        try await Self.withSimulator { server, cli in
            let result = try await cli.run(arguments)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            let errorLines = result.stderrLines.filter { !$0.hasPrefix("note:") && !$0.hasPrefix("(see") }
            #expect(errorLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(mention), "\(result.stderr)")
            #expect(try await Self.statsCalls(server) == 0)
        }
    }

    @Test("the progress bar redraws in place on a pseudo-terminal; plain lines otherwise")
    func progressBar() async throws {
        try await Self.withSimulator(latency: .milliseconds(30)) { _, cli in
            let arguments = ["sync", "--from", "2022-01-01", "--to", "2022-01-20", "--concurrency", "2"]
            // python3's pty module gives the child a terminal on stdin, stdout and stderr.
            let script = "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))"
            let tty = try await cli.finish(
                try cli.start(["python3", "-c", script, CLIRunner.binary.path] + arguments, executable: "/usr/bin/env"))
            #expect(tty.status == 0, "\(tty.stdout)\(tty.stderr)")
            let screen = tty.stdout
            let pages = try Self.nationLine(screen).listPages
            let total = 20 + Self.films(Self.days("2022-01-01", "2022-01-20")).count + pages
            #expect(screen.contains("\r\u{1B}[2Ksync ["), "the bar is redrawn in place")
            #expect(screen.contains("░"))
            #expect(screen.contains("█"))
            #expect(screen.contains("0/20  0%  ETA --:--"))
            #expect(screen.contains("] \(total)/\(total)  100%  "), "charts, films and list pages counted together")
            #expect(screen.contains("/s"))
            #expect(screen.contains("films "))
            #expect(screen.contains("charts 20/20"))
            #expect(screen.components(separatedBy: "\u{1B}[2Ksync [").count - 1 >= 3, "several frames")

            let known = try await Self.storedNations(cli)
            let plain = try await cli.run(["sync", "--from", "2022-02-01", "--to", "2022-02-20", "--concurrency", "2"])
            #expect(plain.status == 0)
            #expect(!plain.stderr.contains("\r"))
            #expect(!plain.stderr.contains("\u{1B}"))
            #expect(plain.stderr.contains("sync: 20 charts to fetch, 0 already archived"))
            // Films whose nation the January run stored (its films, and every film its list pages named) need no
            // lookup.
            let plainTotal =
                20 + Self.films(Self.days("2022-02-01", "2022-02-20")).subtracting(known.keys).count
                + (try Self.nationLine(plain.stdout).listPages)
            #expect(plain.stderr.contains("sync: \(plainTotal)/\(plainTotal)  100%"))
            // A line at every tenth: the percentages climb and end at 100.
            let percents = plain.stderrLines.compactMap { line -> Int? in
                guard let match = line.firstMatch(of: #/^sync: \d+/\d+  (\d+)%/#) else { return nil }
                return Int(match.1)
            }
            #expect(percents.count >= 5, "\(plain.stderr)")
            #expect(percents == percents.sorted() && Set(percents).count == percents.count)
            #expect(percents.last == 100)
        }
    }

    @Test(
        "a year's sync: 365 chart calls, a few list pages, details only for years with few films; every nation the one details give; a rerun makes no call"
    )
    func yearFromLists() async throws {
        try await Self.withSimulator { server, cli in
            let result = try await cli.run(["sync", "--from", "2023-01-01", "--to", "2023-12-31", "--concurrency", "8"])
            #expect(result.status == 0, "\(result.stderr)")
            let days = Self.days("2023-01-01", "2023-12-31")
            let films = Self.films(days)
            // The films by opening year (as the charts give it): 2022's still showing in January, 2023's, and
            // 2024's previewed in December.
            let simulator = KOBISSimulator()
            var byYear: [Int: [String]] = [:]
            for film in films {
                let info = try #require(simulator.movieInfo(code: film))
                byYear[try #require(info.openDate).year, default: []].append(film)
            }
            let threshold = 5
            // A year with at least 5 films is listed (latest opening first, 100 a page): page 1, then further pages
            // while fewer pages are left than its films not found yet; the films left get details, and so do the
            // films of a year with fewer than 5. (As if all of a year's films wait when its pages are read: true
            // enough here, as 2022's films are all in January's charts and 2023's outnumber its pages at once.)
            var pages = 0
            var details = 0
            for (year, codes) in byYear {
                guard codes.count >= threshold else {
                    details += codes.count
                    continue
                }
                var list: [String] = []
                var pageCount = 0
                var unknown = Set(codes)
                var page = 0
                repeat {
                    page += 1
                    let answer = simulator.movieList(
                        MovieListRequest(page: page, itemsPerPage: 100, openStartYear: year, openEndYear: year))
                    pageCount = (answer.totalCount + 99) / 100
                    list += answer.movies.map(\.movieCode)
                    unknown.subtract(list)
                } while page < pageCount && pageCount - page < unknown.count
                pages += page
                details += unknown.count
            }
            let nations = try Self.nationLine(result.stdout)
            #expect(server.callCount(service: Self.chartService) == 365)
            #expect(server.callCount(service: Self.listService) == pages)
            #expect(server.callCount(service: Self.detailsService) == details)
            #expect(try await Self.statsCalls(server) == 365 + pages + details)
            #expect(
                nations
                    == NationLine(
                        lookedUp: films.count, planned: films.count, fromLists: films.count - details, listPages: pages,
                        fromDetails: details, fromStore: 0))
            // 2022's films: 1 page (one film on page 2 gets details), 2023's: 3 pages.
            #expect(pages == 4 && details == 1, "films by year \(byYear.mapValues(\.count))")
            try await Self.expectNationsMatchDetails(cli, days)

            let callsBefore = try await Self.statsCalls(server)
            let rerun = try await cli.run(["sync", "--from", "2023-01-01", "--to", "2023-12-31"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stdout.contains("KOBIS calls: 0 (0 retries)"))
            #expect(try await Self.statsCalls(server) == callsBefore)
        }
    }

    @Test("top and export read the archive: figures equal the sums of the archived daily rows")
    func topAndExport() async throws {
        try await Self.withSimulator { server, cli in
            let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let calls = try await Self.statsCalls(server)

            let export = try await cli.run(["export", "--from", "2024-03-01", "--to", "2024-03-10"])
            #expect(export.status == 0)
            let lines = export.stdout.split(separator: "\r\n").map(String.init)
            #expect(lines.first?.hasPrefix("date,rank,change,changeAmount,movieCode,title") == true)
            #expect(lines.count == 1 + 100)
            var sums: [String: Int64] = [:]
            for line in lines.dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                sums[String(fields[4]), default: 0] += Int64(fields[7])!
            }

            let top = try await cli.run([
                "top", "--from", "2024-03-01", "--to", "2024-03-10", "--format", "json", "--limit", "100",
            ])
            #expect(top.status == 0, "\(top.stderr)")
            let chart = try #require(try JSONSerialization.jsonObject(with: Data(top.stdout.utf8)) as? [String: Any])
            let entries = try #require(chart["entries"] as? [[String: Any]])
            #expect(entries.count == sums.count)
            for entry in entries {
                let code = try #require(entry["movieCode"] as? String)
                #expect((entry["audience"] as? NSNumber)?.int64Value == sums[code], "\(code)")
                #expect(["korean", "foreign"].contains(entry["nationality"] as? String ?? ""))
            }

            let table = try await cli.run(["top", "--month", "2024-03"])
            #expect(table.status == 0)
            #expect(
                table.stdout.contains("Box office by period 2024-03-01 (Fri) ~ 2024-03-31 (Sun) · 10/31 days archived"))
            #expect(table.stdout.contains("Korean films "))
            let korean = try await cli.run(["top", "--month", "2024-03", "--lang", "ko"])
            #expect(korean.stdout.contains("기간 박스오피스 2024-03-01 (금) ~ 2024-03-31 (일) · 10/31일 보관"))
            #expect(korean.stdout.contains("한국 영화 "))
            #expect(korean.stderr.contains("빈 날은 다음 명령으로 채울 수 있습니다: boxoffice sync --from 2024-03-11"))
            #expect(table.stderr.contains("note: the archive lacks 21 of 31 days (2024-03-11 – 2024-03-31)"))
            #expect(table.stderr.contains("Fill the gap with: boxoffice sync --from 2024-03-11 --to 2024-03-31"))
            #expect(try await Self.statsCalls(server) == calls, "top and export never call KOBIS")
        }
    }
}

extension CLIRunner {
    /// Starts the binary without waiting (stdout and stderr go to files in the working directory).
    func start(_ arguments: [String], executable: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? Self.binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        for name in ["out.txt", "err.txt"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("out.txt"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("err.txt"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits for a process from ``start(_:)`` without blocking Swift's cooperative threads.
    func finish(_ process: Process) async throws -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        let out = try String(contentsOf: directory.appendingPathComponent("out.txt"), encoding: .utf8)
        let err = try String(contentsOf: directory.appendingPathComponent("err.txt"), encoding: .utf8)
        return Result(status: process.terminationStatus, stdout: out, stderr: err)
    }
}
