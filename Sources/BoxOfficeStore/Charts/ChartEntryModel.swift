import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `chart_entries`: one film's line in a stored chart.
final class ChartEntryModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "chart_entries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "chart_id") var chart: ChartModel
    @Field(key: "rank") var rank: Int
    /// `RankChange.kindName`.
    @Field(key: "change_kind") var changeKind: String
    @Field(key: "change_amount") var changeAmount: Int
    @Field(key: "movie_code") var movieCode: String
    @Field(key: "title") var title: String
    /// `YYYY-MM-DD`, or nil when KOBIS gave none.
    @OptionalField(key: "open_date") var openDate: String?
    @Field(key: "audience") var audience: Int64
    @Field(key: "audience_total") var audienceTotal: Int64
    @Field(key: "sales") var sales: Int64
    @Field(key: "sales_share") var salesShare: Double
    @Field(key: "sales_total") var salesTotal: Int64
    @Field(key: "screens") var screens: Int
    @Field(key: "shows") var shows: Int

    init() {}

    init(chartID: UUID, entry: ChartEntry) {
        self.id = UUID()
        self.$chart.id = chartID
        self.rank = entry.rank
        self.changeKind = entry.change.kindName
        self.changeAmount = entry.change.amount
        self.movieCode = entry.movieCode
        self.title = entry.title
        self.openDate = entry.openDate?.isoString
        self.audience = entry.audience
        self.audienceTotal = entry.audienceTotal
        self.sales = entry.sales
        self.salesShare = entry.salesShare
        self.salesTotal = entry.salesTotal
        self.screens = entry.screens
        self.shows = entry.shows
    }
}
