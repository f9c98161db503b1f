public import Foundation
public import KOBIS

/// When the keeper works and on what, worked out from the clock alone: the range it keeps, the parts of the fill
/// newest first, and the morning run at ``morningHour`` (KST).
public struct KeeperSchedule: Sendable, Hashable {
    /// The first day kept.
    public var from: CalendarDate
    /// The KST hour of the morning run (0–23).
    public var morningHour: Int
    /// Days per sync run while filling (a month against KOBIS; the whole year in sample mode).
    public var chunkDays: Int

    /// How many days back the morning run looks: yesterday, the days that became settled since the last run and
    /// the weeks that ended in them.
    public static let morningLookback = 8

    public init(from: CalendarDate, morningHour: Int = 9, chunkDays: Int = 31) {
        self.from = from
        self.morningHour = min(23, max(0, morningHour))
        self.chunkDays = max(1, chunkDays)
    }

    /// The latest day whose chart is settled at `today` (a day is settled from two days later, 00:00 KST).
    public static func latestSettledDay(today: CalendarDate) -> CalendarDate { today.adding(days: -2) }

    /// The days the fill keeps at `today`, or `nil` when `from` is not settled yet.
    public func fillRange(today: CalendarDate) -> DateRange? {
        let latest = Self.latestSettledDay(today: today)
        return from <= latest ? DateRange(start: from, end: latest) : nil
    }

    /// The part of the fill that ends at `end`: `chunkDays` days, or fewer at `from`.
    public func chunk(endingAt end: CalendarDate) -> DateRange {
        DateRange(start: max(from, end.adding(days: 1 - chunkDays)), end: end)
    }

    /// When the morning run of `day` is due.
    public func morningInstant(of day: CalendarDate) -> Date {
        day.startInstant(in: BoxOfficeCalendar.seoul).addingTimeInterval(TimeInterval(morningHour * 3600))
    }

    /// Whether the morning run of `today` is due at `now` and has not run yet (`lastMorning`: the day it last ran).
    public func isMorningDue(now: Date, today: CalendarDate, lastMorning: CalendarDate?) -> Bool {
        now >= morningInstant(of: today) && lastMorning != today
    }

    /// The next morning run after `now`.
    public func nextMorning(after now: Date, today: CalendarDate) -> Date {
        let todays = morningInstant(of: today)
        return now < todays ? todays : morningInstant(of: today.adding(days: 1))
    }

    /// The morning run of `today`: yesterday (provisional: KOBIS corrects it through the morning), the days that
    /// became settled, and every weekly range of the weeks that ended in them. `nil` when nothing of it is kept.
    public func morningRequest(today: CalendarDate) -> SyncRequest? {
        let yesterday = today.adding(days: -1)
        let start = max(from, today.adding(days: -Self.morningLookback))
        guard start <= yesterday else { return nil }
        return SyncRequest(range: DateRange(start: start, end: yesterday), weeklyRanges: WeeklyRange.allCases)
    }
}
