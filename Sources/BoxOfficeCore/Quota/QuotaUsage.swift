public import KOBIS

/// One KST day of the quota: the policy and what every instance and job spent.
public struct QuotaUsage: Sendable, Hashable {
    /// The KST day counted.
    public var day: CalendarDate
    public var policy: QuotaPolicy
    /// Calls by purpose; every purpose is present (0 when none was made).
    public var byPurpose: [KOBISCallPurpose: Int]

    public init(day: CalendarDate, policy: QuotaPolicy, byPurpose: [KOBISCallPurpose: Int]) {
        self.day = day
        self.policy = policy
        var all: [KOBISCallPurpose: Int] = [:]
        for purpose in KOBISCallPurpose.allCases { all[purpose] = byPurpose[purpose] ?? 0 }
        self.byPurpose = all
    }

    /// Calls counted on the day, all purposes.
    public var used: Int { byPurpose.values.reduce(0, +) }

    /// Calls the background work may still make today (`nil` when the quota is not enforced).
    public var backgroundCallsLeft: Int? {
        policy.ceiling(for: .keeper).map { max(0, $0 - used) }
    }
}
