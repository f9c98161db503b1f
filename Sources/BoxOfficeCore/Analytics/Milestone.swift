/// The admissions milestones the run and the records measure, and the one crossing test the alerts share.
public enum Milestone {
    /// 100만, 200만, 300만, 500만, 700만 and 1000만 admissions.
    public static let thresholds: [Int64] = [1_000_000, 2_000_000, 3_000_000, 5_000_000, 7_000_000, 10_000_000]

    /// Whether a row crossed `threshold` on its own day: the admissions before it (`audiAcc − audiCnt`) were
    /// below it and the total reached it.
    public static func crossed(_ threshold: Int64, audience: Int64, audienceTotal: Int64) -> Bool {
        let (before, overflow) = audienceTotal.subtractingReportingOverflow(audience)
        return !overflow && before < threshold && audienceTotal >= threshold
    }
}

/// When a film's first run reached an admissions milestone: a day, or the days it must lie in.
public struct MilestoneCrossing: Codable, Sendable, Hashable {
    public var threshold: Int64
    /// The first day it may have been reached.
    public var earliest: CalendarDate
    /// The last day it may have been reached (the same day when exact).
    public var latest: CalendarDate
    /// Its day of run ("N일 만에"): exact, or the range of `earliest…latest`; `nil` without an open date.
    public var dayOfRun: Figure?
    /// `exact` when a row shows the crossing on its day, `range` otherwise.
    public var quality: FigureQuality

    public init(threshold: Int64, earliest: CalendarDate, latest: CalendarDate, openDate: CalendarDate?) {
        self.threshold = threshold
        self.earliest = Swift.min(earliest, latest)
        self.latest = latest
        self.quality = self.earliest == latest ? .exact : .range
        if let first = DayOfRun.number(of: self.earliest, openDate: openDate),
            let last = DayOfRun.number(of: latest, openDate: openDate)
        {
            dayOfRun = .range(Double(first), Double(last))
        } else {
            dayOfRun = nil
        }
    }

    /// The day, when exact.
    public var date: CalendarDate? { quality == .exact ? latest : nil }
}
