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

    /// The milestone whose films the line is made of (1000만), and how many of them at most: the fastest to it.
    public static let milestone: Int64 = 10_000_000
    public static let maximumFilms = 100
    /// Days a line is drawn for at most, and films a day needs before it has a median.
    public static let maximumDay = 120
    public static let minimumFilms = 3

    /// The middle cumulatives of one day of run: the one in the middle of `films` sorted values, or the two around
    /// the middle when `films` is even (`lower` ≤ `upper`; equal for an odd count).
    public struct Middle: Sendable, Hashable {
        public var day: Int
        public var films: Int
        public var lower: Int64
        public var upper: Int64

        public init(day: Int, films: Int, lower: Int64, upper: Int64) {
            self.day = day
            self.films = films
            self.lower = lower
            self.upper = upper
        }
    }

    /// The line through each day's middle values, on the days of 1…``maximumDay`` at least ``minimumFilms`` films
    /// show: what a store computes without handing over every film's pace.
    public init(threshold: Int64, films: Int, middles: [Middle]) {
        self.threshold = threshold
        self.films = films
        pace = middles.filter { (1...Self.maximumDay).contains($0.day) && $0.films >= Self.minimumFilms }
            .sorted { $0.day < $1.day }
            .map { middle in
                // The mean of the two middle values, rounded down, without overflowing.
                let median =
                    middle.lower / 2 + middle.upper / 2 + (middle.lower % 2 + middle.upper % 2) / 2
                return Point(day: middle.day, audience: median, films: middle.films)
            }
    }

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
        let middles = byDay.compactMap { day, unsorted -> Middle? in
            let values = unsorted.sorted()
            guard !values.isEmpty else { return nil }
            // count / 2 and, for an even count (≥ 2), the one before it are indices of `values`.
            let upper = values[values.count / 2]
            let lower = values.count % 2 == 1 ? upper : values[values.count / 2 - 1]
            return Middle(day: day, films: values.count, lower: lower, upper: upper)
        }
        self.init(threshold: threshold, films: cumulatives.count, middles: middles)
    }
}
