public import Foundation

/// Stores background backfills, shared by every instance on the database.
public protocol BackfillJobRepository: Sendable {
    func createJob(_ job: BackfillJob) async throws
    func job(id: UUID) async throws -> BackfillJob?
    /// The most recent jobs, newest first.
    func recentJobs(limit: Int) async throws -> [BackfillJob]
    /// Marks the oldest job queued on `instanceID` as running (started and alive at `now`) and returns it;
    /// `nil` when none is queued. Only a queued job is claimed, so a job cancelled meanwhile stays cancelled.
    func claimNextJob(instanceID: String, now: Date) async throws -> BackfillJob?
    /// Writes a running job's progress and heartbeat; returns whether an administrator asked it to stop.
    func recordProgress(id: UUID, _ progress: BackfillProgress, now: Date) async throws -> Bool
    /// Ends a job.
    func finishJob(id: UUID, status: BackfillStatus, progress: BackfillProgress, message: BackfillMessage?, now: Date)
        async throws
    /// Cancels a queued job at once, or asks a running one to stop. Returns the job afterwards (`nil`: no such job).
    func requestCancel(id: UUID, now: Date) async throws -> BackfillJob?
    /// Queues a job that ``BackfillStatus/canRestart`` again, on `instanceID`, with its progress cleared.
    /// Returns the job afterwards (`nil`: no such job); a job that could not be restarted comes back unchanged.
    func requeue(id: UUID, instanceID: String, now: Date) async throws -> BackfillJob?
    /// Refreshes the heartbeat of the instance's queued and running jobs.
    func touchJobs(instanceID: String, now: Date) async throws
    /// Marks queued or running jobs whose heartbeat is older than `heartbeatBefore` as interrupted (their
    /// instance is gone); returns how many.
    func markAbandonedJobs(heartbeatBefore: Date, now: Date) async throws -> Int
}
