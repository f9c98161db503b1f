import BoxOfficeCore
import FluentKit
import Foundation
import Testing

@testable import BoxOfficeStore

/// Watchlists, alerts and removal preferences on a real SQLite file, and on PostgreSQL when set.
@Suite("Watchlist store")
struct WatchlistStoreTests {
    static let now = DiaryTime.normalized(Date(timeIntervalSince1970: 1_710_903_600.5))
    static let day = CalendarDate("2024-03-19")!

    static func entry(_ code: String, open: String? = "2024-03-10", at date: Date = now) -> WatchlistEntry {
        WatchlistEntry(
            movieCode: code, title: "영화 \(code)", openDate: open.flatMap(CalendarDate.init),
            addedAt: date)
    }

    static func event(_ user: UUID, _ code: String, _ kind: AlertKind) -> AlertEvent {
        AlertEvent(userID: user, kind: kind, movieCode: code, title: "영화 \(code)", date: day)
    }

    @Test(
        "adding is once per film and person, even racing; another person's list is invisible",
        arguments: Backend.enabled)
    func addRemoveList(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let watchlist = database.watchlistRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let junho = try await AdminRepositoryTests.createUser("junho", in: database)
            let first = try await watchlist.add(Self.entry("A1"), userID: minji.id)
            #expect(first.added)
            let again = try await watchlist.add(Self.entry("A1", at: Self.now.addingTimeInterval(60)), userID: minji.id)
            #expect(!again.added)
            #expect(again.entry == Self.entry("A1"), "the earlier item answers")
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<6 { group.addTask { try await watchlist.add(Self.entry("B2"), userID: minji.id).added } }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.filter { $0 }.count == 1)
            _ = try await watchlist.add(
                Self.entry("C3", open: nil, at: Self.now.addingTimeInterval(5)), userID: junho.id)

            #expect(try await watchlist.entries(userID: minji.id).map(\.movieCode).sorted() == ["A1", "B2"])
            #expect(
                try await watchlist.entries(userID: junho.id) == [
                    Self.entry("C3", open: nil, at: Self.now.addingTimeInterval(5))
                ])
            #expect(try await watchlist.listedCodes(["A1", "C3", "Z9"], userID: minji.id) == ["A1"])
            #expect(try await watchlist.remove(movieCode: "C3", userID: minji.id) == false, "junho's film")
            #expect(try await watchlist.remove(movieCode: "A1", userID: minji.id))
            #expect(try await watchlist.remove(movieCode: "A1", userID: minji.id) == false)
            #expect(try await watchlist.entries(userID: junho.id).count == 1)

            let watchers = try await watchlist.watchers(movieCodes: ["B2"], openingOn: nil)
            #expect(watchers.map(\.userID) == [minji.id])
            let opening = try await watchlist.watchers(movieCodes: [], openingOn: nil)
            #expect(opening.isEmpty)
            let byOpening = try await watchlist.watchers(
                movieCodes: ["nothing"], openingOn: CalendarDate("2024-03-10"))
            #expect(byOpening.map(\.entry.movieCode) == ["B2"])

            #expect(try await watchlist.removalPreference(userID: minji.id) == .ask)
            try await watchlist.setRemovalPreference(.always, userID: minji.id)
            try await watchlist.setRemovalPreference(.never, userID: minji.id)
            #expect(try await watchlist.removalPreference(userID: minji.id) == .never)
            #expect(try await watchlist.removalPreference(userID: junho.id) == .ask)
        }
    }

    @Test(
        "alerts: stored once per person, film and kind; reads and marks scoped to the person",
        arguments: Backend.enabled)
    func notifications(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let notifications = database.alertRepository()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let junho = try await AdminRepositoryTests.createUser("junho", in: database)
            let first = try await notifications.insert(
                [
                    Self.event(minji.id, "A1", .top10), Self.event(minji.id, "A1", .first),
                    Self.event(junho.id, "A1", .top10),
                ],
                createdAt: Self.now)
            #expect(first.map(\.kind) == [.top10, .first, .top10])
            let second = try await notifications.insert(
                [Self.event(minji.id, "A1", .first), Self.event(minji.id, "A1", .tenMillion)], createdAt: Self.now)
            #expect(second.map(\.kind) == [.tenMillion], "only the new one comes back")
            #expect(try await notifications.unreadCount(userID: minji.id) == 3)
            let listed = try await notifications.alerts(userID: minji.id, unreadOnly: false, limit: 10)
            #expect(Set(listed.map(\.kind)) == [.top10, .first, .tenMillion])
            #expect(listed.allSatisfy { $0.userID == minji.id && !$0.read && $0.date == Self.day })

            let junhosAlert = try #require(first.last)
            #expect(try await notifications.markRead(ids: [junhosAlert.id], userID: minji.id) == 0)
            #expect(try await notifications.unreadCount(userID: junho.id) == 1)
            #expect(try await notifications.markRead(ids: [first[0].id], userID: minji.id) == 1)
            #expect(try await notifications.alerts(userID: minji.id, unreadOnly: true, limit: 10).count == 2)
            #expect(try await notifications.markRead(ids: nil, userID: minji.id) == 2)
            #expect(try await notifications.unreadCount(userID: minji.id) == 0)
            #expect(try await notifications.unreadCount(userID: junho.id) == 1)
        }
    }

    @Test(
        "two instances deriving the same day at once store each alert once, and tell their listeners only theirs",
        arguments: Backend.enabled)
    func twoInstances(backend: Backend) async throws {
        try await TestStore.with(backend) { database, store in
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let junho = try await AdminRepositoryTests.createUser("junho", in: database)
            let listed = Date(timeIntervalSince1970: 1_710_000_000)  // 2024-03-10 in Seoul
            for user in [minji, junho] {
                for code in ["20124079", "20110001"] {
                    _ = try await database.watchlistRepository().add(Self.entry(code, at: listed), userID: user.id)
                }
            }
            let chart = Fixtures.dailyChart(Self.day, entries: Self.entries())
            try await database.chartRepository(origin: "sample").save(chart)
            let calendar = BoxOfficeCalendar(now: { Self.day.adding(days: 1).startInstant(in: BoxOfficeCalendar.seoul) }
            )

            let second = try store.open()
            let barrier = AlertRendezvous(parties: 2)
            let heard = HeardAlerts()
            func service(_ db: BoxOfficeDatabase) -> AlertService {
                AlertService(
                    watchlist: db.watchlistRepository(),
                    notifications: RendezvousAlerts(base: db.alertRepository(), barrier: barrier),
                    charts: db.chartRepository(origin: "sample"), calendar: calendar, listener: heard)
            }
            let (a, b) = (service(database), service(second))
            async let storedA = a.chartStored(chart)
            async let storedB = b.chartStored(chart)
            let (fromA, fromB) = try await (storedA, storedB)
            await second.shutdown()

            // Both films are on the chart and opened within the week: opened and top10 each, one at 1st.
            let all = fromA + fromB
            #expect(all.count == 2 * (2 + 2 + 1))
            #expect(Set(all.map { "\($0.userID)|\($0.movieCode)|\($0.kind)" }).count == all.count)
            #expect(try await database.rowCount(of: "watchlist_alerts") == all.count)
            #expect(await heard.alerts.count == all.count, "each stored alert was heard once")
            let again = try await AlertService(
                watchlist: database.watchlistRepository(), notifications: database.alertRepository(),
                charts: database.chartRepository(origin: "sample"), calendar: calendar, listener: heard
            ).chartStored(chart)
            #expect(again.isEmpty)
        }
    }

    /// Two films opened on 2024-03-14, ranked 1st and 2nd on 2024-03-19.
    static func entries() -> [ChartEntry] {
        ["20124079", "20110001"].enumerated().map { index, code in
            ChartEntry(
                rank: index + 1, change: .same, movieCode: code, title: "영화 \(code)",
                openDate: CalendarDate("2024-03-14"), audience: 10_000, audienceTotal: 50_000, sales: 1,
                salesShare: 1, salesTotal: 1, screens: 1, shows: 1)
        }
    }

    @Test("a database made by the previous schema gains the watchlist tables in place", arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            // The schema before the watchlist: up to the keeper's tables and the diary's counts and sort indexes.
            let previous =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added
                + [AddDiaryVersion(), CreateDiaryStatCounts(), AddDiaryNoteSortIndexes()]
            let old = QuotaKeeperSchemaTests.migrator(previous, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            let minji = try await AdminRepositoryTests.createUser("minji", in: database)
            let chart = Fixtures.dailyChart()
            // As the code of that schema stored it (today's also keeps its market, in a later table).
            try await LegacyChartRows.save(chart, origin: "sample", on: database.database.requireSQL())
            for table in ["watchlist_entries", "watchlist_alerts", "watchlist_preferences"] {
                await #expect(throws: (any Error).self) { try await database.rowCount(of: table) }
            }

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            Fixtures.expectSame(
                try await database.chartRepository(origin: "sample").storedChart(for: chart.query), chart)
            #expect(try await database.watchlistRepository().add(Self.entry("A1"), userID: minji.id).added)
            #expect(
                try await database.alertRepository().insert(
                    [Self.event(minji.id, "A1", .left)], createdAt: Self.now
                ).count == 1)
            try await database.watchlistRepository().setRemovalPreference(.always, userID: minji.id)
            for table in ["watchlist_entries", "watchlist_alerts", "watchlist_preferences"] {
                #expect(try await database.rowCount(of: table) == 1)
            }
        }
    }
}

/// Lets `parties` tasks through only when all have arrived: both instances have derived their events before
/// either inserts, so the inserts really race.
actor AlertRendezvous {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        if waiting.count + 1 == parties {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// A notification store that meets the other instance at a barrier before each insert.
struct RendezvousAlerts: AlertRepository {
    let base: any AlertRepository
    let barrier: AlertRendezvous

    func insert(_ events: [AlertEvent], createdAt: Date) async throws -> [Alert] {
        await barrier.arrive()
        return try await base.insert(events, createdAt: createdAt)
    }

    func alerts(userID: UUID, unreadOnly: Bool, limit: Int) async throws -> [Alert] {
        try await base.alerts(userID: userID, unreadOnly: unreadOnly, limit: limit)
    }

    func unreadCount(userID: UUID) async throws -> Int { try await base.unreadCount(userID: userID) }

    func markRead(ids: [UUID]?, userID: UUID) async throws -> Int { try await base.markRead(ids: ids, userID: userID) }
}

/// Every alert a listener heard.
actor HeardAlerts: AlertListener {
    private(set) var alerts: [Alert] = []
    func alertsStored(_ alerts: [Alert]) async { self.alerts += alerts }
}
