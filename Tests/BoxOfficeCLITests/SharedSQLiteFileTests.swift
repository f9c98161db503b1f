import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import Testing

/// `boxoffice serve` and a command beside it on one SQLite file, as real processes in sample mode: the keeper fills
/// its range, `sync` archives another, and a person saves notes meanwhile. Their writes take turns; none fails.
@Suite("One SQLite file: the server and a command beside it")
struct SharedSQLiteFileTests {
    @Test("a sync beside a filling keeper and saves of notes: every write waits its turn and succeeds")
    func syncBesideServer() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let databaseURL = try #require(cli.environment["DATABASE_URL"])
        let today = CalendarDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
        let server = ServerProcess(
            databaseURL: databaseURL, workingDirectory: cli.directory,
            environment: ["BOXOFFICE_KEEPER": "on", "BOXOFFICE_ARCHIVE_FROM": today.adding(days: -200).isoString])
        let http = try await server.start()
        do {
            let token = try await http.account("alice")
            let code = try #require(try await http.movieCodes().first)
            let sync = try cli.start(["sync", "--from", "2019-01-01", "--to", "2019-12-31", "--weekly"])
            var saved = 0
            repeat {
                let note = try await http.send(
                    "POST", "/api/v1/notes", json: ["movieCode": code, "watchedOn": "2024-03-15", "memo": "\(saved)"],
                    token: token)
                #expect(note.status == 201, "\(note.text.prefix(300))")
                saved += 1
            } while sync.isRunning
            let result = try await cli.finish(sync)
            #expect(result.status == 0, "\(result.stderr.suffix(600))")
            let list = try await http.send("GET", "/api/v1/notes?perPage=1", token: token)
            #expect(list.json?["total"] as? Int == saved, "\(list.text.prefix(300))")
            let status = try await http.send("GET", "/api/v1/archive/status")
            #expect(status.status == 200)
        } catch {
            server.stop(signal: SIGKILL)
            throw error
        }
        server.stop()
        #expect(server.terminationStatus == 0, "\(server.log.suffix(1000))")
    }
}
