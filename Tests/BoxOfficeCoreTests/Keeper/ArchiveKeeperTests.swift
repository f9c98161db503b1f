import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Keeper: an archive that fills and keeps itself")
struct ArchiveKeeperTests {
    @Test("fills the range newest to oldest after the morning run, each chart once, every weekly range, then current")
    func fillsNewestFirst() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let log = KeeperLog()
        let keeper = f.keeper(from: "2024-01-01", log: log)
        let task = Task { await keeper.run() }
        await log.wait(for: "the keeper to be current") { log.lastState == .current }
        let status = try await keeper.status()
        #expect(status.state == .current)
        #expect(status.archivedDays == 78)
        #expect(status.missingDays == 0)
        #expect(status.latestSettledDay == archiveDay("2024-03-18"))
        #expect(status.leader)
        #expect(status.nextRunAt == seoul(2024, 3, 21, 9))
        keeper.stop()
        await task.value

        // Yesterday came with the morning run; the fill ends at the latest settled day.
        let kept = archiveRange("2024-01-01", "2024-03-19")
        #expect(await f.store.storedDailyDays == kept.days)
        for day in kept.days { #expect(f.upstream.calls(for: .daily(day)) == 1, "\(day)") }
        for kind in [ChartKind.week, .weekend, .weekdays] {
            #expect(f.upstream.calls(for: ChartQuery(kind: kind, date: archiveDay("2024-03-11"))) == 1, "\(kind)")
            #expect(f.upstream.calls(for: ChartQuery(kind: kind, date: archiveDay("2024-01-01"))) == 1, "\(kind)")
        }
        let ranges = log.runs.map(\.0.range)
        #expect(ranges.first == archiveRange("2024-03-12", "2024-03-19"))
        let fill = Array(ranges.dropFirst())
        #expect(fill.first == archiveRange("2024-03-09", "2024-03-18"))
        #expect(fill.last?.start == archiveDay("2024-01-01"))
        #expect(fill.map(\.start) == fill.map(\.start).sorted(by: >))
        #expect(log.runs.allSatisfy { $0.1.isComplete })
        // Every film's nation learned on the way.
        #expect(try await f.store.movieCodesWithoutNation(in: kept).isEmpty)
        // Stopped, it let the lease go.
        #expect(try await keeper.status().leader == false)
        #expect(try await f.leases.holder(of: ArchiveKeeper.leaseName, now: f.time.now) == nil)
    }

    @Test("spends no more than limit − reserve, leaves the reserve to readers, and resumes after KST midnight")
    func quota() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12), policy: QuotaPolicy(limit: 40, reserve: 10))
        let log = KeeperLog()
        let keeper = f.keeper(from: "2023-01-01", log: log)
        let task = Task { await keeper.run() }
        await log.wait(for: "the quota to stop the keeper") { log.lastState == .waitingForQuota }

        let day1 = try await f.ledger.usage()
        #expect(day1.byPurpose[.keeper] == 30)
        #expect(day1.used == 30)
        #expect(f.upstream.chartCallCount + f.upstream.movieCallCount == 30)
        #expect(try await keeper.status().nextRunAt == seoul(2024, 3, 21))
        // Readers still have their reserve, and not one call more.
        for _ in 0..<10 { try await f.ledger.admit(.readers) }
        await #expect(throws: KOBISError.callLimitReached) { try await f.ledger.admit(.readers) }

        let sleeps = f.time.sleepCalls
        f.time.advance(to: seoul(2024, 3, 21, 0, 1))
        await log.wait(for: "the keeper to spend the next day's quota") {
            f.time.sleepCalls > sleeps && log.lastState == .waitingForQuota
                && f.upstream.chartCallCount + f.upstream.movieCallCount == 60
        }
        let day2 = try await f.ledger.usage()
        #expect(day2.day == archiveDay("2024-03-21"))
        #expect(day2.byPurpose[.keeper] == 30)
        #expect(try await f.ledger.usage(on: archiveDay("2024-03-20")).used == 40)
        keeper.stop()
        await task.value
    }

    @Test("before the morning hour yesterday waits; at the hour it is fetched once; the next morning it settles")
    func morningRun() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 8))
        let log = KeeperLog()
        let keeper = f.keeper(from: "2024-03-01", log: log)
        let task = Task { await keeper.run() }
        await log.wait(for: "the first fill") { log.lastState == .current }
        let yesterday = ChartQuery.daily(archiveDay("2024-03-19"))
        #expect(f.upstream.calls(for: yesterday) == 0)
        #expect(try await keeper.status().nextRunAt == seoul(2024, 3, 20, 9))

        let runs = log.runs.count
        f.time.advance(to: seoul(2024, 3, 20, 9))
        await log.wait(for: "the morning run") { log.runs.count == runs + 1 }
        #expect(f.upstream.calls(for: yesterday) == 1)
        #expect(log.runs.last?.0.range == archiveRange("2024-03-12", "2024-03-19"))

        // Later that day the keeper goes round again and again, and fetches nothing more.
        for hour in 10...14 {
            let sleeps = f.time.sleepCalls
            f.time.advance(to: seoul(2024, 3, 20, hour))
            await log.wait(for: "the keeper to go round at \(hour):00") { f.time.sleepCalls >= sleeps + 1 }
        }
        await log.wait(for: "the keeper to be current") { log.lastState == .current }
        #expect(f.upstream.calls(for: yesterday) == 1)
        #expect(log.runs.count == runs + 1)

        // The next morning: the 20th provisionally, and the 19th again now that it is settled.
        f.time.advance(to: seoul(2024, 3, 21, 9))
        await log.wait(for: "the second morning run") { log.runs.count == runs + 2 }
        #expect(f.upstream.calls(for: yesterday) == 2)
        #expect(f.upstream.calls(for: .daily(archiveDay("2024-03-20"))) == 1)
        keeper.stop()
        await task.value
    }

    @Test("one keeper leads; when it dies another takes over within two leases and repeats only calls in flight")
    func takeover() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let logA = KeeperLog()
        let logB = KeeperLog()
        let tripwire = Locked<TripwireUpstream?>(nil)
        let a = f.keeper(from: "2023-10-01", id: "a", log: logA) { base in
            let wire = TripwireUpstream(base: base, limit: 40)
            tripwire.withLock { $0 = wire }
            return wire
        }
        let b = f.keeper(from: "2023-10-01", id: "b", log: logB)
        let taskA = Task { await a.run() }
        await logA.wait(for: "a to lead") {
            logA.all.contains { if case .leadership(true) = $0 { true } else { false } }
        }
        let taskB = Task { await b.run() }
        await logB.wait(for: "b to stand by") { logB.lastState == .standby }
        await logA.wait(for: "a to hang on its 41st call") { (tripwire.withLock { $0 }?.heldCalls ?? 0) >= 1 }
        #expect(try await b.status().state == .standby)
        #expect(try await a.status().leader)

        // a dies: it renews nothing and lets nothing go.
        taskA.cancel()
        // b looks every half lease (15 s).
        var waited: TimeInterval = 0
        while !logB.all.contains(where: { if case .leadership(true) = $0 { true } else { false } }) && waited < 90 {
            let sleeps = f.time.sleepCalls
            f.time.advance(by: 15)
            waited += 15
            await logB.wait(for: "b to look again") {
                f.time.sleepCalls > sleeps
                    || logB.all.contains { if case .leadership(true) = $0 { true } else { false } }
            }
        }
        #expect(waited <= 60, "b took over after \(waited) s; the lease is 30 s")
        await logB.wait(for: "b to finish the range") { logB.lastState == .current }
        let kept = archiveRange("2023-10-01", "2024-03-19")
        #expect(await f.store.storedDailyDays == kept.days)
        // Every chart reached the upstream once: those a was waiting for when it died are b's alone.
        for day in kept.days { #expect(f.upstream.calls(for: .daily(day)) == 1, "\(day)") }
        tripwire.withLock { $0 }?.release()
        b.stop()
        await taskB.value
        await taskA.value
    }

    @Test("backs off while KOBIS keeps failing, then fills")
    func backoff() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let log = KeeperLog()
        f.upstream.failEveryCall(with: .httpStatus(500))
        let keeper = f.keeper(from: "2024-03-01", log: log)
        let task = Task { await keeper.run() }
        await log.wait(for: "the keeper to back off") { log.lastState == .backingOff }
        let status = try await keeper.status()
        #expect(status.nextRunAt == seoul(2024, 3, 20, 12).addingTimeInterval(60))
        let calls = f.upstream.chartCallCount
        f.upstream.failEveryCall(with: nil)
        f.time.advance(by: 61)
        await log.wait(for: "the keeper to fill after the backoff") { log.lastState == .current }
        #expect(f.upstream.chartCallCount > calls)
        #expect(await f.store.storedDailyDays == archiveRange("2024-03-01", "2024-03-19").days)
        keeper.stop()
        await task.value
    }

    @Test("administrators pause, resume and run it now, from any instance")
    func controls() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let log = KeeperLog()
        let keeper = f.keeper(from: "2024-03-10", log: log)
        let standby = f.keeper(from: "2024-03-10", id: "b", log: KeeperLog())
        let task = Task { await keeper.run() }
        await log.wait(for: "the keeper to be current") { log.lastState == .current }
        let yesterday = ChartQuery.daily(archiveDay("2024-03-19"))
        #expect(f.upstream.calls(for: yesterday) == 1)

        try await standby.pause()
        #expect(try await standby.status().state == .paused)
        let sleeps = f.time.sleepCalls
        f.time.advance(by: 30)
        await log.wait(for: "the leader to see the pause") { log.lastState == .paused && f.time.sleepCalls > sleeps }
        try await standby.resume()
        f.time.advance(by: 30)
        await log.wait(for: "the leader to resume") { log.lastState == .current }

        // Run now: the morning work again (yesterday is provisional and its ten minutes are over).
        f.time.advance(by: 11 * 60)
        try await keeper.runNow()
        await log.wait(for: "the run asked for") { f.upstream.calls(for: yesterday) == 2 }
        keeper.stop()
        await task.value
    }

    @Test("when the lease cannot be read, the keeper stands by, says why and calls nothing")
    func leaseStoreDown() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let log = KeeperLog()
        let keeper = f.keeper(from: "2024-03-01", log: log, leases: BrokenLeases())
        let task = Task { await keeper.run() }
        await log.wait(for: "the keeper to report the lease") {
            log.all.contains { if case .problem(let text) = $0 { text.contains("lease") } else { false } }
                && log.lastState == .standby
        }
        #expect(f.upstream.chartCallCount == 0)
        #expect(try await keeper.status().leader == false)
        keeper.stop()
        await task.value
        #expect(f.upstream.chartCallCount == 0)
    }

    @Test("off: no call, no lease, state disabled")
    func disabled() async throws {
        let f = KeeperFixture(now: seoul(2024, 3, 20, 12))
        let log = KeeperLog()
        let keeper = f.keeper(from: "2024-03-01", enabled: false, log: log)
        let task = Task { await keeper.run() }
        let status = try await keeper.status()
        #expect(status.state == .disabled)
        #expect(status.missingDays == 18)
        keeper.stop()
        await task.value
        #expect(f.upstream.chartCallCount == 0)
        #expect(try await f.leases.holder(of: ArchiveKeeper.leaseName, now: f.time.now) == nil)
    }
}
