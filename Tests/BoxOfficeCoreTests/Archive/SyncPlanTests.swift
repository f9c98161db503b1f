import BoxOfficeCore
import Foundation
import Testing

@Suite("Archive: sync planning and periods")
struct SyncPlanTests {
    /// 2024-03-20 12:00 in Seoul: yesterday is 2024-03-19.
    static let now = seoul(2024, 3, 20, 12)
    static let calendar = BoxOfficeCalendar(now: { now })

    static func status(_ text: String, fetchedAt: Date, kind: ChartKind = .daily) -> StoredChartStatus {
        let query = ChartQuery(kind: kind, date: archiveDay(text))
        return StoredChartStatus(kind: kind, range: query.range, fetchedAt: fetchedAt)
    }

    @Test("missing days are fetched, settled ones skipped, provisional ones refreshed once their TTL has passed")
    func classification() {
        let request = SyncRequest(range: archiveRange("2024-03-14", "2024-03-19"))
        let statuses = [
            // Fetched long after the day: settled, never fetched again.
            Self.status("2024-03-14", fetchedAt: seoul(2024, 3, 18)),
            // Fetched the morning after: provisional, and an hour old: refresh.
            Self.status("2024-03-15", fetchedAt: seoul(2024, 3, 16, 9)),
            // Provisional (yesterday), fetched five minutes ago: too recent to refetch.
            Self.status("2024-03-19", fetchedAt: Self.now.addingTimeInterval(-300)),
        ]
        let plan = SyncPlan(
            request: request, dailyStatuses: statuses, weeklyStatuses: [], calendar: Self.calendar, provisionalTTL: 600)
        #expect(plan.items.map(\.description) == ["2024-03-15", "2024-03-16", "2024-03-17", "2024-03-18"])
        #expect(plan.missing == 3)
        #expect(plan.provisional == 1)
        #expect(plan.settled == 1)
        #expect(plan.recentlyFetched == 1)
    }

    @Test("--weekly adds every finished Mon–Sun week that overlaps the range, once")
    func weekly() {
        let request = SyncRequest(range: archiveRange("2024-02-28", "2024-03-19"), includeWeekly: true)
        let weeks = SyncPlan.weeks(overlapping: request.range, calendar: Self.calendar)
        // The week of 2024-03-18 is not over on 2024-03-20.
        #expect(weeks.map(\.start.isoString) == ["2024-02-26", "2024-03-04", "2024-03-11"])
        #expect(weeks.allSatisfy { $0.start.isoWeekday == 1 && $0.count == 7 })
        let stored = Self.status("2024-03-04", fetchedAt: Self.now, kind: .week)
        let plan = SyncPlan(
            request: request, dailyStatuses: [], weeklyStatuses: [stored], calendar: Self.calendar, provisionalTTL: 600)
        let weekly = plan.items.filter { if case .chart(let q) = $0 { return q.kind == .week } else { return false } }
        #expect(weekly.count == 2)
        #expect(plan.items.count == 21 + 2)
        #expect(SyncPlan.statusRange(for: request) == archiveRange("2024-02-26", "2024-03-24"))
    }

    @Test("coverage: runs of missing days, provisional days, and the sync that fills exactly the gap")
    func coverage() {
        let statuses =
            ["2024-03-01", "2024-03-02", "2024-03-05", "2024-03-09"].map {
                Self.status($0, fetchedAt: seoul(2024, 3, 19))
            } + [Self.status("2024-03-19", fetchedAt: Self.now)]
        let coverage = ArchiveCoverage(
            range: archiveRange("2024-03-01", "2024-03-10"), dailyStatuses: statuses, calendar: Self.calendar)
        #expect(coverage.days == 10)
        #expect(coverage.archivedDays == 4)
        #expect(coverage.missingDays == 6)
        #expect(
            coverage.missing == [
                archiveRange("2024-03-03", "2024-03-04"), archiveRange("2024-03-06", "2024-03-08"),
                archiveRange("2024-03-10", "2024-03-10"),
            ])
        #expect(!coverage.isComplete)
        #expect(coverage.syncRange == archiveRange("2024-03-03", "2024-03-10"))
        #expect(coverage.syncRequest == SyncRequest(range: archiveRange("2024-03-03", "2024-03-10")))

        let complete = ArchiveCoverage(
            range: archiveRange("2024-03-01", "2024-03-02"), dailyStatuses: statuses, calendar: Self.calendar)
        #expect(complete.isComplete)
        #expect(complete.syncRange == nil && complete.syncRequest == nil)

        let provisional = ArchiveCoverage(
            range: archiveRange("2024-03-19", "2024-03-19"), dailyStatuses: statuses, calendar: Self.calendar)
        #expect(provisional.isComplete)
        #expect(provisional.provisionalDays == 1)
        #expect(provisional.syncRange == archiveRange("2024-03-19", "2024-03-19"))
    }

    @Test("periods: month, year, from/to and the default, cut to the days that have charts")
    func periods() throws {
        let c = Self.calendar
        #expect(
            try ArchivePeriod.range(from: nil, to: nil, month: "2024-02", year: nil, calendar: c)
                == archiveRange("2024-02-01", "2024-02-29"))
        #expect(
            try ArchivePeriod.range(from: nil, to: nil, month: "2024-03", year: nil, calendar: c)
                == archiveRange("2024-03-01", "2024-03-19"))
        #expect(
            try ArchivePeriod.range(from: nil, to: nil, month: nil, year: "2023", calendar: c)
                == archiveRange("2023-01-01", "2023-12-31"))
        #expect(
            try ArchivePeriod.range(from: nil, to: nil, month: nil, year: "2004", calendar: c)
                == archiveRange("2004-01-01", "2004-12-31"))
        #expect(
            try ArchivePeriod.range(from: nil, to: nil, month: nil, year: nil, calendar: c)
                == archiveRange("2024-03-01", "2024-03-19"))
        #expect(
            try ArchivePeriod.range(from: "2024-01-05", to: "2024-01-05", month: nil, year: nil, calendar: c)
                == archiveRange("2024-01-05", "2024-01-05"))
    }

    @Test(
        "bad periods are refused with a message naming the problem",
        arguments: [
            ("2024-03-10", "2024-03-01", nil, nil, "after"),
            ("2024-03-01", "2024-03-20", nil, nil, "today"),
            ("2024-03-01", "2025-01-01", nil, nil, "future"),
            ("2003-12-31", "2004-01-05", nil, nil, "before the data begins"),
            ("2024-02-30", "2024-03-01", nil, nil, "\"2024-02-30\" is not a real day"),
            ("20240301", "2024-03-02", nil, nil, "YYYY-MM-DD"),
            ("2024-03-01", nil, nil, nil, "go together"),
            (nil, nil, "2024-13", nil, "YYYY-MM"),
            (nil, nil, "2024-04", nil, "not begun"),
            (nil, nil, nil, "24", "YYYY"),
            (nil, nil, nil, "2003", "before the data begins"),
            ("2024-03-01", "2024-03-02", "2024-03", nil, "either"),
        ] as [(String?, String?, String?, String?, String)])
    func badPeriods(from: String?, to: String?, month: String?, year: String?, mention: String) {
        #expect {
            _ = try ArchivePeriod.range(from: from, to: to, month: month, year: year, calendar: Self.calendar)
        } throws: { error in
            guard let error = error as? BoxOfficeError else { return false }
            switch error {
            case .invalid: return error.message.contains(mention)
            default: return false
            }
        }
    }
}
