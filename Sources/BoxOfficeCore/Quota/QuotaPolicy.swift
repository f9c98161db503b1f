/// The daily KOBIS quota of one key: `limit` calls per KST day, of which the background work (keeper, backfill
/// jobs, `sync`) leaves `reserve` for readers, and people's look-ups (films and searches anyone can name, so anyone
/// can spend) leave half of it for the charts.
public struct QuotaPolicy: Sendable, Hashable {
    /// KOBIS calls allowed per KST day for the key (`BOXOFFICE_KOBIS_DAILY_LIMIT`).
    public var limit: Int
    /// Calls of `limit` kept for readers (`BOXOFFICE_KEEPER_RESERVE`).
    public var reserve: Int
    /// `false` in sample mode: the simulator costs nothing, so calls are counted but never refused.
    public var enforced: Bool

    /// The free key's 3,000 calls a day.
    public static let defaultLimit = 3_000
    /// 500 calls a day kept for readers.
    public static let defaultReserve = 500

    public init(limit: Int = QuotaPolicy.defaultLimit, reserve: Int = QuotaPolicy.defaultReserve, enforced: Bool = true)
    {
        self.limit = max(0, limit)
        self.reserve = min(max(0, reserve), max(0, limit))
        self.enforced = enforced
    }

    /// The most calls a day may hold before a call for `purpose` is refused; `nil` when nothing is refused.
    public func ceiling(for purpose: KOBISCallPurpose) -> Int? {
        guard enforced else { return nil }
        switch purpose {
        case .readers: return limit
        case .lookups: return limit - reserve / 2
        case .keeper, .sync, .backfill: return backgroundCeiling
        }
    }

    /// Where background work stops (keeper, backfills, `sync`, imports' look-ups): limit − reserve; `nil` when
    /// nothing is refused.
    public var backgroundCeiling: Int? { enforced ? limit - reserve : nil }
}
