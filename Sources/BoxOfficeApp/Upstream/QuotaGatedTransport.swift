public import BoxOfficeCore
public import Foundation
public import KOBIS

/// The transport every KOBIS call goes through: the ledger counts the call (for the purpose of the task that makes
/// it) before it is sent, and refuses it with ``KOBISError/callLimitReached`` past the purpose's ceiling.
public struct QuotaGatedTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let ledger: QuotaLedger

    public init(base: any HTTPTransport, ledger: QuotaLedger) {
        self.base = base
        self.ledger = ledger
    }

    public func get(_ url: URL) async throws -> HTTPTransportResponse {
        try await ledger.admit(KOBISCallPurpose.current)
        return try await base.get(url)
    }
}
