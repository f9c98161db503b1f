public import Foundation

/// Changes whenever what a period chart of some range is built from changes: a daily chart stored or replaced
/// (replacing always brings a later fetch time), or a film's nation stored.
public struct ArchiveFingerprint: Sendable, Hashable {
    public var chartCount: Int
    public var latestFetch: Date?
    public var nationCount: Int
    /// When a nation was last stored (or changed).
    public var latestNation: Date?

    public init(chartCount: Int, latestFetch: Date?, nationCount: Int, latestNation: Date?) {
        self.chartCount = chartCount
        self.latestFetch = latestFetch
        self.nationCount = nationCount
        self.latestNation = latestNation
    }
}
