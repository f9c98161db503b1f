/// One day of a film's run as the archive holds it: its row in that day's daily chart.
public struct TrendPoint: Codable, Sendable, Hashable {
    public var date: CalendarDate
    public var rank: Int
    public var title: String
    public var audience: Int64
    public var audienceTotal: Int64
    public var sales: Int64
    public var screens: Int
    public var shows: Int

    public init(
        date: CalendarDate, rank: Int, title: String, audience: Int64, audienceTotal: Int64, sales: Int64, screens: Int,
        shows: Int
    ) {
        self.date = date
        self.rank = rank
        self.title = title
        self.audience = audience
        self.audienceTotal = audienceTotal
        self.sales = sales
        self.screens = screens
        self.shows = shows
    }
}
