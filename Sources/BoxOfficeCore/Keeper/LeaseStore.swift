public import Foundation

/// Named leases in the store every instance shares: the keeper's leadership, and the claim one instance takes on a
/// cold chart while it calls KOBIS for the fleet. A lease is held until it expires or its holder lets it go, so an
/// instance that dies loses it after at most one lease.
public protocol LeaseStore: Sendable {
    /// Takes the lease `name` for `holder` until `until`, or renews it when `holder` holds it already.
    ///
    /// - Returns: `true` when `holder` holds the lease now; `false` when another holder's lease has not expired
    ///   at `now`.
    func acquire(_ name: String, holder: String, now: Date, until: Date) async throws -> Bool
    /// Lets the lease go if `holder` holds it (nothing happens otherwise).
    func release(_ name: String, holder: String) async throws
    /// Who holds the lease at `now`, if anyone.
    func holder(of name: String, now: Date) async throws -> String?
}
