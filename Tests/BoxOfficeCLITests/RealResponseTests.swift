import BoxOfficeTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Serves files from a directory over HTTP on loopback with Python's http.server (query strings ignored). The
/// server binds port 0 and prints the port it got, so two runs never race for a port.
final class StaticFileServer {
    let process = Process()
    let port: Int

    static let script = """
        import functools, http.server, sys
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    init(root: URL) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, root.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port; end of file (the server could not start) leaves no number.
        let line = CLIRunner.collect(output.fileHandleForReading) { $0.contains(UInt8(ascii: "\n")) }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server printed \(text)"])
        }
        self.port = port
    }

    /// Waits until the server answers HTTP.
    func waitUntilReady() async throws {
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let ready = try await Wait.until("python3 -m http.server to answer on port \(port)") {
            guard process.isRunning else { return true }
            return (try? await URLSession.shared.data(from: url)) != nil
        }
        try #require(process.isRunning, "python3 -m http.server exited (status \(process.terminationStatus))")
        try #require(ready)
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Runs `body` with a CLI whose KOBIS answers every daily box-office call with `response`.
    static func withDailyResponse(_ response: Data, _ body: (CLIRunner) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kobis-daily-\(UUID().uuidString)")
        let rest = root.appendingPathComponent("kobisopenapi/webservice/rest/boxoffice")
        try FileManager.default.createDirectory(at: rest, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try response.write(to: rest.appendingPathComponent("searchDailyBoxOfficeList.json"))
        let server = try StaticFileServer(root: root)
        defer { server.stop() }
        try await server.waitUntilReady()
        let cli = try CLIRunner(
            kobisBaseURL: URL(string: "http://127.0.0.1:\(server.port)/kobisopenapi/webservice/rest")!)
        defer { cli.cleanUp() }
        try await body(cli)
    }
}

enum Samples {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/kobis-samples")
    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }
}

func thousands(_ value: Int64) -> String {
    var digits = String(value)
    var grouped = ""
    while digits.count > 3 {
        grouped = "," + digits.suffix(3) + grouped
        digits.removeLast(3)
    }
    return digits + grouped
}

@Suite(
    "boxoffice against real KOBIS responses", .serialized,
    .enabled(if: Samples.isPresent, "../shared/kobis-samples is not present; skipped"))
struct RealResponseTests {
    @Test("daily prints exactly the figures of a real KOBIS response", arguments: ["20220105", "20120101", "20230423"])
    func daily(date: String) async throws {
        let sample = try Data(contentsOf: Samples.directory.appendingPathComponent("daily-\(date).json"))
        try await StaticFileServer.withDailyResponse(sample) { cli in
            let iso = "\(date.prefix(4))-\(date.dropFirst(4).prefix(2))-\(date.suffix(2))"
            let result = try await cli.run(["daily", "--date", iso, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let printed = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let entries = try #require(printed["entries"] as? [[String: Any]])
            let raw = try #require(try JSONSerialization.jsonObject(with: sample) as? [String: Any])
            let rows = try #require(
                (raw["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: String]])
            #expect(entries.count == rows.count)
            for (entry, row) in zip(entries, rows) {
                #expect(entry["movieCode"] as? String == row["movieCd"])
                #expect(entry["title"] as? String == row["movieNm"]?.trimmingCharacters(in: .whitespaces))
                #expect((entry["audience"] as? NSNumber)?.stringValue == row["audiCnt"])
                #expect((entry["audienceTotal"] as? NSNumber)?.stringValue == row["audiAcc"])
                #expect((entry["sales"] as? NSNumber)?.stringValue == row["salesAmt"])
                #expect((entry["salesTotal"] as? NSNumber)?.stringValue == row["salesAcc"])
                #expect((entry["screens"] as? NSNumber)?.stringValue == row["scrnCnt"])
                #expect((entry["shows"] as? NSNumber)?.stringValue == row["showCnt"])
                #expect(entry["openDate"] as? String == row["openDt"])
                let change = entry["change"] as? [String: Any]
                let delta = Int(row["rankInten"] ?? "0") ?? 0
                let kind = row["rankOldAndNew"] == "NEW" ? "new" : delta > 0 ? "up" : delta < 0 ? "down" : "same"
                #expect(change?["kind"] as? String == kind)
                #expect(change?["amount"] as? Int == (kind == "new" ? 0 : abs(delta)))
            }
            // The day's market, pinned by the real rows to a range at most 0.3 % wide holding the top 10's sales.
            let market = try #require(printed["market"] as? [String: Any])
            let sales = try #require(market["sales"] as? [String: Any])
            let low = try #require(sales["low"] as? Double)
            let high = try #require(sales["high"] as? Double)
            let topTen = rows.compactMap { Double($0["salesAmt"] ?? "") }.reduce(0, +)
            #expect(sales["quality"] as? String == "range")
            #expect(topTen <= low && low < high && (high - low) / high <= 0.003, "\(low)…\(high)")
            #expect(market["inconsistent"] as? Bool == false)
            #expect(entries.allSatisfy { $0["audiencePerShow"] is Double })
            let table = try await cli.run(["daily", "--date", iso])
            #expect(table.status == 0)
            let first = try #require(rows.first)
            #expect(table.stdout.contains(first["movieNm"]!.trimmingCharacters(in: .whitespaces)))
            #expect(table.stdout.contains(thousands(Int64(first["audiCnt"]!)!)))
        }
    }
}
