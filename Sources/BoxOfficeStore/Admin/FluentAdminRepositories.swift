public import BoxOfficeCore
import FluentKit
import Foundation

/// The administrator role in `diary_users.is_admin`.
struct FluentAdministratorRepository: AdministratorRepository {
    let database: any Database

    func isAdministrator(userID: UUID) async throws -> Bool {
        try await StorageFailure.run("check an account's role", logger: database.logger) {
            try await AdministratorFlagModel.query(on: database)
                .filter(\.$id == userID)
                .filter(\.$isAdmin == true)
                .count() > 0
        }
    }

    func setAdministrator(_ isAdministrator: Bool, usernameKey: String) async throws -> String? {
        try await StorageFailure.run("change an account's role", logger: database.logger) {
            guard
                let account = try await AdministratorFlagModel.query(on: database)
                    .filter(\.$usernameKey == usernameKey)
                    .first()
            else { return nil }
            try await AdministratorFlagModel.query(on: database)
                .filter(\.$id == account.requireID())
                .set(\.$isAdmin, to: isAdministrator)
                .update()
            return account.username
        }
    }

    func administrators() async throws -> [String] {
        try await StorageFailure.run("list administrators", logger: database.logger) {
            try await AdministratorFlagModel.query(on: database)
                .filter(\.$isAdmin == true)
                .sort(\.$usernameKey)
                .all()
                .map(\.username)
        }
    }
}

/// Background backfills in `backfill_jobs`. Every change of state is one conditional update (`WHERE status …`),
/// so instances racing over the same job (a cancel here, a claim there) never undo each other.
struct FluentBackfillJobRepository: BackfillJobRepository {
    let database: any Database

    private static let restartable = BackfillStatus.allCases.filter(\.canRestart).map(\.rawValue)
    private static let active = [BackfillStatus.queued.rawValue, BackfillStatus.running.rawValue]

    func createJob(_ job: BackfillJob) async throws {
        try await StorageFailure.run("store a backfill", logger: database.logger) {
            try await BackfillJobModel(job).create(on: database)
        }
    }

    func job(id: UUID) async throws -> BackfillJob? {
        try await StorageFailure.run("read a backfill", logger: database.logger) {
            try await BackfillJobModel.find(id, on: database)?.domain()
        }
    }

    func recentJobs(limit: Int) async throws -> [BackfillJob] {
        try await StorageFailure.run("list backfills", logger: database.logger) {
            try await BackfillJobModel.query(on: database)
                .sort(\.$createdAt, .descending)
                .sort(\.$id)
                .limit(max(0, limit))
                .all()
                .map { try $0.domain() }
        }
    }

    func claimNextJob(instanceID: String, now: Date) async throws -> BackfillJob? {
        try await StorageFailure.run("start a backfill", logger: database.logger) {
            guard
                let next = try await BackfillJobModel.query(on: database)
                    .filter(\.$instanceID == instanceID)
                    .filter(\.$status == BackfillStatus.queued.rawValue)
                    .sort(\.$createdAt)
                    .sort(\.$id)
                    .first(),
                let id = next.id
            else { return nil }
            try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$status == BackfillStatus.queued.rawValue)
                .set(\.$status, to: BackfillStatus.running.rawValue)
                .set(\.$startedAt, to: now)
                .set(\.$heartbeatAt, to: now)
                .update()
            // Cancelled (or claimed) meanwhile: not ours to run.
            guard let claimed = try await BackfillJobModel.find(id, on: database)?.domain(),
                claimed.status == .running, claimed.instanceID == instanceID
            else { return nil }
            return claimed
        }
    }

    func recordProgress(id: UUID, _ progress: BackfillProgress, now: Date) async throws -> Bool {
        try await StorageFailure.run("record a backfill's progress", logger: database.logger) {
            try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$status == BackfillStatus.running.rawValue)
                .set(\.$done, to: progress.done)
                .set(\.$total, to: progress.total)
                .set(\.$calls, to: progress.calls)
                .set(\.$failureCount, to: progress.failureCount)
                .set(\.$failures, to: try BackfillJobModel.encode(progress.failures))
                .set(\.$heartbeatAt, to: now)
                .update()
            return try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$cancelRequested == true)
                .count() > 0
        }
    }

    func finishJob(id: UUID, status: BackfillStatus, progress: BackfillProgress, message: BackfillMessage?, now: Date)
        async throws
    {
        try await StorageFailure.run("record the end of a backfill", logger: database.logger) {
            try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .set(\.$status, to: status.rawValue)
                .set(\.$done, to: progress.done)
                .set(\.$total, to: progress.total)
                .set(\.$calls, to: progress.calls)
                .set(\.$failureCount, to: progress.failureCount)
                .set(\.$failures, to: try BackfillJobModel.encode(progress.failures))
                .set(\.$message, to: try BackfillJobModel.encode(message))
                .set(\.$finishedAt, to: now)
                .set(\.$heartbeatAt, to: now)
                .update()
        }
    }

    func requestCancel(id: UUID, now: Date) async throws -> BackfillJob? {
        try await StorageFailure.run("cancel a backfill", logger: database.logger) {
            try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$status == BackfillStatus.queued.rawValue)
                .set(\.$status, to: BackfillStatus.cancelled.rawValue)
                .set(\.$cancelRequested, to: true)
                .set(\.$finishedAt, to: now)
                .update()
            try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$status == BackfillStatus.running.rawValue)
                .set(\.$cancelRequested, to: true)
                .update()
            return try await BackfillJobModel.find(id, on: database)?.domain()
        }
    }

    func requeue(id: UUID, instanceID: String, now: Date) async throws -> BackfillJob? {
        try await StorageFailure.run("restart a backfill", logger: database.logger) {
            try await BackfillJobModel.query(on: database)
                .filter(\.$id == id)
                .filter(\.$status ~~ Self.restartable)
                .set(\.$status, to: BackfillStatus.queued.rawValue)
                .set(\.$instanceID, to: instanceID)
                .set(\.$done, to: 0)
                .set(\.$total, to: 0)
                .set(\.$calls, to: 0)
                .set(\.$failureCount, to: 0)
                .set(\.$failures, to: try BackfillJobModel.encode([]))
                .set(\.$message, to: nil)
                .set(\.$cancelRequested, to: false)
                .set(\.$startedAt, to: nil)
                .set(\.$finishedAt, to: nil)
                .set(\.$heartbeatAt, to: now)
                .update()
            return try await BackfillJobModel.find(id, on: database)?.domain()
        }
    }

    func touchJobs(instanceID: String, now: Date) async throws {
        try await StorageFailure.run("refresh backfill heartbeats", logger: database.logger) {
            try await BackfillJobModel.query(on: database)
                .filter(\.$instanceID == instanceID)
                .filter(\.$status ~~ Self.active)
                .set(\.$heartbeatAt, to: now)
                .update()
        }
    }

    func markAbandonedJobs(heartbeatBefore: Date, now: Date) async throws -> Int {
        try await StorageFailure.run("check for abandoned backfills", logger: database.logger) {
            let abandoned = try await BackfillJobModel.query(on: database)
                .filter(\.$status ~~ Self.active)
                .filter(\.$heartbeatAt < heartbeatBefore)
                .all(\.$id)
            guard !abandoned.isEmpty else { return 0 }
            // The heartbeat condition again: an instance that came back to life meanwhile keeps its job.
            try await BackfillJobModel.query(on: database)
                .filter(\.$id ~~ abandoned)
                .filter(\.$status ~~ Self.active)
                .filter(\.$heartbeatAt < heartbeatBefore)
                .set(\.$status, to: BackfillStatus.interrupted.rawValue)
                .set(\.$message, to: try BackfillJobModel.encode(BackfillMessage.instanceLost))
                .set(\.$finishedAt, to: now)
                .update()
            return abandoned.count
        }
    }
}

extension BoxOfficeDatabase {
    /// The administrator role of diary accounts.
    public func administratorRepository() -> any AdministratorRepository {
        FluentAdministratorRepository(database: database)
    }

    /// Administrators' background backfills, shared by every instance on this database.
    public func backfillJobRepository() -> any BackfillJobRepository {
        FluentBackfillJobRepository(database: database)
    }
}
