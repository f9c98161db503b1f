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

/// `boxoffice sync` end to end: the built binary against `simulate-kobis` over HTTP on loopback; what it calls, resuming and budgets.
@Suite("boxoffice sync against simulate-kobis", .serialized)
struct SyncTests {
    @Test("exactly one call per missing day (plus list pages or details for each new film's nation); none on a rerun")
    func oneCallPerMissingDay() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let first = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-05", "--concurrency", "4"])
            #expect(first.status == 0, "\(first.stderr)")
            let early = CLIHarness.days("2024-02-01", "2024-02-05")
            let firstNations = try CLIHarness.nationLine(first.stdout)
            // Every film looked up once, from a list page or its details; every call is a day, a page or a film.
            #expect(firstNations.planned == CLIHarness.films(early).count)
            #expect(firstNations.lookedUp == firstNations.planned)
            #expect(firstNations.fromLists + firstNations.fromDetails == firstNations.planned)
            #expect(server.callCount(service: CLIHarness.chartService) == early.count)
            #expect(server.callCount(service: CLIHarness.listService) == firstNations.listPages)
            #expect(server.callCount(service: CLIHarness.detailsService) == firstNations.fromDetails)
            #expect(
                try await CLIHarness.statsCalls(server)
                    == early.count + firstNations.listPages + firstNations.fromDetails)
            try await CLIHarness.expectNationsMatchDetails(cli, early)

            // Widening the range fetches only the new days and looks up only the films not seen before, and not
            // even those that a list page of the first run named (it stored every film of the page).
            let wide = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-12", "--concurrency", "4"])
            #expect(wide.status == 0, "\(wide.stderr)")
            let all = CLIHarness.days("2024-02-01", "2024-02-12")
            let wideNations = try CLIHarness.nationLine(wide.stdout)
            #expect(wideNations.planned <= CLIHarness.films(all).count - CLIHarness.films(early).count)
            #expect(wideNations.fromLists + wideNations.fromDetails == wideNations.planned)
            #expect(server.callCount(service: CLIHarness.chartService) == all.count)
            #expect(
                try await CLIHarness.statsCalls(server)
                    == all.count + firstNations.listPages + firstNations.fromDetails + wideNations.listPages
                    + wideNations.fromDetails)
            try await CLIHarness.expectNationsMatchDetails(cli, all)
            #expect(wide.stdout.contains("7 of 7 charts fetched (7 missing, 0 provisional); 5 already settled."))
            #expect(wide.stdout.contains("The archive holds every day of the range."))

            let callsBefore = try await CLIHarness.statsCalls(server)
            let rerun = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-12"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stdout.contains("KOBIS calls: 0 (0 retries)"))
            #expect(rerun.stdout.contains("film nations: every film's nation is already in the archive."))
            #expect(try await CLIHarness.statsCalls(server) == callsBefore)
            #expect(try await CLIHarness.archivedDays(cli, "2024-02-01", "2024-02-12") == all.map(\.isoString))
        }
    }

    @Test("resume after SIGKILL mid-run: the next run fetches exactly the days that were not stored")
    func resumeAfterKill() async throws {
        let tripwire = SimulatorTripwire()
        try await CLIHarness.withSimulator(latency: .milliseconds(40), tripwire: tripwire) { server, cli in
            let arguments = ["sync", "--from", "2023-01-01", "--to", "2023-03-31", "--concurrency", "2"]
            // Let it archive a few days (and look up their films): from the 25th call on KOBIS answers nothing, so
            // the run is certainly still under way when it is killed without warning, however late that is.
            tripwire.arm(after: 24) { server.setFault(.timeout) }
            let process = try cli.start(arguments)
            try #require(await Wait.until("the sync's 24th KOBIS call") { tripwire.hasTripped })
            kill(process.processIdentifier, SIGKILL)
            _ = try await cli.finish(process)
            #expect(process.terminationReason == .uncaughtSignal)
            let callsAtKill = try await CLIHarness.statsCalls(server)
            let listCallsAtKill = server.callCount(service: CLIHarness.listService)
            let stored = try await CLIHarness.archivedDays(cli, "2023-01-01", "2023-03-31")
            let storedDetails = try await CLIHarness.storedFilms(cli)
            let storedNations = try await CLIHarness.storedNations(cli)
            #expect(stored.count >= 5 && stored.count < 90, "\(stored.count)")
            // Film lookups (list pages for 2022's and 2023's films) ran alongside the charts.
            #expect(listCallsAtKill > 0)
            #expect(!storedNations.isEmpty)
            // Lost: at most the calls in flight and the answers not stored yet (twice the concurrency of 2).
            #expect(callsAtKill - stored.count - storedDetails - listCallsAtKill <= 4)

            server.setFault(.none)
            let resumed = try await cli.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let all = CLIHarness.days("2023-01-01", "2023-03-31")
            let newCalls = try await CLIHarness.statsCalls(server) - callsAtKill
            let nations = try CLIHarness.nationLine(resumed.stdout)
            // Every missing day once, and each film whose nation was not stored yet (by a details call or a list
            // page, which stores every film it lists) looked up once (from a list page or its details); nothing
            // stored again.
            #expect(nations.planned == CLIHarness.films(all).subtracting(storedNations.keys).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(newCalls == (all.count - stored.count) + nations.listPages + nations.fromDetails)
            #expect(resumed.stdout.contains("\(stored.count) already settled"))
            #expect(try await CLIHarness.archivedDays(cli, "2023-01-01", "2023-03-31") == all.map(\.isoString))
            try await CLIHarness.expectNationsMatchDetails(cli, all)
        }
    }

    @Test(
        "Ctrl-C: the calls in flight finish and are stored, the run says how to continue, and continuing fetches the rest"
    )
    func interrupt() async throws {
        let tripwire = SimulatorTripwire()
        try await CLIHarness.withSimulator(latency: .milliseconds(40), tripwire: tripwire) { server, cli in
            let arguments = ["sync", "--from", "2023-04-01", "--to", "2023-05-31", "--concurrency", "3"]
            // From the 10th call on KOBIS answers after 3 seconds: the run is still under way (for about a minute)
            // when Ctrl-C comes, however late that is, and the calls in flight then still finish.
            tripwire.arm(after: 9) { server.setLatency(.seconds(3)) }
            let process = try cli.start(arguments)
            try #require(await Wait.until("the sync's 9th KOBIS call") { tripwire.hasTripped })
            kill(process.processIdentifier, SIGINT)
            let result = try await cli.finish(process)
            #expect(result.status == 130, "\(result.stdout)\(result.stderr)")
            // Said once, when Ctrl-C is pressed.
            #expect(result.stderr.components(separatedBy: "stopping after the calls in flight").count - 1 == 1)
            #expect(result.stdout.contains("Interrupted: "))
            #expect(result.stderr.contains("Continue with: boxoffice sync --from 2023-04-01 --to 2023-05-31"))
            let callsAtStop = try await CLIHarness.statsCalls(server)
            let stored = try await CLIHarness.archivedDays(cli, "2023-04-01", "2023-05-31")
            let storedDetails = try await CLIHarness.storedFilms(cli)
            let storedNations = try await CLIHarness.storedNations(cli)
            let listCalls = server.callCount(service: CLIHarness.listService)
            #expect(
                stored.count + storedDetails + listCalls == callsAtStop, "every call made before the stop was stored")

            server.setLatency(.zero)
            let resumed = try await cli.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let all = CLIHarness.days("2023-04-01", "2023-05-31")
            let nations = try CLIHarness.nationLine(resumed.stdout)
            #expect(nations.planned == CLIHarness.films(all).subtracting(storedNations.keys).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(
                try await CLIHarness.statsCalls(server) - callsAtStop
                    == (all.count - stored.count) + nations.listPages + nations.fromDetails)
            try await CLIHarness.expectNationsMatchDetails(cli, all)
        }
    }

    @Test("stops cleanly at the budget, says how to continue, and continuing finishes the job")
    func budget() async throws {
        try await CLIHarness.withSimulator(latency: .milliseconds(20)) { server, cli in
            let stopped = try await cli.run([
                "sync", "--from", "2024-02-01", "--to", "2024-02-10", "--budget", "4", "--concurrency", "4",
            ])
            #expect(stopped.status == 2)
            #expect(stopped.stderr.contains("Continue with: boxoffice sync --from 2024-02-01 --to 2024-02-10"))
            #expect(try await CLIHarness.statsCalls(server) == 4)
            // The four calls are the first days' charts and, once a chart has been stored, maybe a lookup of its
            // films (lookups go first): which, depends on how soon the call slots start, so the report is checked
            // against what was called. The days stored are the first ones; their films are all counted.
            let charts = server.callCount(service: CLIHarness.chartService)
            #expect(charts >= 1)
            let stored = CLIHarness.days("2024-02-01", "2024-02-10").prefix(charts)
            #expect(try await CLIHarness.archivedDays(cli, "2024-02-01", "2024-02-10") == stored.map(\.isoString))
            let first = try CLIHarness.nationLine(stopped.stdout)
            #expect(first.planned == CLIHarness.films(Array(stored)).count)
            #expect(first.listPages == server.callCount(service: CLIHarness.listService))
            #expect(first.fromDetails == server.callCount(service: CLIHarness.detailsService))
            #expect(charts + first.listPages + first.fromDetails == 4)
            #expect(first.lookedUp == first.fromLists + first.fromDetails)
            let filmsLeft = first.planned - first.lookedUp
            #expect(
                stopped.stdout.contains(
                    "Stopped at the call budget of 4: \(10 - charts + filmsLeft) item(s) left (\(10 - charts) chart(s), "
                        + "\(filmsLeft) film(s))."),
                "\(stopped.stdout)")

            // Continuing fetches the other days and looks up every film whose nation is not stored yet.
            let known = try await CLIHarness.storedNations(cli)
            let continued = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-10"])
            #expect(continued.status == 0, "\(continued.stderr)")
            let all = CLIHarness.days("2024-02-01", "2024-02-10")
            let nations = try CLIHarness.nationLine(continued.stdout)
            #expect(nations.planned == CLIHarness.films(all).subtracting(known.keys).count)
            #expect(nations.fromLists + nations.fromDetails == nations.planned)
            #expect(
                try await CLIHarness.statsCalls(server)
                    == 4 + (all.count - charts) + nations.listPages + nations.fromDetails)
            try await CLIHarness.expectNationsMatchDetails(cli, all)
        }
    }

    @Test(
        "a year's sync: 365 chart calls, a few list pages, details only for years with few films; every nation the one details give; a rerun makes no call"
    )
    func yearFromLists() async throws {
        try await CLIHarness.withSimulator { server, cli in
            let result = try await cli.run(["sync", "--from", "2023-01-01", "--to", "2023-12-31", "--concurrency", "8"])
            #expect(result.status == 0, "\(result.stderr)")
            let days = CLIHarness.days("2023-01-01", "2023-12-31")
            let films = CLIHarness.films(days)
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
            let nations = try CLIHarness.nationLine(result.stdout)
            #expect(server.callCount(service: CLIHarness.chartService) == 365)
            #expect(server.callCount(service: CLIHarness.listService) == pages)
            #expect(server.callCount(service: CLIHarness.detailsService) == details)
            #expect(try await CLIHarness.statsCalls(server) == 365 + pages + details)
            #expect(
                nations
                    == CLIHarness.NationLine(
                        lookedUp: films.count, planned: films.count, fromLists: films.count - details, listPages: pages,
                        fromDetails: details, fromStore: 0))
            // 2022's films: 1 page (one film on page 2 gets details), 2023's: 3 pages.
            #expect(pages == 4 && details == 1, "films by year \(byYear.mapValues(\.count))")
            try await CLIHarness.expectNationsMatchDetails(cli, days)

            let callsBefore = try await CLIHarness.statsCalls(server)
            let rerun = try await cli.run(["sync", "--from", "2023-01-01", "--to", "2023-12-31"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stdout.contains("KOBIS calls: 0 (0 retries)"))
            #expect(try await CLIHarness.statsCalls(server) == callsBefore)
        }
    }
}
