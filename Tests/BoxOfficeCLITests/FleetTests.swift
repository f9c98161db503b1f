import BoxOfficeTestSupport
import Foundation
import KOBIS
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 15 with real processes: several `boxoffice serve` on one PostgreSQL database against one
/// `boxoffice simulate-kobis`, whose call counter is the truth. Latency only makes overlaps likely; every assertion
/// is about counts that must hold whatever the overlap.
@Suite(
    "Fleet: serve processes on one PostgreSQL database against the simulator", .serialized,
    .enabled(if: TestPostgres.isRequested, TestPostgres.skipMessage))
struct FleetTests {
    @Test("100 concurrent cold requests for one daily chart over three instances: all 200, same entries, 1 KOBIS call")
    func oneCallPerColdChart() async throws {
        try await Fleet.withDatabase(prefix: "boxoffice_fleet_a_", latencyMilliseconds: 300) {
            databaseURL, simulator, directory in
            try await Fleet.withServers(
                3, databaseURL: databaseURL, directory: directory, environment: Fleet.kobisEnvironment(simulator)
            ) { _, https in
                let before = try await simulator.stats()
                #expect(before.byService[SimulatorStats.dailyService] == nil, "\(before.byService)")
                let answers = try await withThrowingTaskGroup(of: LoopbackHTTP.Answer.self) { group in
                    for index in 0..<100 {
                        let http = https[index % https.count]
                        group.addTask { try await http.send("GET", "/api/v1/daily?date=2025-06-14") }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.count == 100)
                let statuses = Dictionary(grouping: answers, by: \.status).mapValues(\.count)
                #expect(statuses == [200: 100], "\(statuses) \(answers.first { $0.status != 200 }?.text ?? "")")
                let entries = try answers.map { answer in
                    let entries = try #require(answer.json?["entries"] as? [Any], "\(answer.text.prefix(300))")
                    return String(
                        decoding: try JSONSerialization.data(withJSONObject: entries, options: .sortedKeys),
                        as: UTF8.self)
                }
                #expect(Set(entries).count == 1)
                #expect(entries.first.map { $0.count > 2 } == true, "the chart has entries")
                let stats = try await simulator.stats()
                #expect(stats.byService[SimulatorStats.dailyService] == 1, "\(stats.byService)")
                #expect(stats.dailyCalls(CalendarDate("2025-06-14")!) == 1, "\(stats.byTarget)")
            }
        }
    }

    @Test("keeper on three instances: one leader; SIGKILLed mid-fill, another takes over and finishes; no day twice")
    func keeperTakeover() async throws {
        let today = Fleet.today
        let from = today.adding(days: -92)
        let settled = today.adding(days: -2)
        let range = Fleet.days(from, settled)
        // Slow enough for the fill to be caught part-way however slowly the status polls run on a busy machine (4 calls
        // in flight, each 1.5 s: 20 % to 80 % of the range takes about 20 s); faster after the kill.
        try await Fleet.withDatabase(prefix: "boxoffice_fleet_b_", latencyMilliseconds: 1500) {
            databaseURL, simulator, directory in
            let environment = Fleet.kobisEnvironment(
                simulator,
                ["BOXOFFICE_KEEPER": "on", "BOXOFFICE_KEEPER_LEASE": "2", "BOXOFFICE_ARCHIVE_FROM": from.isoString])
            try await Fleet.withServers(3, databaseURL: databaseURL, directory: directory, environment: environment) {
                servers, https in
                var leaders: [Int] = []
                try await Wait.until("exactly one instance says it is the keeper's leader", limit: .seconds(60)) {
                    leaders = try await Fleet.leaders(servers, https)
                    return leaders.count == 1
                }
                let leader = try #require(leaders.first)
                for index in https.indices where index != leader {
                    #expect(try await Fleet.status(https[index]).keeper["state"] as? String == "standby")
                }

                // Mid-fill: between 20% and 80% of the range archived.
                // Meanwhile, never two leaders at once.
                var archived = 0
                var mostLeaders = 1
                try await Wait.until("the leader's fill reaches 20% of the range", limit: .seconds(120)) {
                    mostLeaders = max(mostLeaders, try await Fleet.leaders(servers, https).count)
                    archived = try await Fleet.status(https[leader]).keeper["archivedDays"] as? Int ?? 0
                    return archived * 5 >= range.count
                }
                #expect(mostLeaders == 1)
                servers[leader].stop(signal: SIGKILL)
                #expect(archived * 5 <= range.count * 4, "the fill was caught at \(archived) of \(range.count) days")
                try await simulator.setLatency(milliseconds: 50)

                let killedAt = ContinuousClock.now
                var survivors: [Int] = []
                try await Wait.until("another instance takes the keeper's lease", limit: .seconds(60)) {
                    survivors = try await Fleet.leaders(servers, https)
                    return survivors.count == 1
                }
                let successor = try #require(survivors.first)
                #expect(successor != leader)
                print("fleet: a new keeper \(ContinuousClock.now - killedAt) after the kill (lease 2 s)")

                var keeper: [String: Any] = [:]
                try await Wait.until("the new keeper finishes the range", limit: .seconds(120)) {
                    keeper = try await Fleet.status(https[successor]).keeper
                    return keeper["state"] as? String == "current" && keeper["missingDays"] as? Int == 0
                }
                #expect(keeper["archivedDays"] as? Int == range.count, "\(keeper)")
                #expect(keeper["leader"] as? Bool == true)
                #expect(try await Fleet.leaders(servers, https) == [successor])

                // No day stored twice, every day stored.
                #expect(try await Fleet.duplicateCharts(databaseURL) == [])
                let stored = try await Fleet.storedDailyDays(databaseURL)
                #expect(Set(stored).count == stored.count)
                #expect(Set(range.map(\.isoString)).isSubset(of: Set(stored)))

                // Daily-chart calls repeated only for the calls the dead leader had under way: each worker of its
                // engine has at most one call in flight and one answer not yet stored (see SyncEngine.work).
                let stats = try await simulator.stats()
                let calls = range.map { stats.dailyCalls($0) }
                #expect(calls.allSatisfy { $0 >= 1 && $0 <= 2 }, "\(zip(range.map(\.isoString), calls))")
                let repeated = range.filter { stats.dailyCalls($0) == 2 }.map(\.isoString)
                print("fleet: killed at \(archived)/\(range.count) days; days fetched twice: \(repeated)")
                #expect(repeated.count <= 2 * Fleet.keeperConcurrency, "\(repeated)")
            }
        }
    }

    @Test(
        "a 300-call day shared by two keepers, a sync and readers: at most 300 calls, readers keep the reserve, then 503"
    )
    func quotaAcrossTheFleet() async throws {
        let from = Fleet.today.adding(days: -730)
        try await Fleet.withDatabase(prefix: "boxoffice_fleet_c_", latencyMilliseconds: 20) {
            databaseURL, simulator, directory in
            let limits = ["BOXOFFICE_KOBIS_DAILY_LIMIT": "300", "BOXOFFICE_KEEPER_RESERVE": "50"]
            let environment = Fleet.kobisEnvironment(
                simulator, limits.merging(["BOXOFFICE_KEEPER": "on", "BOXOFFICE_ARCHIVE_FROM": from.isoString]) { $1 }
            )
            try await Fleet.withServers(2, databaseURL: databaseURL, directory: directory, environment: environment) {
                servers, https in
                // A sync of another range on the same database, while the keeper fills.
                var runner = try CLIRunner()
                defer { runner.cleanUp() }
                runner.environment.merge(Fleet.kobisEnvironment(simulator, limits)) { $1 }
                runner.environment["DATABASE_URL"] = databaseURL
                let sync = try await runner.run(["sync", "--from", "2010-01-01", "--to", "2010-12-31"])
                #expect(sync.status == 3, "\(sync.stdout)\(sync.stderr)")
                #expect(sync.stdout.contains("Today's KOBIS quota for background work is used up"), "\(sync.stdout)")

                try await Wait.until("the keeper waits for tomorrow's quota", limit: .seconds(120)) {
                    for http in https {
                        let state = try await Fleet.status(http).keeper["state"] as? String
                        if state == "waiting-for-quota" { return true }
                    }
                    return false
                }
                for http in https {
                    let quota = try await Fleet.status(http).quota
                    let purposes = try #require(quota["byPurpose"] as? [String: Int], "\(quota)")
                    #expect(quota["limit"] as? Int == 300)
                    #expect(quota["reserve"] as? Int == 50)
                    #expect((quota["used"] as? Int ?? .max) <= 300, "\(quota)")
                    let background = purposes.filter { $0.key != "readers" }.values.reduce(0, +)
                    #expect((purposes["keeper"] ?? 0) + (purposes["sync"] ?? 0) <= 250, "\(purposes)")
                    #expect(background <= 250, "\(purposes)")
                    print("fleet: \(quota)")
                }
                let background = try await simulator.stats().calls
                #expect(background <= 250, "the simulator counted \(background) calls before any reader")
                let usedBefore = try #require(try await Fleet.status(https[0]).quota["used"] as? Int)

                // Readers: cold days outside every range get their calls from the reserve, then a clear 503.
                var day = CalendarDate("2006-01-01")!
                var served = 0
                var refusal: LoopbackHTTP.Answer?
                for attempt in 0..<80 {
                    let answer = try await https[attempt % https.count].send(
                        "GET", "/api/v1/daily?date=\(day.isoString)&lang=en")
                    day = day.adding(days: 1)
                    if answer.status == 200 {
                        served += 1
                        continue
                    }
                    refusal = answer
                    break
                }
                #expect(served >= 1, "a reader got a cold chart after the keeper stopped")
                // Readers get at least the reserve; more when background work gave back calls it counted ahead.
                #expect(served >= 50, "readers keep the reserve: \(usedBefore) before, \(served) served")
                #expect(usedBefore + served == 300, "readers got every call of the reserve: \(usedBefore) + \(served)")
                let refused = try #require(refusal, "no cold chart was refused after \(served) served")
                #expect(refused.status == 503, "\(refused.text)")
                let error = try #require(refused.json?["error"] as? [String: Any], "\(refused.text)")
                let message = try #require(error["message"] as? String)
                #expect(message.contains("quota"), "\(message)")
                // The other instance refuses too: the limit is the fleet's.
                let other = try await https[1].send("GET", "/api/v1/daily?date=\(day.isoString)&lang=en")
                #expect(other.status == 503, "\(other.text)")

                let stats = try await simulator.stats()
                #expect(stats.calls <= 300, "the simulator counted \(stats.calls) KOBIS calls")
                for http in https {
                    let quota = try await Fleet.status(http).quota
                    #expect(quota["used"] as? Int == 300, "\(quota)")
                }
                print("fleet: \(background) background calls, \(served) reader calls, \(stats.calls) in all")
                #expect(servers.allSatisfy { $0.isRunning })
            }
        }
    }

    @Test("sample mode on PostgreSQL: a fresh serve with the keeper on fills a year back and says current")
    func sampleModeYear() async throws {
        let from = Fleet.today.adding(days: -365)
        let days = Fleet.days(from, Fleet.today.adding(days: -2)).count
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "boxoffice-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestPostgres.withDatabase(prefix: "boxoffice_fleet_d_") { databaseURL in
            let environment = ["BOXOFFICE_KEEPER": "on", "BOXOFFICE_ARCHIVE_FROM": from.isoString]
            try await Fleet.withServers(1, databaseURL: databaseURL, directory: directory, environment: environment) {
                _, https in
                var keeper: [String: Any] = [:]
                try await Wait.until("the keeper fills a year in sample mode", limit: .seconds(180)) {
                    keeper = try await Fleet.status(https[0]).keeper
                    return keeper["state"] as? String == "current" && keeper["missingDays"] as? Int == 0
                }
                #expect(keeper["archivedDays"] as? Int == days, "\(keeper)")
                #expect(keeper["leader"] as? Bool == true)
                #expect(try await Fleet.duplicateCharts(databaseURL) == [])
            }
        }
    }
}
