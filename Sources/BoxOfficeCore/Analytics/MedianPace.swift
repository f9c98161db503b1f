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

    /// The milestone whose films the line is made of (1000만, the highest of ``Milestone/thresholds``), and how many
    /// of them at most: the fastest to it.
    public static let milestone: Int64 = Milestone.thresholds.last ?? 10_000_000
    public static let maximumFilms = 100
    /// Days a line is drawn for at most, and films a day needs before it has a median.
    public static let maximumDay = 120
    public static let minimumFilms = 3

    /// The median of `paces` on each day of run from 1 to ``maximumDay`` that at least ``minimumFilms`` of them show.
    public init(threshold: Int64, paces: [[FilmRun.PacePoint]]) {
        self.init(threshold: threshold, cumulatives: paces.map { $0.map { ($0.day, $0.audience) } })
    }

    /// The median of films' cumulatives (each film's by day of run, as a store keeps them) on each day of run from 1
    /// to ``maximumDay`` that at least ``minimumFilms`` of them show.
    public init(threshold: Int64, cumulatives: [[(day: Int, audience: Int64)]]) {
        var byDay: [Int: [Int64]] = [:]
        for pace in cumulatives {
            for point in pace where (1...Self.maximumDay).contains(point.day) {
                byDay[point.day, default: []].append(point.audience)
            }
        }
        self.threshold = threshold
        films = cumulatives.count
        pace = byDay.filter { $0.value.count >= Self.minimumFilms }.sorted { $0.key < $1.key }.map { day, unsorted in
            let values = unsorted.sorted()
            // count / 2 and, for an even count (≥ 2), the one before it are indices of `values` (count ≥ 3).
            let upper = values[values.count / 2]
            let lower = values.count % 2 == 1 ? upper : values[values.count / 2 - 1]
            // The mean of the two middle values, rounded down, without overflowing.
            let median = lower / 2 + upper / 2 + (lower % 2 + upper % 2) / 2
            return Point(day: day, audience: median, films: values.count)
        }
    }
}
