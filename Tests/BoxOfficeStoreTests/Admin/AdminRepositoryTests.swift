import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import Testing

/// The administrator role and the background backfill jobs, on a real SQLite file and on PostgreSQL when set.
@Suite("Admin store: administrator role and backfill jobs", .serialized)
struct AdminRepositoryTests {
    static let now = DiaryTime.normalized(Date(timeIntervalSince1970: 1_710_903_600.5))

    static func createUser(_ name: String, in database: BoxOfficeDatabase) async throws -> DiaryUser {
        let user = DiaryUser(id: UUID(), username: name, createdAt: now)
        try await database.diaryRepositories().users.createUser(
            user, usernameKey: DiaryValidation.usernameKey(name), passwordHash: "hash")
        return user
    }

    static func job(
        instance: String = "instance-a", status: BackfillStatus = .queued, createdAt: Date = now,
        heartbeatAt: Date = now, requestedBy: DiaryUser? = nil
    ) -> BackfillJob {
        BackfillJob(
            id: UUID(),
            request: SyncRequest(
                range: DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-10")!),
                includeWeekly: true),
            status: status, requestedBy: requestedBy?.username ?? "admin", requestedByID: requestedBy?.id,
            instanceID: instance, createdAt: createdAt, heartbeatAt: heartbeatAt)
    }

    @Test(
        "accounts start without the role; grant and revoke by username ignoring case; unknown names",
        arguments: Backend.enabled)
    func administratorRole(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let admins = database.administratorRepository()
            let minji = try await Self.createUser("MinJi", in: database)
            let other = try await Self.createUser("other", in: database)
            #expect(try await admins.isAdministrator(userID: minji.id) == false)
            #expect(try await admins.administrators().isEmpty)

            #expect(
                try await admins.setAdministrator(true, usernameKey: DiaryValidation.usernameKey("minji")) == "MinJi")
            #expect(try await admins.isAdministrator(userID: minji.id))
            #expect(try await admins.isAdministrator(userID: other.id) == false)
            #expect(try await admins.administrators() == ["MinJi"])
            // Granting twice is harmless; the diary still reads the account as before.
            #expect(try await admins.setAdministrator(true, usernameKey: "minji") == "MinJi")
            #expect(try await database.diaryRepositories().users.user(id: minji.id) == minji)

            #expect(try await admins.setAdministrator(true, usernameKey: "nobody") == nil)
            #expect(try await admins.isAdministrator(userID: UUID()) == false)

            #expect(try await admins.setAdministrator(false, usernameKey: "minji") == "MinJi")
            #expect(try await admins.isAdministrator(userID: minji.id) == false)
            #expect(try await admins.administrators().isEmpty)
        }
    }

    @Test("the new migrations revert and apply again; the role column defaults to false", arguments: Backend.enabled)
    func migrations(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let user = try await Self.createUser("early", in: database)
            try await database.backfillJobRepository().createJob(Self.job(requestedBy: user))
            try await database.revertAll()
            try await database.migrate()
            #expect(try await database.rowCount(of: "backfill_jobs") == 0)
            let again = try await Self.createUser("early", in: database)
            #expect(try await database.administratorRepository().isAdministrator(userID: again.id) == false)
        }
    }

    @Test("jobs round-trip; the newest come first; unknown ids are nil", arguments: Backend.enabled)
    func roundTrip(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let jobs = database.backfillJobRepository()
            let user = try await Self.createUser("admin", in: database)
            let older = Self.job(createdAt: Self.now, requestedBy: user)
            let newer = Self.job(instance: "instance-b", createdAt: Self.now.addingTimeInterval(60))
            try await jobs.createJob(older)
            try await jobs.createJob(newer)
            #expect(try await jobs.job(id: older.id) == older)
            #expect(try await jobs.recentJobs(limit: 10).map(\.id) == [newer.id, older.id])
            #expect(try await jobs.recentJobs(limit: 1).map(\.id) == [newer.id])
            #expect(try await jobs.job(id: UUID()) == nil)
        }
    }

    @Test(
        "an instance claims only its own queued jobs, oldest first; progress and the end are recorded",
        arguments: Backend.enabled)
    func claimAndProgress(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let jobs = database.backfillJobRepository()
            let first = Self.job(createdAt: Self.now)
            let second = Self.job(createdAt: Self.now.addingTimeInterval(1))
            let elsewhere = Self.job(instance: "instance-b", createdAt: Self.now.addingTimeInterval(-10))
            for job in [second, elsewhere, first] { try await jobs.createJob(job) }

            let later = Self.now.addingTimeInterval(5)
            let claimed = try #require(try await jobs.claimNextJob(instanceID: "instance-a", now: later))
            #expect(claimed.id == first.id)
            #expect(claimed.status == .running)
            #expect(claimed.startedAt == later)
            #expect(try await jobs.claimNextJob(instanceID: "instance-a", now: later)?.id == second.id)
            #expect(try await jobs.claimNextJob(instanceID: "instance-a", now: later) == nil)
            #expect(try await jobs.job(id: elsewhere.id)?.status == .queued)

            let progress = BackfillProgress(
                done: 7, total: 12, calls: 8, failureCount: 1,
                failures: [
                    .item(
                        .chart(ChartQuery(kind: .daily, date: CalendarDate("2024-03-02")!)), .upstream(.httpStatus(404))
                    )
                ])
            #expect(try await jobs.recordProgress(id: first.id, progress, now: later.addingTimeInterval(1)) == false)
            let running = try #require(try await jobs.job(id: first.id))
            #expect(running.progress == progress)
            #expect(running.heartbeatAt == later.addingTimeInterval(1))

            let final = BackfillProgress(done: 12, total: 12, calls: 13)
            try await jobs.finishJob(
                id: first.id, status: .done, progress: final, message: nil, now: later.addingTimeInterval(2))
            let done = try #require(try await jobs.job(id: first.id))
            #expect(done.status == .done)
            #expect(done.progress == final)
            #expect(done.finishedAt == later.addingTimeInterval(2))
            // Progress for a job that is no longer running changes nothing.
            _ = try await jobs.recordProgress(id: first.id, progress, now: later.addingTimeInterval(3))
            #expect(try await jobs.job(id: first.id)?.progress == final)
        }
    }

    @Test(
        "cancel: a queued job at once, a running one by request; restart only what may restart",
        arguments: Backend.enabled)
    func cancelAndRestart(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let jobs = database.backfillJobRepository()
            let queued = Self.job()
            let running = Self.job(createdAt: Self.now.addingTimeInterval(-5))
            try await jobs.createJob(running)
            try await jobs.createJob(queued)
            #expect(try await jobs.claimNextJob(instanceID: "instance-a", now: Self.now)?.id == running.id)

            let cancelledQueued = try #require(try await jobs.requestCancel(id: queued.id, now: Self.now))
            #expect(cancelledQueued.status == .cancelled)
            #expect(
                try await jobs.claimNextJob(instanceID: "instance-a", now: Self.now) == nil,
                "a cancelled job is never run")

            let asked = try #require(try await jobs.requestCancel(id: running.id, now: Self.now))
            #expect(asked.status == .running)
            #expect(asked.cancelRequested)
            #expect(try await jobs.recordProgress(id: running.id, BackfillProgress(done: 1, total: 3), now: Self.now))
            #expect(try await jobs.requestCancel(id: UUID(), now: Self.now) == nil)

            // A running job cannot be restarted; a cancelled one can, on the instance that restarts it.
            #expect(try await jobs.requeue(id: running.id, instanceID: "instance-b", now: Self.now)?.status == .running)
            let restarted = try #require(try await jobs.requeue(id: queued.id, instanceID: "instance-b", now: Self.now))
            #expect(restarted.status == .queued)
            #expect(restarted.instanceID == "instance-b")
            #expect(restarted.cancelRequested == false)
            #expect(restarted.progress == BackfillProgress())
            #expect(try await jobs.claimNextJob(instanceID: "instance-b", now: Self.now)?.id == queued.id)
            #expect(try await jobs.requeue(id: UUID(), instanceID: "instance-b", now: Self.now) == nil)
        }
    }

    @Test(
        "jobs whose instance went silent are marked interrupted; live ones and finished ones are not",
        arguments: Backend.enabled)
    func abandoned(backend: Backend) async throws {
        try await TestStore.with(backend) { database, store in
            let jobs = database.backfillJobRepository()
            let stale = Self.now.addingTimeInterval(-120)
            let deadRunning = Self.job(instance: "dead", heartbeatAt: stale)
            let deadQueued = Self.job(instance: "dead", createdAt: Self.now.addingTimeInterval(1), heartbeatAt: stale)
            let alive = Self.job(instance: "alive", heartbeatAt: stale)
            let finished = Self.job(instance: "dead", status: .done, heartbeatAt: stale)
            for job in [deadRunning, deadQueued, alive, finished] { try await jobs.createJob(job) }
            #expect(try await jobs.claimNextJob(instanceID: "dead", now: stale)?.id == deadRunning.id)
            // The live instance shows it is alive.
            try await jobs.touchJobs(instanceID: "alive", now: Self.now)

            // Another instance on the same database sweeps.
            let second = try store.open()
            let marked = try await second.backfillJobRepository().markAbandonedJobs(
                heartbeatBefore: Self.now.addingTimeInterval(-30), now: Self.now)
            await second.shutdown()
            #expect(marked == 2)
            #expect(try await jobs.job(id: deadRunning.id)?.status == .interrupted)
            #expect(try await jobs.job(id: deadQueued.id)?.status == .interrupted)
            #expect(try await jobs.job(id: alive.id)?.status == .queued)
            #expect(try await jobs.job(id: finished.id)?.status == .done)
            #expect(try await jobs.job(id: deadRunning.id)?.status.canRestart == true)
        }
    }

    @Test("every status the domain knows passes the column's check and reads back", arguments: Backend.enabled)
    func statusCheck(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let jobs = database.backfillJobRepository()
            let job = Self.job()
            try await jobs.createJob(job)
            for status in BackfillStatus.allCases {
                try await jobs.finishJob(
                    id: job.id, status: status, progress: BackfillProgress(), message: .problem(.upstream(.timeout)),
                    now: Self.now)
                #expect(try await jobs.job(id: job.id)?.status == status)
            }
        }
    }

    @Test(
        "a job finished by an earlier version (English message and failure lines) reads back as text; new ones typed",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3's sqlite3"))
    func legacyMessages() async throws {
        try await TestStore.with(.sqlite) { database, store in
            let jobs = database.backfillJobRepository()
            let job = Self.job()
            try await jobs.createJob(job)
            guard case .sqlite(let path) = store.location else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                    + "c.execute(\"UPDATE backfill_jobs SET status = 'failed', message = ?, failures = ?\", "
                    + "('1 item(s) failed.', '[\\\"2024-03-02: KOBIS answered HTTP 404\\\"]')); c.commit()",
                path,
            ]
            try process.run()
            process.waitUntilEnded()
            #expect(process.terminationStatus == 0)
            let old = try #require(try await jobs.job(id: job.id))
            #expect(old.message == .text("1 item(s) failed."))
            #expect(old.progress.failures == [.text("2024-03-02: KOBIS answered HTTP 404")])

            let failure = BackfillFailure.item(.movie(code: "20124079"), .noDetails(movieCode: "20124079"))
            try await jobs.finishJob(
                id: job.id, status: .failed,
                progress: BackfillProgress(done: 1, total: 1, calls: 1, failureCount: 1, failures: [failure]),
                message: .repeatedFailures(count: 5, last: .upstream(.httpStatus(502))), now: Self.now)
            let new = try #require(try await jobs.job(id: job.id))
            #expect(new.message == .repeatedFailures(count: 5, last: .upstream(.httpStatus(502))))
            #expect(new.progress.failures == [failure])
        }
    }
}
