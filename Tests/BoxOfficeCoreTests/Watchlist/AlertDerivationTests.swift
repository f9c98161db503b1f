import BoxOfficeCore
import Foundation
import Testing

/// The alert rules over a scripted March of daily charts, derived the way the keeper stores them: each morning,
/// yesterday's chart. A set of (person, film, kind) stands in for the store's unique constraint.
@Suite("Alert derivation")
struct AlertDerivationTests {
    static let minji = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    static let junho = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    /// Noon in Seoul on `day`.
    static func instant(_ day: String) -> Date {
        Self.day(day).startInstant(in: BoxOfficeCalendar.seoul).addingTimeInterval(12 * 3600)
    }

    static func watcher(_ user: UUID, _ code: String, added: String, openDate: String?) -> Watcher {
        Watcher(
            userID: user,
            entry: WatchlistEntry(
                movieCode: code, title: "title \(code)", openDate: openDate.map(day), addedAt: instant(added)))
    }

    /// F1 opens 03-10 at 3rd, is 1st 03-16…19, 5th 03-20…27, then leaves the top 10; 100,000 a day, so it
    /// crosses a million on 03-19. F2 (opened 2023-12-01) comes back NEW on 03-25 at 8th. F4 (opened 02-20) is
    /// 2nd all month and crosses ten million on 03-05. F3 opens 03-30 without ever being charted.
    static func chart(_ date: CalendarDate) -> Chart {
        var rows: [ChartEntry] = []
        func row(_ code: String, _ rank: Int, new: Bool, open: String, audience: Int64, total: Int64) {
            rows.append(
                ChartEntry(
                    rank: rank, change: RankChange(isNew: new, rankDelta: 0), movieCode: code, title: "title \(code)",
                    openDate: day(open), audience: audience, audienceTotal: total, sales: 0, salesShare: 0,
                    salesTotal: 0, screens: 0, shows: 0))
        }
        let f1Age = day("2024-03-10").days(to: date)
        if f1Age >= 0, date < day("2024-03-28") {
            let rank = date < day("2024-03-16") ? 3 : date < day("2024-03-20") ? 1 : 5
            row("F1", rank, new: f1Age == 0, open: "2024-03-10", audience: 100_000, total: 100_000 * Int64(f1Age + 1))
        }
        let f4Age = day("2024-03-01").days(to: date)
        row("F4", 2, new: false, open: "2024-02-20", audience: 200_000, total: 9_400_000 + 200_000 * Int64(f4Age))
        if date >= day("2024-03-25") {
            row("F2", 8, new: date == day("2024-03-25"), open: "2023-12-01", audience: 10_000, total: 900_000)
        }
        for filler in rows.count..<10 {
            row("X\(filler)", filler + 1, new: false, open: "2024-01-01", audience: 1_000, total: 50_000)
        }
        rows.sort { $0.rank < $1.rank }
        return Chart(
            kind: .daily, range: DateRange(start: date, end: date), source: .kobis, fetchedAt: instant("2024-04-01"),
            entries: rows)
    }

    static let watchers = [
        watcher(minji, "F1", added: "2024-03-01", openDate: "2024-03-10"),
        watcher(minji, "F2", added: "2024-03-01", openDate: "2023-12-01"),
        watcher(minji, "F3", added: "2024-03-01", openDate: "2024-03-30"),
        watcher(minji, "F4", added: "2024-03-07", openDate: "2024-02-20"),
        watcher(junho, "F1", added: "2024-03-20", openDate: "2024-03-10"),
    ]

    struct Key: Hashable {
        var user: UUID
        var code: String
        var kind: AlertKind
    }

    /// Derives `days` in order, each on the morning after, keeping the first of each event like the store does;
    /// returns the events stored, by key, with their day.
    static func run(
        _ days: [CalendarDate], today: (CalendarDate) -> CalendarDate, stored: inout [Key: CalendarDate]
    ) -> [AlertEvent] {
        var new: [AlertEvent] = []
        for date in days {
            let events = AlertDerivation.events(
                chart: chart(date), previous: chart(date.adding(days: -1)), watchers: watchers, today: today(date))
            for event in events {
                let key = Key(user: event.userID, code: event.movieCode, kind: event.kind)
                if stored[key] == nil {
                    stored[key] = event.date
                    new.append(event)
                }
            }
        }
        return new
    }

    static let march = DateRange(start: day("2024-03-01"), end: day("2024-03-31")).days

    @Test("a month of mornings: each event once, on its day, and none from before a film joined the list")
    func scriptedMonth() {
        var stored: [Key: CalendarDate] = [:]
        let events = Self.run(Self.march, today: { $0.adding(days: 1) }, stored: &stored)
        let expected: [Key: String] = [
            Key(user: Self.minji, code: "F1", kind: .opened): "2024-03-10",
            Key(user: Self.minji, code: "F1", kind: .top10): "2024-03-10",
            Key(user: Self.minji, code: "F1", kind: .first): "2024-03-16",
            Key(user: Self.minji, code: "F1", kind: .million): "2024-03-19",
            Key(user: Self.minji, code: "F1", kind: .left): "2024-03-28",
            Key(user: Self.minji, code: "F2", kind: .back): "2024-03-25",
            Key(user: Self.minji, code: "F2", kind: .top10): "2024-03-25",
            Key(user: Self.minji, code: "F3", kind: .opened): "2024-03-30",
            Key(user: Self.minji, code: "F4", kind: .top10): "2024-03-07",
            Key(user: Self.junho, code: "F1", kind: .top10): "2024-03-20",
            Key(user: Self.junho, code: "F1", kind: .left): "2024-03-28",
        ]
        #expect(stored.mapValues(\.isoString) == expected)
        #expect(events.count == expected.count)
        // Ten million on 03-05 came before minji listed F4 on 03-07; junho listed F1 after its 1st place and million.
        #expect(!events.contains { $0.kind == .tenMillion })
        #expect(!events.contains { $0.userID == Self.junho && [.first, .million, .opened].contains($0.kind) })
    }

    @Test("re-running any day of the month derives nothing new")
    func rerun() {
        var stored: [Key: CalendarDate] = [:]
        _ = Self.run(Self.march, today: { $0.adding(days: 1) }, stored: &stored)
        for date in Self.march {
            let again = Self.run([date], today: { $0.adding(days: 1) }, stored: &stored)
            #expect(again.isEmpty, "re-running \(date.isoString)")
        }
    }

    @Test("history the keeper backfills (older than 7 days before today) alerts nobody")
    func backfill() {
        var stored: [Key: CalendarDate] = [:]
        let events = Self.run(Self.march, today: { _ in Self.day("2024-04-01") }, stored: &stored)
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.date >= Self.day("2024-03-25") })
        // 03-25's re-release still counts; F1's opening and first place on 03-10 and 03-16 do not.
        #expect(stored[Key(user: Self.minji, code: "F2", kind: .back)] == Self.day("2024-03-25"))
        #expect(stored[Key(user: Self.minji, code: "F1", kind: .opened)] == nil)
        #expect(stored[Key(user: Self.minji, code: "F1", kind: .first)] == nil)
        // Today's and future days never alert.
        #expect(
            AlertDerivation.events(
                chart: Self.chart(Self.day("2024-04-01")), previous: nil, watchers: Self.watchers,
                today: Self.day("2024-04-01")
            ).isEmpty)
    }

    @Test("filtered and weekly charts alert nobody; left needs the previous day's chart")
    func onlyPlainDailyCharts() {
        let date = Self.day("2024-03-28")
        var filtered = Self.chart(date)
        filtered.filters = ChartFilters(nation: .korean)
        #expect(
            AlertDerivation.events(
                chart: filtered, previous: Self.chart(date.adding(days: -1)), watchers: Self.watchers,
                today: date.adding(days: 1)
            ).isEmpty)
        let withoutPrevious = AlertDerivation.events(
            chart: Self.chart(date), previous: nil, watchers: Self.watchers, today: date.adding(days: 1))
        #expect(!withoutPrevious.contains { $0.kind == .left })
        let withPrevious = AlertDerivation.events(
            chart: Self.chart(date), previous: Self.chart(date.adding(days: -1)), watchers: Self.watchers,
            today: date.adding(days: 1))
        #expect(
            withPrevious.filter { $0.kind == .left }.map(\.userID).sorted { $0.uuidString < $1.uuidString } == [
                Self.minji, Self.junho,
            ])
    }

    @Test("a watchlist item's state from the latest chart and the opening date")
    func states() {
        let day = Self.day("2024-03-20")
        let entry = WatchlistEntry(
            movieCode: "F1", title: "t", openDate: Self.day("2024-03-10"), addedAt: Self.instant("2024-03-01"))
        let row = Self.chart(day).entries.first { $0.movieCode == "F1" }
        #expect(
            WatchlistService.state(of: entry, row: row, day: day, everCharted: true)
                == .charted(rank: 5, daysSinceOpening: 10, audienceTotal: 1_100_000))
        #expect(WatchlistService.state(of: entry, row: nil, day: day, everCharted: true) == .left)
        #expect(WatchlistService.state(of: entry, row: nil, day: day, everCharted: false) == .showing)
        #expect(
            WatchlistService.state(of: entry, row: nil, day: Self.day("2024-03-09"), everCharted: false) == .upcoming)
        var unknown = entry
        unknown.openDate = nil
        #expect(WatchlistService.state(of: unknown, row: nil, day: day, everCharted: false) == .upcoming)
    }
}
