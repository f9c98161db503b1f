import BoxOfficeCore
import BoxOfficeText
import Foundation
import Testing

@Suite("The boxoffice sync command line of a request or a coverage gap")
struct SyncCommandLineTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }
    static func range(_ from: String, _ to: String) -> DateRange { DateRange(start: day(from), end: day(to)) }

    @Test("a request: its days, and --weekly when it asks for the weeks")
    func request() {
        #expect(
            SyncCommandLine.text(for: SyncRequest(range: Self.range("2024-03-01", "2024-03-15")))
                == "boxoffice sync --from 2024-03-01 --to 2024-03-15")
        #expect(
            SyncCommandLine.text(for: SyncRequest(range: Self.range("2024-03-01", "2024-03-01"), includeWeekly: true))
                == "boxoffice sync --from 2024-03-01 --to 2024-03-01 --weekly")
    }

    @Test("a coverage: from its first missing or provisional day to its last; none when it has no gap")
    func coverage() {
        let now = Date(timeIntervalSince1970: 1_710_900_000)  // 2024-03-20 11:00 KST
        let calendar = BoxOfficeCalendar(now: { now })
        let settled = now.addingTimeInterval(-10 * 86_400)
        let statuses = ["2024-03-01", "2024-03-02", "2024-03-05"].map {
            StoredChartStatus(kind: .daily, range: Self.range($0, $0), fetchedAt: settled)
        }
        let gap = ArchiveCoverage(
            range: Self.range("2024-03-01", "2024-03-06"), dailyStatuses: statuses, calendar: calendar)
        #expect(SyncCommandLine.text(for: gap) == "boxoffice sync --from 2024-03-03 --to 2024-03-06")
        let complete = ArchiveCoverage(
            range: Self.range("2024-03-01", "2024-03-02"), dailyStatuses: statuses, calendar: calendar)
        #expect(SyncCommandLine.text(for: complete) == nil)
        let provisional = ArchiveCoverage(
            range: Self.range("2024-03-19", "2024-03-19"),
            dailyStatuses: [
                StoredChartStatus(kind: .daily, range: Self.range("2024-03-19", "2024-03-19"), fetchedAt: now)
            ],
            calendar: calendar)
        #expect(provisional.isComplete)
        #expect(SyncCommandLine.text(for: provisional) == "boxoffice sync --from 2024-03-19 --to 2024-03-19")
    }
}
