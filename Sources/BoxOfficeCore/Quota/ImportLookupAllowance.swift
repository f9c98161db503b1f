import KOBIS

/// One import's right to make KOBIS look-ups, set for the import's task with ``current``: the quota ledger asks it
/// before counting a call made for the import. Once refused (the person's budget, or the quota's limit − reserve,
/// is spent) it refuses the rest of the import's calls without asking the store again, so what is left of the
/// import answers from the cache alone.
public final class ImportLookupAllowance: Sendable {
    /// The import the current task works for (`nil`: none).
    @TaskLocal public static var current: ImportLookupAllowance?

    private let spendOne: @Sendable () async throws -> Bool
    private let refused = Locked(false)

    init(spend: @escaping @Sendable () async throws -> Bool) {
        self.spendOne = spend
    }

    /// Whether a call was refused: the rest waits for the next KST day.
    public var wasRefused: Bool { refused.withLock { $0 } }

    /// Takes one look-up; `false` when none is left today. A store that cannot count refuses (imports are background
    /// work and never spend what they cannot count).
    func take() async -> Bool {
        if wasRefused { return false }
        let granted = (try? await spendOne()) ?? false
        if !granted { refuse() }
        return granted
    }

    /// Marks the allowance spent (the ledger refused the call).
    func refuse() { refused.withLock { $0 = true } }

    /// Whether `error` is a KOBIS call refused for lack of quota (``KOBIS/KOBISError/callLimitReached``, bare or in
    /// ``BoxOfficeError/upstream(_:)``).
    public static func isRefusal(_ error: any Error) -> Bool {
        if let error = error as? KOBISError { return error == .callLimitReached }
        if case .upstream(.callLimitReached)? = error as? BoxOfficeError { return true }
        return false
    }
}
