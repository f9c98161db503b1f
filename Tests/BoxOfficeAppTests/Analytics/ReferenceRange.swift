import Foundation
import KOBIS
import KOBISSimulator
import Testing

/// The days the checks against the simulator's truth walk: the suite's two sample years (2023 and 2024), or the days
/// the environment names, so that `Benchmarks/reference.sh` runs the same checks over every sample year.
///
/// `BOXOFFICE_REFERENCE_FROM=YYYY-MM-DD` picks the first day (not before the simulator's first, 2004-01-01);
/// `BOXOFFICE_REFERENCE_THROUGH=YYYY-MM-DD` the last (by default the day before yesterday in Seoul, the last day the
/// keeper's sample fill archives). The simulator's today is then the day after the last.
struct ReferenceRange: Sendable, CustomStringConvertible {
    static let fromVariable = "BOXOFFICE_REFERENCE_FROM"
    static let throughVariable = "BOXOFFICE_REFERENCE_THROUGH"

    /// The suite's two years, with the clock at 2026-01-01.
    static let suite = ReferenceRange(
        first: CalendarDate(year: 2023, month: 1, day: 1)!, last: CalendarDate(year: 2024, month: 12, day: 31)!,
        now: Date(timeIntervalSince1970: 1_767_225_600), isConfigured: false)

    private static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3_600)!

    struct InvalidRange: Error, CustomStringConvertible {
        var description: String
    }

    let first: CalendarDate
    let last: CalendarDate
    /// The simulator's clock: after `last`, so that every day of the range has its charts.
    let now: Date
    /// Whether the environment chose the days.
    let isConfigured: Bool

    /// Whether `BOXOFFICE_REFERENCE_FROM` is set: the checks the suite leaves to the benchmark run only then.
    static var isConfigured: Bool { ProcessInfo.processInfo.environment[fromVariable] != nil }

    /// The suite's years, or the environment's days; throws on a variable that names no day, a first day before the
    /// simulator's, or a last day before the first.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ReferenceRange {
        guard let fromText = environment[fromVariable] else { return suite }
        guard let first = CalendarDate(fromText), first >= KOBISSimulator.firstDate else {
            throw InvalidRange(
                description: "\(fromVariable)=\(fromText): not a day from \(KOBISSimulator.firstDate) on")
        }
        var last = CalendarDate(Date(), in: seoul).adding(days: -2)
        if let throughText = environment[throughVariable] {
            guard let through = CalendarDate(throughText) else {
                throw InvalidRange(description: "\(throughVariable)=\(throughText): not a day")
            }
            last = through
        }
        guard first <= last else { throw InvalidRange(description: "the range \(first)…\(last) is empty") }
        return ReferenceRange(
            first: first, last: last, now: last.adding(days: 1).startInstant(in: seoul), isConfigured: true)
    }

    /// A simulator whose today is after the range.
    var simulator: KOBISSimulator {
        let now = now
        return KOBISSimulator(now: { now })
    }

    /// The range's length in years of 365.25 days, to one decimal.
    var years: Double { (Double(first.days(to: last) + 1) / 365.25 * 10).rounded() / 10 }

    var description: String { "\(first)…\(last)" }
}

/// Counts the checks that failed, each recorded as an issue too, so that a run over many years can say how many did.
struct FailureTally {
    private(set) var count = 0

    /// Records an issue with `comment` (and counts it) unless `condition` holds.
    mutating func expect(
        _ condition: Bool, _ comment: @autoclosure () -> Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard !condition else { return }
        count += 1
        Issue.record(comment(), sourceLocation: sourceLocation)
    }
}
