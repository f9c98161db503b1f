import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// Jobs in memory, counting progress writes; a test can wait for a job's end.
actor InMemoryBackfillJobs: BackfillJobRepository {
    private var jobs: [UUID: BackfillJob] = [:]
    private(set) var progressWrites = 0
    /// Opened when the job's end is written.
    private var ends: [UUID: TestLatch] = [:]

    /// The latch ``finishJob(id:status:progress:message:now:)`` opens for `id`.
    func end(of id: UUID) -> TestLatch {
        if let latch = ends[id] { return latch }
        let latch = TestLatch()
        ends[id] = latch
        return latch
    }

    func createJob(_ job: BackfillJob) async throws { jobs[job.id] = job }
    func job(id: UUID) async throws -> BackfillJob? { jobs[id] }
    func recentJobs(limit: Int) async throws -> [BackfillJob] {
        Array(jobs.values.sorted { $0.createdAt > $1.createdAt }.prefix(limit))
    }
    func claimNextJob(instanceID: String, now: Date) async throws -> BackfillJob? {
        guard
            var next = jobs.values.filter({ $0.instanceID == instanceID && $0.status == .queued })
                .min(by: { $0.createdAt < $1.createdAt })
        else { return nil }
        next.status = .running
        next.startedAt = now
        next.heartbeatAt = now
        jobs[next.id] = next
        return next
    }
    func recordProgress(id: UUID, _ progress: BackfillProgress, now: Date) async throws -> Bool {
        progressWrites += 1
        guard var job = jobs[id], job.status == .running else { return false }
        job.progress = progress
        job.heartbeatAt = now
        jobs[id] = job
        return job.cancelRequested
    }
    func finishJob(id: UUID, status: BackfillStatus, progress: BackfillProgress, message: BackfillMessage?, now: Date)
        async throws
    {
        jobs[id]?.status = status
        jobs[id]?.progress = progress
        jobs[id]?.message = message
        jobs[id]?.finishedAt = now
        end(of: id).open()
    }
    func requestCancel(id: UUID, now: Date) async throws -> BackfillJob? {
        if jobs[id]?.status == .queued { jobs[id]?.status = .cancelled }
        if jobs[id]?.status == .running { jobs[id]?.cancelRequested = true }
        return jobs[id]
    }
    func requeue(id: UUID, instanceID: String, now: Date) async throws -> BackfillJob? {
        if jobs[id]?.status.canRestart == true {
            jobs[id]?.status = .queued
            jobs[id]?.instanceID = instanceID
            jobs[id]?.progress = BackfillProgress()
        }
        return jobs[id]
    }
    func touchJobs(instanceID: String, now: Date) async throws {
        for (id, job) in jobs where job.instanceID == instanceID && job.status.isActive { jobs[id]?.heartbeatAt = now }
    }
    func markAbandonedJobs(heartbeatBefore: Date, now: Date) async throws -> Int {
        let stale = jobs.values.filter { $0.status.isActive && $0.heartbeatAt < heartbeatBefore }
        for job in stale { jobs[job.id]?.status = .interrupted }
        return stale.count
    }
}

@Suite("Archive: background backfill service")
struct BackfillServiceTests {
    static let calendar = BoxOfficeCalendar(now: { seoul(2024, 3, 20, 12) })

    @Test(
        "ranges: counted days only, since the data begins, at most three years",
        arguments: [
            ("2024-03-10", "2024-03-01", BackfillRangeProblem.reversed),
            ("2024-03-01", "2024-03-20", .notCountedYet(latest: archiveDay("2024-03-19"))),
            ("2003-12-31", "2004-01-02", .beforeData(earliest: archiveDay("2004-01-01"))),
            ("2021-03-18", "2024-03-18", .tooLong(maximumDays: 1_096)),
        ] as [(String, String, BackfillRangeProblem)])
    func refusedRanges(from: String, to: String, problem: BackfillRangeProblem) {
        #expect(throws: problem) { try BackfillService.check(archiveRange(from, to), calendar: Self.calendar) }
    }

    @Test("three years to the day and yesterday itself are accepted")
    func acceptedRanges() throws {
        let threeYears = archiveRange("2021-03-19", "2024-03-18")
        #expect(threeYears.count == BackfillService.maximumDays)
        try BackfillService.check(threeYears, calendar: Self.calendar)
        try BackfillService.check(archiveRange("2024-03-19", "2024-03-19"), calendar: Self.calendar)
    }

    static func service(
        jobs: InMemoryBackfillJobs, upstream: ArchiveUpstream, store: InMemoryArchive,
        options: BackfillService.Options
    ) -> BackfillService {
        BackfillService(
            jobs: jobs, calendar: Self.calendar, options: options, instanceID: "here",
            makeEngine: { sync in
                SyncEngine(
                    upstream: upstream, charts: store, movies: store, archive: store, calendar: Self.calendar,
                    options: sync, sleep: { _ in })
            })
    }

    /// Runs the worker until the end of job `id` is written (a test failure after ``TestLatch/defaultLimit``).
    static func runUntilEnded(_ service: BackfillService, jobs: InMemoryBackfillJobs, _ id: UUID) async throws
        -> BackfillJob
    {
        let worker = Task { await service.run() }
        defer {
            service.stop()
            worker.cancel()
        }
        let end = await jobs.end(of: id)
        let ended = await end.wait()
        let job = try #require(try await service.job(id: id))
        try #require(ended, "backfill \(id) did not end within \(end.limit): \(job.status), \(job.progress)")
        #expect(!job.status.isActive)
        return job
    }

    @Test("a job runs with the sync engine to done == total; progress writes follow the interval, not the events")
    func runsToDone() async throws {
        let jobs = InMemoryBackfillJobs()
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let upstream = ArchiveUpstream(clock: clock)
        let store = InMemoryArchive()
        // An interval far longer than the run: no progress write during it, only the final one.
        let options = BackfillService.Options(
            progressInterval: .seconds(3600), heartbeatInterval: .seconds(3600), pollInterval: .milliseconds(50))
        let service = Self.service(jobs: jobs, upstream: upstream, store: store, options: options)
        let range = archiveRange("2024-02-01", "2024-02-29")
        let submitted = try await service.submit(SyncRequest(range: range), requestedBy: "boss", userID: nil)
        #expect(submitted.status == .queued)
        #expect(submitted.instanceID == "here")

        let job = try await Self.runUntilEnded(service, jobs: jobs, submitted.id)
        #expect(job.status == .done)
        let films = Set(range.days.flatMap { ArchiveUpstream.films(on: $0).map(\.code) })
        #expect(job.progress.total == 29 + films.count)
        #expect(job.progress.done == job.progress.total)
        #expect(job.progress.calls == upstream.totalCalls)
        #expect(job.message == nil)
        #expect(await jobs.progressWrites == 0, "dozens of events, no write before the interval")
        #expect(await store.storedDailyDays == range.days)
    }

    @Test("a job's KOBIS calls are counted as a backfill's in the quota ledger")
    func backfillPurpose() async throws {
        let jobs = InMemoryBackfillJobs()
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let upstream = ArchiveUpstream(clock: clock)
        let store = InMemoryArchive()
        let ledger = QuotaLedger(
            store: InMemoryQuotaStore(), keyID: "test", policy: QuotaPolicy(), calendar: Self.calendar)
        let gated = LedgerGatedUpstream(base: upstream, ledger: ledger)
        let service = BackfillService(
            jobs: jobs, calendar: Self.calendar, options: BackfillService.Options(pollInterval: .milliseconds(50)),
            instanceID: "here",
            makeEngine: { sync in
                SyncEngine(
                    upstream: gated, charts: store, movies: store, archive: store, calendar: Self.calendar,
                    options: sync, quota: ledger, sleep: { _ in })
            })
        let submitted = try await service.submit(
            SyncRequest(range: archiveRange("2024-02-01", "2024-02-05")), requestedBy: "boss", userID: nil)
        let job = try await Self.runUntilEnded(service, jobs: jobs, submitted.id)
        #expect(job.status == .done)
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.backfill] == upstream.totalCalls)
        #expect(usage.used == upstream.totalCalls)
        #expect(upstream.totalCalls > 0)
    }

    @Test("failures are summarized; a submitted range the service refuses throws before anything is stored")
    func failuresAndRefusal() async throws {
        let jobs = InMemoryBackfillJobs()
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let upstream = ArchiveUpstream(clock: clock)
        upstream.failAlways(archiveDay("2024-02-03"), with: .httpStatus(404))
        let service = Self.service(
            jobs: jobs, upstream: upstream, store: InMemoryArchive(),
            options: BackfillService.Options(pollInterval: .milliseconds(50)))
        let submitted = try await service.submit(
            SyncRequest(range: archiveRange("2024-02-01", "2024-02-05")), requestedBy: "boss", userID: nil)
        let job = try await Self.runUntilEnded(service, jobs: jobs, submitted.id)
        #expect(job.status == .failed)
        #expect(job.progress.failureCount == 1)
        #expect(job.progress.failures.count == 1)
        #expect(job.progress.failures.first?.line.hasPrefix("2024-02-03: ") == true)
        #expect(job.message == .itemsFailed(count: 1))
        #expect(job.status.canRestart)

        await #expect(throws: BoxOfficeError.self) {
            _ = try await service.submit(
                SyncRequest(range: archiveRange("2024-02-05", "2024-02-01")), requestedBy: "boss", userID: nil)
        }
        #expect(try await service.recentJobs().count == 1)
    }

    @Test("how a run's end becomes a job's status")
    func outcomes() {
        let request = SyncRequest(range: archiveRange("2024-02-01", "2024-02-02"))
        let plan = SyncPlan(
            request: request, dailyStatuses: [], weeklyStatuses: [], calendar: Self.calendar, provisionalTTL: 600)
        func report(_ stop: SyncStopReason?, failures: Int = 0, notCounted: Int = 0) -> SyncReport {
            var report = SyncReport(request: request, plan: plan)
            report.stopReason = stop
            report.chartsNotCounted = notCounted
            report.failures = (0..<failures).map { _ in
                SyncFailure(item: .movie(code: "X"), problem: .noDetails(movieCode: "X"), transient: false)
            }
            return report
        }
        #expect(BackfillService.outcome(of: report(nil), cancelRequested: false).status == .done)
        #expect(BackfillService.outcome(of: report(nil, notCounted: 1), cancelRequested: false).status == .done)
        #expect(BackfillService.outcome(of: report(nil, failures: 2), cancelRequested: false).status == .failed)
        #expect(BackfillService.outcome(of: report(.budget(10)), cancelRequested: false).status == .budgetStopped)
        #expect(
            BackfillService.outcome(of: report(.quotaReached(nil)), cancelRequested: false)
                == (.budgetStopped, .problem(.upstream(.callLimitReached))))
        #expect(BackfillService.outcome(of: report(.interrupted), cancelRequested: true).status == .cancelled)
        #expect(BackfillService.outcome(of: report(.interrupted), cancelRequested: false).status == .interrupted)
        #expect(
            BackfillService.outcome(
                of: report(.fatal(.upstream(.fault(code: KOBISError.invalidKeyCode, message: "key")))),
                cancelRequested: false
            ).status == .failed)
        #expect(
            BackfillService.outcome(
                of: report(.repeatedFailures(count: 5, last: .upstream(.timeout))), cancelRequested: false
            )
            .status
                == .failed)
    }
}
