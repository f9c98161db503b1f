import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Keeper: the schedule")
struct KeeperScheduleTests {
    let schedule = KeeperSchedule(from: archiveDay("2024-01-01"), morningHour: 9, chunkDays: 31)

    @Test("the fill keeps from the first day to the day before yesterday")
    func fillRange() {
        #expect(schedule.fillRange(today: archiveDay("2024-03-20")) == archiveRange("2024-01-01", "2024-03-18"))
        #expect(schedule.fillRange(today: archiveDay("2024-01-02")) == nil)
        #expect(schedule.fillRange(today: archiveDay("2024-01-03")) == archiveRange("2024-01-01", "2024-01-01"))
    }

    @Test("parts of the fill end where asked and stop at the first day")
    func chunks() {
        #expect(schedule.chunk(endingAt: archiveDay("2024-03-18")) == archiveRange("2024-02-17", "2024-03-18"))
        #expect(schedule.chunk(endingAt: archiveDay("2024-01-20")) == archiveRange("2024-01-01", "2024-01-20"))
    }

    @Test("the morning run is due once a day from the hour, KST")
    func morning() {
        let today = archiveDay("2024-03-20")
        #expect(schedule.morningInstant(of: today) == seoul(2024, 3, 20, 9))
        #expect(!schedule.isMorningDue(now: seoul(2024, 3, 20, 8, 59), today: today, lastMorning: nil))
        #expect(schedule.isMorningDue(now: seoul(2024, 3, 20, 9), today: today, lastMorning: nil))
        #expect(schedule.isMorningDue(now: seoul(2024, 3, 20, 23), today: today, lastMorning: archiveDay("2024-03-19")))
        #expect(!schedule.isMorningDue(now: seoul(2024, 3, 20, 10), today: today, lastMorning: today))
        #expect(schedule.nextMorning(after: seoul(2024, 3, 20, 8), today: today) == seoul(2024, 3, 20, 9))
        #expect(schedule.nextMorning(after: seoul(2024, 3, 20, 9), today: today) == seoul(2024, 3, 21, 9))
    }

    @Test("the morning run: the last week to yesterday, with every weekly range")
    func morningRequest() {
        let request = schedule.morningRequest(today: archiveDay("2024-03-20"))
        #expect(request?.range == archiveRange("2024-03-12", "2024-03-19"))
        #expect(request?.weeklyRanges == WeeklyRange.allCases)
        #expect(
            KeeperSchedule(from: archiveDay("2024-03-18")).morningRequest(today: archiveDay("2024-03-20"))?.range
                == archiveRange("2024-03-18", "2024-03-19"))
        #expect(KeeperSchedule(from: archiveDay("2024-03-20")).morningRequest(today: archiveDay("2024-03-20")) == nil)
    }

    @Test("the quota: background work stops at limit − reserve, readers at the limit, nothing in sample mode")
    func ceilings() {
        let policy = QuotaPolicy(limit: 3000, reserve: 500)
        #expect(policy.ceiling(for: .keeper) == 2500)
        #expect(policy.ceiling(for: .sync) == 2500)
        #expect(policy.ceiling(for: .backfill) == 2500)
        #expect(policy.ceiling(for: .readers) == 3000)
        #expect(policy.ceiling(for: .lookups) == 2750)
        #expect(QuotaPolicy(limit: 3000, reserve: 500, enforced: false).ceiling(for: .keeper) == nil)
        #expect(QuotaPolicy(limit: 100, reserve: 500).ceiling(for: .keeper) == 0)
    }
}
