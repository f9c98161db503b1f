import BoxOfficeCore
import Foundation

/// `getArchiveStatus`: the keeper as this instance sees it and today's KOBIS quota, public and without secrets
/// (the ledger names the key by a digest it never shows). Reads the store at most once a second; the answer says
/// `public, max-age=1` and is kept (``KeptAPIAnswerMiddleware``) under the keeper's ``ArchiveKeeper/statusVersion``,
/// so what this instance does shows in its next answer.
struct ArchiveStatusHandler: Sendable {
    static let path = "/api/v1/archive/status"

    let keeper: ArchiveKeeper
    let ledger: QuotaLedger

    func getArchiveStatus(_: Operations.GetArchiveStatus.Input) async throws -> Operations.GetArchiveStatus.Output {
        let status: KeeperStatus
        let usage: QuotaUsage
        do {
            status = try await keeper.status()
            usage = try await ledger.recentUsage()
        } catch {
            throw BoxOfficeError.storage("could not read the archive's status: \(error)")
        }
        return .ok(.init(headers: .init(cacheControl: "public, max-age=1"), body: .json(Self.body(status, usage))))
    }

    /// The document's state for `state`: an exhaustive switch, so a state added to one side fails to build.
    static func state(_ state: KeeperState) -> Components.Schemas.KeeperState {
        switch state {
        case .filling: .filling
        case .current: .current
        case .waitingForQuota: .waitingForQuota
        case .backingOff: .backingOff
        case .paused: .paused
        case .disabled: .disabled
        case .standby: .standby
        }
    }

    /// The document's shape of `status` and `usage`.
    static func body(_ status: KeeperStatus, _ usage: QuotaUsage) -> Components.Schemas.ArchiveStatus {
        let purposes = usage.byPurpose
        return Components.Schemas.ArchiveStatus(
            keeper: .init(
                state: state(status.state),
                from: status.from.isoString, archivedDays: status.archivedDays, missingDays: status.missingDays,
                latestSettledDay: status.latestSettledDay.isoString, leader: status.leader,
                nextRunAt: status.nextRunAt),
            quota: .init(
                day: usage.day.isoString, limit: usage.policy.limit, reserve: usage.policy.reserve, used: usage.used,
                enforced: usage.policy.enforced,
                byPurpose: .init(
                    readers: purposes[.readers] ?? 0, keeper: purposes[.keeper] ?? 0, sync: purposes[.sync] ?? 0,
                    backfill: purposes[.backfill] ?? 0, lookups: purposes[.lookups] ?? 0)))
    }
}
