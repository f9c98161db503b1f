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

/// `boxoffice sync` when KOBIS fails or the arguments are wrong, and how it shows progress.
@Suite("boxoffice sync: faults, bad arguments and progress", .serialized)
struct SyncFaultTests {
    @Test(
        "transient faults are retried with backoff and the sync completes",
        arguments: ["http500", "malformed", "reset"])
    func transientFaults(mode: String) async throws {
        let tripwire = SimulatorTripwire()
        try await CLIHarness.withSimulator(tripwire: tripwire) { server, cli in
            try await CLIHarness.setFault(server, mode)
            // The first call meets the fault; the server clears it as that call arrives, so the retry succeeds.
            tripwire.arm(after: 1) { server.setFault(.none) }
            let result = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--concurrency", "1"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("retrying 2024-02-01 (attempt 2)"), "\(result.stderr)")
            #expect(!result.stdout.contains("(0 retries)"))
            #expect(result.stdout.contains("The archive holds every day of the range."))
            let days = CLIHarness.days("2024-02-01", "2024-02-02")
            #expect(try await CLIHarness.archivedDays(cli, "2024-02-01", "2024-02-02") == days.map(\.isoString))
        }
    }

    @Test("a rejected key stops the sync at once with KOBIS's message")
    func invalidKey() async throws {
        try await CLIHarness.withSimulator { server, cli in
            try await CLIHarness.setFault(server, "faultinfo")
            let result = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-28", "--concurrency", "2"])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "boxoffice: KOBIS refused the API key (320010); check KOBIS_API_KEY. (KOBIS: \"유효하지않은 키값입니다.\")"),
                "\(result.stderr)"
            )
            #expect(!result.stderr.contains("testkey"))
            // Running it again would meet the same refusal: no "Continue with".
            #expect(!result.stderr.contains("Continue with"), "\(result.stderr)")
            #expect(try await CLIHarness.statsCalls(server) <= 2)
        }
    }

    @Test("films KOBIS has no details for: stored as unknown, counted in the summary, exit 0, never asked again")
    func filmsWithoutDetails() async throws {
        try await CLIHarness.withSimulator { server, cli in
            // Every film's details are KOBIS's empty answer and the movie lists name no film.
            try await CLIHarness.setFault(server, "nodetails")
            let arguments = ["sync", "--from", "2024-02-01", "--to", "2024-02-07", "--concurrency", "2"]
            let films = CLIHarness.films(CLIHarness.days("2024-02-01", "2024-02-07"))
            let first = try await cli.run(arguments)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(
                first.stdout.contains(
                    "\(films.count) film(s) have no details on KOBIS; their nation is stored as unknown (not asked again)."
                ),
                "\(first.stdout)")
            #expect(first.stdout.contains("The archive holds every day of the range."), "\(first.stdout)")
            #expect(!first.stderr.contains("Continue with"), "\(first.stderr)")
            #expect(server.callCount(service: "movie/searchMovieInfo") == films.count)
            let nations = try await CLIHarness.storedNations(cli)
            for film in films { #expect(nations[film] == "", "\(film)") }

            // Details exist again: the rerun still asks nothing, the answer was remembered.
            try await CLIHarness.setFault(server, "none")
            server.resetStats()
            let second = try await cli.run(arguments)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(try await CLIHarness.statsCalls(server) == 0)
            #expect(!second.stdout.contains("no details"), "\(second.stdout)")
        }
    }

    @Test("today's KOBIS quota for background work stops the sync at once: one line, exit 3, no call past it")
    func quotaReached() async throws {
        try await CLIHarness.withSimulator { server, cli in
            var limited = cli
            limited.environment["BOXOFFICE_KOBIS_DAILY_LIMIT"] = "12"
            limited.environment["BOXOFFICE_KEEPER_RESERVE"] = "2"
            let arguments = ["sync", "--from", "2024-02-01", "--to", "2024-02-29", "--concurrency", "2"]
            let result = try await limited.run(arguments)
            #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
            #expect(
                result.stdout.contains(
                    "Today's KOBIS quota for background work is used up (10 of 12 calls today; 2 are kept for "
                        + "readers); the rest waits for tomorrow (after midnight KST)."),
                "\(result.stdout)")
            #expect(!result.stderr.contains("failed"), "\(result.stderr)")
            #expect(!result.stderr.contains("retrying"), "\(result.stderr)")
            #expect(try await CLIHarness.statsCalls(server) == 10)
            // The same day, a rerun makes no call either.
            let again = try await limited.run(arguments)
            #expect(again.status == 3, "\(again.stdout)\(again.stderr)")
            #expect(try await CLIHarness.statsCalls(server) == 10)
        }
    }

    @Test("permanent faults are not retried and are reported per day at the end")
    func permanentFaults() async throws {
        try await CLIHarness.withSimulator { server, cli in
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
            #expect(try await CLIHarness.statsCalls(server) == 3)
        }
    }

    @Test(
        "bad arguments: one clear line and a non-zero exit, no call",
        arguments: [
            (["sync", "--from", "2024-02-10", "--to", "2024-02-01"], "after"),
            (["sync", "--from", "2024-02-01", "--to", "2999-01-01"], "future"),
            (["sync", "--from", "2024-02-30", "--to", "2024-03-01"], "is not a real day"),
            (["sync", "--from", "2024-2-3", "--to", "2024-03-01"], "YYYY-MM-DD"),
            (["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--concurrency", "0"], "concurrency"),
            (["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--budget", "0"], "budget"),
            (["top", "--month", "2024-13"], "YYYY-MM"),
            (["top", "--from", "2024-02-01"], "--from and --to go together"),
            (["export", "--year", "2024", "--format", "xml"], "format"),
        ])
    func badArguments(arguments: [String], mention: String) async throws {
        try await CLIHarness.withSimulator { server, cli in
            let result = try await cli.run(arguments)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            let errorLines = result.stderrLines.filter { !$0.hasPrefix("note:") && !$0.hasPrefix("(see") }
            #expect(errorLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(mention), "\(result.stderr)")
            #expect(try await CLIHarness.statsCalls(server) == 0)
        }
    }

    @Test("the progress bar redraws in place on a pseudo-terminal; plain lines otherwise")
    func progressBar() async throws {
        try await CLIHarness.withSimulator(latency: .milliseconds(30)) { _, cli in
            var cli = cli
            let arguments = ["sync", "--from", "2022-01-01", "--to", "2022-01-20", "--concurrency", "2"]
            // python3's pty module gives the child a terminal on stdin, stdout and stderr; a wide one here, so every
            // detail of the status fits.
            let script = "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))"
            cli.environment["COLUMNS"] = "200"
            let tty = try await cli.finish(
                try cli.start(["python3", "-c", script, CLIRunner.binary.path] + arguments, executable: "/usr/bin/env"))
            #expect(tty.status == 0, "\(tty.stdout)\(tty.stderr)")
            let screen = tty.stdout
            let pages = try CLIHarness.nationLine(screen).listPages
            let total = 20 + CLIHarness.films(CLIHarness.days("2022-01-01", "2022-01-20")).count + pages
            #expect(screen.contains("\r\u{1B}[2Ksync ["), "the bar is redrawn in place")
            #expect(screen.contains("░"))
            #expect(screen.contains("█"))
            #expect(screen.contains("0/20  0%  ETA --:--"))
            #expect(screen.contains("] \(total)/\(total)  100%  "), "charts, films and list pages counted together")
            #expect(screen.contains("/s"))
            #expect(screen.contains("films "))
            #expect(screen.contains("charts 20/20"))
            #expect(screen.components(separatedBy: "\u{1B}[2Ksync [").count - 1 >= 3, "several frames")

            // On a narrow terminal every frame fits its width: details are left out, never wrapped onto the next line.
            cli.environment["COLUMNS"] = "60"
            let narrow = try await cli.finish(
                try cli.start(
                    [
                        "python3", "-c", script, CLIRunner.binary.path, "sync", "--from", "2022-03-01", "--to",
                        "2022-03-10",
                    ],
                    executable: "/usr/bin/env"))
            #expect(narrow.status == 0, "\(narrow.stdout)\(narrow.stderr)")
            let frames = narrow.stdout.components(separatedBy: "\r\u{1B}[2K").dropFirst().map {
                String($0.prefix { !$0.isNewline })
            }.filter { $0.hasPrefix("sync [") }
            #expect(!frames.isEmpty && frames.allSatisfy { $0.count < 60 }, "\(frames)")
            cli.environment["COLUMNS"] = nil

            let known = try await CLIHarness.storedNations(cli)
            let plain = try await cli.run(["sync", "--from", "2022-02-01", "--to", "2022-02-20", "--concurrency", "2"])
            #expect(plain.status == 0)
            #expect(!plain.stderr.contains("\r"))
            #expect(!plain.stderr.contains("\u{1B}"))
            #expect(plain.stderr.contains("sync: 20 charts to fetch, 0 already archived"))
            // Films whose nation the January run stored (its films, and every film its list pages named) need no
            // lookup.
            let plainTotal =
                20 + CLIHarness.films(CLIHarness.days("2022-02-01", "2022-02-20")).subtracting(known.keys).count
                + (try CLIHarness.nationLine(plain.stdout).listPages)
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
}
