/// The median cumulative admissions by day of run of the films whose first run reached a milestone: the line a
/// film's pace is read against ("on 1000만 pace?").
public struct MedianPace: Codable, Sendable, Hashable {
    /// One day of the median line.
    public struct Point: Codable, Sendable, Hashable {
        public var day: Int
        public var audience: Int64
        /// The films whose cumulative that day the archive shows.
        public var films: Int
    }

    public var threshold: Int64
    /// The films that reached it, whose runs the line is made of.
    public var films: Int
    public var pace: [Point]

    /// Days a line is drawn for at most, and films a day needs before it has a median.
    public static let maximumDay = 120
    public static let minimumFilms = 3

    /// The median of `paces` on each day of run from 1 to ``maximumDay`` that at least ``minimumFilms`` of them show.
    public init(threshold: Int64, paces: [[FilmRun.PacePoint]]) {
        self.threshold = threshold
        films = paces.count
        var byDay: [Int: [Int64]] = [:]
        for pace in paces {
            for point in pace where (1...Self.maximumDay).contains(point.day) {
                byDay[point.day, default: []].append(point.audience)
            }
        }
        pace = byDay.keys.sorted().compactMap { day in
            guard let values = byDay[day]?.sorted(), values.count >= Self.minimumFilms else { return nil }
            let middle = values.count / 2
            let median =
                values.count % 2 == 1
                ? values[middle]
                : values[middle - 1] / 2 + values[middle] / 2 + (values[middle - 1] % 2 + values[middle] % 2) / 2
            return Point(day: day, audience: median, films: values.count)
        }
    }
}
