public import Foundation

/// A backfill an administrator asked for: a ``SyncRequest`` run in the background by one server instance, with
/// its progress kept in the database so every instance shows the same.
public struct BackfillJob: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var request: SyncRequest
    public var status: BackfillStatus
    public var progress: BackfillProgress
    /// Why it ended (a KOBIS or store failure, the stop reason); `nil` while it runs or when it ended well.
    public var message: BackfillMessage?
    /// The administrator who asked for it, as named then, and the account (nil once the account is gone).
    public var requestedBy: String
    public var requestedByID: UUID?
    /// The instance that accepted it and runs it.
    public var instanceID: String
    /// Set when an administrator asked a running job to stop; its instance notices within a second or so.
    public var cancelRequested: Bool
    public var createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    /// Last sign of life from its instance, while queued or running.
    public var heartbeatAt: Date

    public init(
        id: UUID, request: SyncRequest, status: BackfillStatus, progress: BackfillProgress = BackfillProgress(),
        message: BackfillMessage? = nil, requestedBy: String, requestedByID: UUID?, instanceID: String,
        cancelRequested: Bool = false, createdAt: Date, startedAt: Date? = nil, finishedAt: Date? = nil,
        heartbeatAt: Date
    ) {
        self.id = id
        self.request = request
        self.status = status
        self.progress = progress
        self.message = message
        self.requestedBy = requestedBy
        self.requestedByID = requestedByID
        self.instanceID = instanceID
        self.cancelRequested = cancelRequested
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.heartbeatAt = heartbeatAt
    }
}
