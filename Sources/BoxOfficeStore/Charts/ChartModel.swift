import FluentKit
import Foundation

/// A row of `charts`: one stored chart, unique per (origin, kind, range_start, filter_key).
final class ChartModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "charts"

    @ID(key: .id) var id: UUID?
    /// The upstream the chart came from (`sample`, a KOBIS base URL, …).
    @Field(key: "origin") var origin: String
    /// `ChartKind.rawValue`.
    @Field(key: "kind") var kind: String
    /// `YYYY-MM-DD`; text compares in date order.
    @Field(key: "range_start") var rangeStart: String
    @Field(key: "range_end") var rangeEnd: String
    /// `ChartFilters.key`.
    @Field(key: "filter_key") var filterKey: String
    @OptionalField(key: "nation") var nation: String?
    @OptionalField(key: "multi_movie") var multiMovie: String?
    @OptionalField(key: "area_code") var areaCode: String?
    @OptionalField(key: "year_week") var yearWeek: String?
    /// `ChartSource.rawValue`.
    @Field(key: "source") var source: String
    @Field(key: "fetched_at") var fetchedAt: Date

    init() {}
}
