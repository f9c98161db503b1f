import BoxOfficeStore
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
    static func withSimulator(
        latency: Duration = .zero, _ body: (SimulatorServer, CLIRunner) async throws -> Void
    ) async throws {
        let server = SimulatorServer(host: "127.0.0.1", port: 0, latency: latency, logger: Logger(label: "test"))
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

    /// The days the archive holds, from `boxoffice export --format json`.
    static func archivedDays(_ cli: CLIRunner, _ from: String, _ to: String) async throws -> [String] {
        let result = try await cli.run(["export", "--from", from, "--to", to, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let charts = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return charts.compactMap { ($0["range"] as? [String: String])?["start"] }
    }

    @Test("exactly one call per missing day (plus each new film's details once); none on a rerun")
    func oneCallPerMissingDay() async throws {
        try await Self.withSimulator { server, cli in
            let first = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-05", "--concurrency", "4"])
            #expect(first.status == 0, "\(first.stderr)")
            let early = Self.days("2024-02-01", "2024-02-05")
            #expect(try await Self.statsCalls(server) == early.count + Self.films(early).count)

            // Widening the range fetches only the new days and the films not seen before.
            let wide = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-12", "--concurrency", "4"])
            #expect(wide.status == 0, "\(wide.stderr)")
            let all = Self.days("2024-02-01", "2024-02-12")
            #expect(try await Self.statsCalls(server) == all.count + Self.films(all).count)
            #expect(wide.stdout.contains("7 of 7 charts fetched (7 missing, 0 provisional); 5 already settled."))
            #expect(wide.stdout.contains("The archive holds every day of the range."))

            let callsBefore = try await Self.statsCalls(server)
            let rerun = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-12"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stdout.contains("KOBIS calls: 0 (0 retries)"))
            #expect(try await Self.statsCalls(server) == callsBefore)
            #expect(try await Self.archivedDays(cli, "2024-02-01", "2024-02-12") == all.map(\.isoString))
        }
    }

    @Test("resume after SIGKILL mid-run: the next run fetches exactly the days that were not stored")
    func resumeAfterKill() async throws {
        try await Self.withSimulator(latency: .milliseconds(40)) { server, cli in
            let arguments = ["sync", "--from", "2023-01-01", "--to", "2023-03-31", "--concurrency", "2"]
            let process = try cli.start(arguments)
            // Let it archive a few days (and look up their films), then kill it without warning.
            while try await Self.statsCalls(server) < 24 {
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(process.processIdentifier, SIGKILL)
            _ = try await cli.finish(process)
            #expect(process.terminationReason == .uncaughtSignal)
            let callsAtKill = try await Self.statsCalls(server)
            let stored = try await Self.archivedDays(cli, "2023-01-01", "2023-03-31")
            let storedFilms = try await Self.storedFilms(cli)
            #expect(stored.count >= 5 && stored.count < 90, "\(stored.count)")
            // Film lookups ran alongside the charts.
            #expect(storedFilms > 0)
            // Lost: at most the calls in flight and the answers not stored yet (twice the concurrency of 2).
            #expect(callsAtKill - stored.count - storedFilms <= 4)

            let resumed = try await cli.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let all = Self.days("2023-01-01", "2023-03-31")
            let newCalls = try await Self.statsCalls(server) - callsAtKill
            // Every missing day once, and the details of each film not stored yet once; nothing stored again.
            #expect(newCalls == (all.count - stored.count) + (Self.films(all).count - storedFilms))
            #expect(resumed.stdout.contains("\(stored.count) already settled"))
            #expect(try await Self.archivedDays(cli, "2023-01-01", "2023-03-31") == all.map(\.isoString))
        }
    }

    @Test(
        "Ctrl-C: the calls in flight finish and are stored, the run says how to continue, and continuing fetches the rest"
    )
    func interrupt() async throws {
        try await Self.withSimulator(latency: .milliseconds(40)) { server, cli in
            let arguments = ["sync", "--from", "2023-04-01", "--to", "2023-05-31", "--concurrency", "3"]
            let process = try cli.start(arguments)
            while try await Self.statsCalls(server) < 9 {
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(process.processIdentifier, SIGINT)
            let result = try await cli.finish(process)
            #expect(result.status == 130, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("stopping after the calls in flight"))
            #expect(result.stdout.contains("Interrupted: "))
            #expect(result.stderr.contains("Continue with: boxoffice sync --from 2023-04-01 --to 2023-05-31"))
            let callsAtStop = try await Self.statsCalls(server)
            let stored = try await Self.archivedDays(cli, "2023-04-01", "2023-05-31")
            let storedFilms = try await Self.storedFilms(cli)
            #expect(stored.count + storedFilms == callsAtStop, "every call made before the stop was stored")

            let resumed = try await cli.run(arguments)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            let all = Self.days("2023-04-01", "2023-05-31")
            #expect(
                try await Self.statsCalls(server) - callsAtStop
                    == (all.count - stored.count) + (Self.films(all).count - storedFilms))
        }
    }

    @Test("stops cleanly at the budget, says how to continue, and continuing finishes the job")
    func budget() async throws {
        // Some latency, so the four calls of the four call slots all start before the first answer.
        try await Self.withSimulator(latency: .milliseconds(20)) { server, cli in
            let stopped = try await cli.run([
                "sync", "--from", "2024-02-01", "--to", "2024-02-10", "--budget", "4", "--concurrency", "4",
            ])
            #expect(stopped.status == 2)
            // The four charts' films were queued; none could be looked up.
            let films = Self.films(Self.days("2024-02-01", "2024-02-04")).count
            #expect(
                stopped.stdout.contains(
                    "Stopped at the call budget of 4: \(6 + films) item(s) left (6 chart(s), \(films) film(s))."),
                "\(stopped.stdout)")
            #expect(stopped.stdout.contains("film details: 0 of \(films) fetched so far"))
            #expect(stopped.stderr.contains("Continue with: boxoffice sync --from 2024-02-01 --to 2024-02-10"))
            #expect(try await Self.statsCalls(server) == 4)
            #expect(
                try await Self.archivedDays(cli, "2024-02-01", "2024-02-10")
                    == Self.days("2024-02-01", "2024-02-04").map(\.isoString))

            let continued = try await cli.run(["sync", "--from", "2024-02-01", "--to", "2024-02-10"])
            #expect(continued.status == 0, "\(continued.stderr)")
            let all = Self.days("2024-02-01", "2024-02-10")
            #expect(try await Self.statsCalls(server) == all.count + Self.films(all).count)
        }
    }

    @Test(
        "transient faults are retried with backoff and the sync completes",
        arguments: ["http500", "malformed", "reset"])
    func transientFaults(mode: String) async throws {
        try await Self.withSimulator { server, cli in
            try await Self.setFault(server, mode)
            let process = try cli.start(["sync", "--from", "2024-02-01", "--to", "2024-02-02", "--concurrency", "1"])
            while try await Self.statsCalls(server) < 1 {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Self.setFault(server, "none")
            let result = try await cli.finish(process)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stderr.contains("retrying 2024-02-01 (attempt 2)")
                    || result.stderr.contains("retrying 2024-02-02 (attempt 2)"),
                "\(result.stderr)")
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
                result.stderr.contains("boxoffice: KOBIS rejected the key (320010): 유효하지않은 키값입니다. Check KOBIS_API_KEY.")
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
                #expect(result.stderr.contains("boxoffice: \(day): KOBIS answered HTTP 404"), "\(result.stderr)")
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
            (["top", "--from", "2024-02-01"], "--to is missing"),
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
            let total = 20 + Self.films(Self.days("2022-01-01", "2022-01-20")).count
            #expect(screen.contains("\r\u{1B}[2Ksync ["), "the bar is redrawn in place")
            #expect(screen.contains("░"))
            #expect(screen.contains("█"))
            #expect(screen.contains("0/20  0%  ETA --:--"))
            #expect(screen.contains("] \(total)/\(total)  100%  "), "charts and films counted together")
            #expect(screen.contains("/s"))
            #expect(screen.contains("films "))
            #expect(screen.contains("charts 20/20"))
            #expect(screen.components(separatedBy: "\u{1B}[2Ksync [").count - 1 >= 3, "several frames")

            let plain = try await cli.run(["sync", "--from", "2022-02-01", "--to", "2022-02-20", "--concurrency", "2"])
            #expect(plain.status == 0)
            #expect(!plain.stderr.contains("\r"))
            #expect(!plain.stderr.contains("\u{1B}"))
            #expect(plain.stderr.contains("sync: 20 charts to fetch, 0 already archived"))
            // Films already known from the January run need no lookup.
            let plainTotal =
                20
                + Self.films(Self.days("2022-02-01", "2022-02-20"))
                .subtracting(Self.films(Self.days("2022-01-01", "2022-01-20"))).count
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
            #expect(table.stdout.contains("기간 박스오피스 2024-03-01 (금) ~ 2024-03-31 (일) · 10/31일 보관"))
            #expect(table.stdout.contains("한국 영화 "))
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
