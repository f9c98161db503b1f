import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Logging
import Testing

/// Counts acknowledged writes across the writer tasks.
private actor Acknowledged {
    var notes: [String: String] = [:]
    func add(id: String, memo: String) { notes[id] = memo }
    var count: Int { notes.count }
}

@Suite("Diary durability: SIGKILL during a stream of acknowledged writes", .serialized)
struct DiaryDurabilityTests {
    @Test("every acknowledged note survives a SIGKILL and the SQLite file passes its integrity check")
    func sigkill() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-durability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("diary.sqlite").path
        let databaseURL = "sqlite://\(file)"

        let first = ServerProcess(databaseURL: databaseURL, workingDirectory: directory)
        let http = try await first.start()
        let token = try await http.account("durable")
        let codes = try await http.movieCodes()
        try #require(codes.count >= 4)

        let acknowledged = Acknowledged()
        let killAfter = 40
        // Four writers keep requests in flight; the server is killed while they are still writing.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var sequence = 0
                    while true {
                        sequence += 1
                        let memo = "writer \(writer) note \(sequence) 한글"
                        let day = String(format: "2024-%02d-%02d", 1 + sequence % 12, 1 + writer)
                        let answer: LoopbackHTTP.Answer
                        do {
                            answer = try await http.send(
                                "POST", "/api/v1/notes",
                                json: ["movieCode": codes[writer], "watchedOn": day, "memo": memo, "rating": 4.5],
                                token: token)
                        } catch {
                            return  // the server is gone: this write was never acknowledged
                        }
                        guard answer.status == 201 else { return }
                        let id = try #require(answer.json?["id"] as? String)
                        await acknowledged.add(id: id, memo: memo)
                        if sequence > 10_000 { return }
                    }
                }
            }
            group.addTask {
                try await Wait.until("\(killAfter) acknowledged writes", every: .milliseconds(5)) {
                    await acknowledged.count >= killAfter
                }
                first.stop(signal: SIGKILL)
            }
            try await group.waitForAll()
        }
        #expect(first.terminationReason == .uncaughtSignal)
        #expect(first.terminationStatus == SIGKILL)
        let written = await acknowledged.notes
        #expect(written.count >= killAfter)

        let second = ServerProcess(databaseURL: databaseURL, workingDirectory: directory)
        let again = try await second.start()
        var missing: [String] = []
        for (id, memo) in written {
            let answer = try await again.send("GET", "/api/v1/notes/\(id)", token: token)
            if answer.status != 200 || answer.json?["memo"] as? String != memo { missing.append(id) }
        }
        #expect(missing.isEmpty, "acknowledged notes lost after SIGKILL: \(missing.count) of \(written.count)")
        let list = try await again.send("GET", "/api/v1/notes?perPage=1", token: token)
        #expect((list.json?["total"] as? Int ?? 0) >= written.count)
        second.stop()
        #expect(second.terminationStatus == 0, "\(second.log.suffix(1000))")

        let location = try DatabaseLocation(databaseURL: databaseURL, workingDirectory: directory.path)
        let database = try BoxOfficeDatabase(location: location, logger: Logger(label: "durability-test"))
        let intact = try await database.checkIntegrity()
        await database.shutdown()
        #expect(intact, "PRAGMA integrity_check failed after SIGKILL")
    }
}
