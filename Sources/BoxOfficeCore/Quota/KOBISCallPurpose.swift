/// Whom a KOBIS call is made for: the quota ledger counts each purpose apart.
///
/// Set for a piece of work with ``KOBISCallPurpose/$current`` (a task local): calls made outside any such scope
/// are readers' (the pages and the API).
public enum KOBISCallPurpose: String, Sendable, Hashable, CaseIterable, Codable {
    /// Pages and API answers: charts people asked for.
    case readers
    /// The archive keeper inside `serve`.
    case keeper
    /// `boxoffice sync` in a terminal.
    case sync
    /// Administrators' background backfills.
    case backfill
    /// Movie details and searches people asked for (movie pages, search, diary notes and imports). They stop at
    /// limit − reserve ÷ 2: anyone can name a film or a search, so look-ups never spend the charts' half of the
    /// reserve. An import's are background work all the same (``ImportLookupAllowance``): they stop at limit − reserve.
    case lookups

    /// The purpose of the calls the current task makes.
    @TaskLocal public static var current: KOBISCallPurpose = .readers

    /// Whether these calls are made for someone waiting: they may spend the reserve the background work leaves.
    public var isForReaders: Bool { self == .readers || self == .lookups }
}
