/// The median cumulative admissions by day of run of the films whose first run reached a milestone: the line a
/// film's pace is read against ("on 1000만 pace?").
public struct MedianPace: Codable, Sendable, Hashable {
    /// One day of the median line.
    public struct Point: Codable, Sendable, Hashable {
        public var day: Int
        public var audience: Int64
        /// The films counted that day: those with a known cumulative on it or before it.
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

    /// The median of `paces` on each day of run from 1 to ``maximumDay`` that at least ``minimumFilms`` of them have
    /// reached (``init(threshold:cumulatives:)``).
    public init(threshold: Int64, paces: [[FilmRun.PacePoint]]) {
        self.init(threshold: threshold, cumulatives: paces.map { $0.map { ($0.day, $0.audience) } })
    }

    /// The median of films' cumulatives (each film's by day of run, as a store keeps them) on each day of run from 1
    /// to ``maximumDay`` that at least ``minimumFilms`` of them have reached. On a day the archive does not show a
    /// film (out of the charts it is read from), its cumulative is its last known one, which it cannot have fallen
    /// below: so every film counts on every day after its first, and the line never falls as films leave the charts
    /// (nor, held at its highest so far, as one first known late joins it).
    public init(threshold: Int64, cumulatives: [[(day: Int, audience: Int64)]]) {
        var byDay: [Int: [Int64]] = [:]
        for pace in cumulatives {
            let known = pace.filter { (1...Self.maximumDay).contains($0.day) }.sorted { $0.day < $1.day }
            guard let first = known.first else { continue }
            var next = 0
            var last = first.audience
            for day in first.day...Self.maximumDay {
                while next < known.count, known[next].day <= day {
                    last = known[next].audience
                    next += 1
                }
                byDay[day, default: []].append(last)
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
        // A film first known late (the archive lacks its opening days) or a revised total can still pull a day's
        // median below the day before's; a cumulative line holds the higher.
        var highest = Int64.min
        for index in pace.indices {
            highest = Swift.max(highest, pace[index].audience)
            pace[index].audience = highest
        }
    }
}
