import BoxOfficeTestSupport
import Foundation
import Logging
import Testing

@Suite("Diary: two server processes on one PostgreSQL database", .serialized)
struct DiaryTwoInstanceTests {
    @Test(
        "sessions, tokens and notes are shared; logging out on one ends the session on both",
        .enabled(
            if: TestPostgres.isRequested,
            "set BOXOFFICE_TEST_POSTGRES_URL (scripts/dev-postgres.sh start)"))
    func twoInstances() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestPostgres.withDatabase(prefix: "boxoffice_two_") { databaseURL in
            // One deploy: migrate once, then start the instances.
            var runner = try CLIRunner()
            runner.environment["DATABASE_URL"] = databaseURL
            let migrated = try await runner.run(["migrate"])
            runner.cleanUp()
            #expect(migrated.status == 0, "\(migrated.stderr)")
            let one = ServerProcess(databaseURL: databaseURL, workingDirectory: directory)
            let two = ServerProcess(databaseURL: databaseURL, workingDirectory: directory)
            let a = try await one.start()
            do {
                let b = try await two.start()
                try await Self.exercise(a, b)
                two.stop()
                #expect(two.terminationStatus == 0, "\(two.log.suffix(1000))")
            } catch {
                two.stop(signal: SIGKILL)
                throw error
            }
            one.stop()
            #expect(one.terminationStatus == 0, "\(one.log.suffix(1000))")
        }
    }

    static func exercise(_ a: LoopbackHTTP, _ b: LoopbackHTTP) async throws {
        #expect(a.base != b.base)
        // An account made on one instance logs in on the other; its token works on both.
        let token = try await a.account("minji")
        let codes = try await b.movieCodes()
        let created = try await b.send(
            "POST", "/api/v1/notes", json: ["movieCode": codes[0], "watchedOn": "2024-03-15", "memo": "from b"],
            token: token)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.json?["id"] as? String)
        let read = try await a.send("GET", "/api/v1/notes/\(id)", token: token)
        #expect(read.status == 200)
        #expect(read.json?["memo"] as? String == "from b")

        // A browser session started on A is valid on B, and a form posted to B with it writes for A to see.
        let cookie = try await a.pageLogin("minji")
        let notesOnB = try await b.send("GET", "/notes", cookie: cookie)
        #expect(notesOnB.status == 200, "\(notesOnB.status)")
        #expect(notesOnB.text.contains("<strong>minji</strong>"))
        let csrf = try #require(notesOnB.text.firstMatch(of: #/name="csrf" value="([^"]+)"/#)?.1)
        let category = try await b.send(
            "POST", "/categories", form: [("csrf", String(csrf)), ("name", "Shared")], cookie: cookie)
        #expect(category.status == 303, "\(category.status) \(category.text.prefix(300))")
        let categoriesOnA = try await a.send("GET", "/categories", cookie: cookie)
        #expect(categoriesOnA.text.contains(">Shared</a>"))
        #expect(try await a.send("GET", "/notes/\(id.uppercased())", cookie: cookie).text.contains("from b"))

        // Logging out on B ends the session for A too (it lives in the database).
        let logout = try await b.send("POST", "/logout", form: [("csrf", String(csrf))], cookie: cookie)
        #expect(logout.status == 303)
        let afterLogout = try await a.send("GET", "/notes", cookie: cookie)
        #expect(afterLogout.status == 303)
        #expect(afterLogout.headers["location"] == "/login?next=%2Fnotes")

        // Failed logins are counted across instances: the sixth attempt is refused wherever it lands.
        for attempt in 0..<5 {
            let server = attempt % 2 == 0 ? a : b
            let wrong = try await server.send(
                "POST", "/api/v1/tokens", json: ["username": "minji", "password": "wrong wrong"])
            #expect(wrong.status == 401)
        }
        let throttled = try await b.send(
            "POST", "/api/v1/tokens", json: ["username": "minji", "password": "correct horse battery"])
        #expect(throttled.status == 429)
    }
}
