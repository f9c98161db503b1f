public import Foundation

/// What administrators asked of the keeper, kept in the store so that every instance (and whichever one leads)
/// sees the same.
public protocol KeeperControlStore: Sendable {
    /// The administrators' settings now.
    func controls() async throws -> KeeperControls
    /// Pauses (`true`) or resumes the keeper.
    func setPaused(_ paused: Bool, at: Date) async throws
    /// Asks the keeper to run now (its morning work, or the next part of the fill) instead of waiting.
    func requestRun(at: Date) async throws
}

/// The administrators' settings of the keeper.
public struct KeeperControls: Sendable, Hashable {
    /// The keeper does nothing while paused.
    public var paused: Bool
    /// When an administrator last asked for a run now; the keeper runs once for every later request it sees.
    public var runRequestedAt: Date?

    public init(paused: Bool = false, runRequestedAt: Date? = nil) {
        self.paused = paused
        self.runRequestedAt = runRequestedAt
    }
}
