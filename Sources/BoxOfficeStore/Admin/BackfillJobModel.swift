import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `backfill_jobs`.
final class BackfillJobModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "backfill_jobs"

    @ID(key: .id) var id: UUID?
    /// `YYYY-MM-DD`.
    @Field(key: "range_start") var rangeStart: String
    @Field(key: "range_end") var rangeEnd: String
    @Field(key: "include_weekly") var includeWeekly: Bool
    /// A ``BackfillStatus`` raw value.
    @Field(key: "status") var status: String
    @Field(key: "done") var done: Int
    @Field(key: "total") var total: Int
    @Field(key: "calls") var calls: Int
    @Field(key: "failure_count") var failureCount: Int
    /// The first failures as a JSON array of ``BackfillFailure`` (an earlier version stored English lines).
    @Field(key: "failures") var failures: String
    /// A ``BackfillMessage`` as JSON (an earlier version stored an English line).
    @OptionalField(key: "message") var message: String?
    @Field(key: "requested_by") var requestedBy: String
    @OptionalField(key: "requested_by_id") var requestedByID: UUID?
    @Field(key: "instance_id") var instanceID: String
    @Field(key: "cancel_requested") var cancelRequested: Bool
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "started_at") var startedAt: Date?
    @OptionalField(key: "finished_at") var finishedAt: Date?
    @Field(key: "heartbeat_at") var heartbeatAt: Date

    init() {}

    init(_ job: BackfillJob) throws {
        id = job.id
        rangeStart = job.request.range.start.isoString
        rangeEnd = job.request.range.end.isoString
        includeWeekly = job.request.includeWeekly
        status = job.status.rawValue
        requestedBy = job.requestedBy
        requestedByID = job.requestedByID
        instanceID = job.instanceID
        cancelRequested = job.cancelRequested
        createdAt = job.createdAt
        startedAt = job.startedAt
        finishedAt = job.finishedAt
        heartbeatAt = job.heartbeatAt
        try apply(job.progress)
    }

    func apply(_ progress: BackfillProgress) throws {
        done = progress.done
        total = progress.total
        calls = progress.calls
        failureCount = progress.failureCount
        failures = try Self.encode(progress.failures)
    }

    func domain() throws -> BackfillJob {
        let id = try requireID()
        func corrupt(_ what: String) -> BoxOfficeError {
            .storage("The stored backfill \(id.uuidString) is corrupt: \(what).")
        }
        guard let start = CalendarDate(rangeStart), let end = CalendarDate(rangeEnd) else {
            throw corrupt("range \(rangeStart)…\(rangeEnd)")
        }
        guard let status = BackfillStatus(rawValue: status) else { throw corrupt("status \"\(status)\"") }
        let data = Data(failures.utf8)
        let lines: [BackfillFailure]
        if let typed = try? JSONDecoder().decode([BackfillFailure].self, from: data) {
            lines = typed
        } else if let legacy = try? JSONDecoder().decode([String].self, from: data) {
            lines = legacy.map(BackfillFailure.text)
        } else {
            throw corrupt("failures")
        }
        return BackfillJob(
            id: id, request: SyncRequest(range: DateRange(start: start, end: end), includeWeekly: includeWeekly),
            status: status,
            progress: BackfillProgress(
                done: done, total: total, calls: calls, failureCount: failureCount, failures: lines),
            message: message.map(Self.message(stored:)), requestedBy: requestedBy, requestedByID: requestedByID,
            instanceID: instanceID,
            cancelRequested: cancelRequested, createdAt: DiaryTime.normalized(createdAt),
            startedAt: startedAt.map(DiaryTime.normalized), finishedAt: finishedAt.map(DiaryTime.normalized),
            heartbeatAt: DiaryTime.normalized(heartbeatAt))
    }

    static func encode(_ failures: [BackfillFailure]) throws -> String {
        String(decoding: try JSONEncoder().encode(failures), as: UTF8.self)
    }

    static func encode(_ message: BackfillMessage?) throws -> String? {
        try message.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }

    /// The stored message; text that is not a message's JSON was written by an earlier version, shown as it is.
    static func message(stored text: String) -> BackfillMessage {
        (try? JSONDecoder().decode(BackfillMessage.self, from: Data(text.utf8))) ?? .text(text)
    }
}
