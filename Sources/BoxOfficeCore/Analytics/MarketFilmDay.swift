/// One film's row in one archived daily chart, as the holiday windows read them.
public struct MarketFilmDay: Sendable, Hashable {
    public var day: CalendarDate
    public var movieCode: String
    public var title: String
    public var sales: Int64

    public init(day: CalendarDate, movieCode: String, title: String, sales: Int64) {
        self.day = day
        self.movieCode = movieCode
        self.title = title
        self.sales = sales
    }
}
