public import Foundation

/// What the store knows about one stored chart, without reading its rows: enough to plan a sync.
public struct StoredChartStatus: Sendable, Hashable {
    public var kind: ChartKind
    public var range: DateRange
    public var fetchedAt: Date

    public init(kind: ChartKind, range: DateRange, fetchedAt: Date) {
        self.kind = kind
        self.range = range
        self.fetchedAt = fetchedAt
    }
}
