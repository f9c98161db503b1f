import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DiaryAPITests {
    /// Imports are background work for the KOBIS quota (finding W5 of the 2026-11-28 review): each person's
    /// imports make at most `BOXOFFICE_IMPORT_LOOKUPS_PER_DAY` look-ups a KST day and stop at limit − reserve; the
    /// rest is reported as "try again tomorrow", and the same file the next day goes on where it stopped.
    @Suite("Import look-ups: a daily budget per person, background work for the quota")
    struct ImportLookupBudgetAPITests {
        /// A Letterboxd diary of `films` real titles first, then `unknown` titles KOBIS has not got.
        static func diary(
            films: [(code: String, title: String, year: Int?)], unknown: Range<Int>, tag: String = "zq"
        ) -> String {
            var lines = ["Date,Name,Year,Letterboxd URI,Rating"]
            for film in films { lines.append("2024-01-01,\"\(film.title)\",\(film.year.map(String.init) ?? ""),,4") }
            for index in unknown { lines.append("2024-01-01,Nonexistent film \(index) \(tag),2023,,3") }
            return lines.joined(separator: "\n") + "\n"
        }

        static func skippedReasons(_ report: [String: Any]?) -> [String] {
            ((report?["skipped"] as? [[String: Any]]) ?? []).compactMap { $0["reason"] as? String }
        }

        /// `count` films KOBIS (the simulator the app asks) knows that no chart of the sample data shows: opened
        /// before 2006, so the store has not got them and each costs a look-up.
        static func unstoredFilms(_ count: Int) -> [(code: String, title: String)] {
            let list = KOBISSimulator(now: { WebTestSupport.fixedNow })
                .movieList(MovieListRequest(itemsPerPage: count, openEndYear: 2005))
            return list.movies.map { ($0.movieCode, $0.movieName) }
        }

        /// A diary's JSON file with no notes and a watchlist of `films`.
        static func jsonWatchlist(_ films: [(code: String, title: String)]) throws -> String {
            let watchlist = films.map {
                ["movieCode": $0.code, "title": $0.title, "addedAt": "2024-03-02T01:02:03.456Z"]
            }
            let file: [String: Any] = [
                "format": "boxoffice-diary", "version": 1, "categories": [], "notes": [], "watchlist": watchlist,
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
        }

        @Test(
            "1,200 unknown titles with a budget of 100: 100 look-ups, the rest 'try again tomorrow'; the next day goes on",
            arguments: DiaryWebBackend.enabled)
        func budgetAndNextDay(backend: DiaryWebBackend) async throws {
            let clock = ImportTestClock()
            try await Self.withApp(backend, clock: clock) { client, services in
                let token = try await client.account("minji")
                let films = Array(try await WatchlistTransferTests.films(client).filter { $0.year != nil }.prefix(2))
                let before = try await services.ledger.usage().byPurpose[.lookups] ?? 0
                let file = Self.diary(films: films, unknown: 0..<1_200)
                let first = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: token, text: file,
                    headers: [.acceptLanguage: "en"])
                #expect(first.status == .ok, "\(first.text.prefix(300))")
                let report = try #require(first.jsonObject)
                let spent = (try await services.ledger.usage().byPurpose[.lookups] ?? 0) - before
                #expect(spent <= 100 && spent >= 98, "look-ups spent: \(spent)")
                // Searches the day's allowance refused were never made, and are not reported as made.
                let searches = try #require(report["kobisSearches"] as? Int)
                #expect(searches <= 100 && searches >= spent - 2, "searches reported: \(searches), spent: \(spent)")
                #expect(report["imported"] as? Int == films.count)
                let left = try #require(report["leftForTomorrow"] as? Int)
                let reasons = Self.skippedReasons(report)
                #expect(reasons.count == 1_200)
                #expect(left >= 1_150 && left == reasons.filter { $0.hasPrefix("try again tomorrow") }.count)
                let notFound = reasons.filter { $0.contains("no KOBIS movie is titled") }.count
                #expect(notFound + left == 1_200)

                // The same day: nothing left to spend, nothing spent; the page words the reason in Korean.
                let again = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: token, text: file,
                    headers: [.acceptLanguage: "ko"])
                #expect((try await services.ledger.usage().byPurpose[.lookups] ?? 0) - before == spent)
                #expect(Self.skippedReasons(again.jsonObject).contains { $0.hasPrefix("오늘은 찾아보지 못했습니다") })

                // The next KST day the same file goes on: the titles looked up yesterday cost nothing, the films
                // imported yesterday are not added twice, and 100 more titles are looked up.
                clock.advance(86_400)
                let usedBefore = try await services.ledger.usage().byPurpose[.lookups] ?? 0
                #expect(usedBefore == 0)
                let next = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: token, text: file,
                    headers: [.acceptLanguage: "en"])
                let nextReport = try #require(next.jsonObject)
                let nextSpent = try await services.ledger.usage().byPurpose[.lookups] ?? 0
                #expect(nextSpent <= 100 && nextSpent >= 98, "look-ups spent the next day: \(nextSpent)")
                #expect(nextReport["imported"] as? Int == 0)
                let nextReasons = Self.skippedReasons(nextReport)
                #expect(nextReasons.filter { $0.hasPrefix("already in your diary") }.count == films.count)
                let nextNotFound = nextReasons.filter { $0.contains("no KOBIS movie is titled") }.count
                #expect(nextNotFound >= notFound + 48, "not found: \(notFound) then \(nextNotFound)")
                #expect(try await client.noteTotal(token) == films.count)
            }
        }

        @Test(
            "two imports of one person share the day's budget (diary and watchlist); another person has their own",
            arguments: DiaryWebBackend.enabled)
        func sharedBudget(backend: DiaryWebBackend) async throws {
            let clock = ImportTestClock()
            try await Self.withApp(backend, clock: clock, perDay: 10) { client, services in
                let minji = try await client.account("minji")
                let jisoo = try await client.account("jisoo")
                let lookups = { try await services.ledger.usage().byPurpose[.lookups] ?? 0 }
                let start = try await lookups()
                let diary = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: minji,
                    text: Self.diary(films: [], unknown: 0..<20))
                #expect((diary.jsonObject?["leftForTomorrow"] as? Int ?? 0) >= 15)
                #expect(try await lookups() - start == 10)
                let watchlist = try await client.call(
                    .post, "/api/v1/watchlist/import?format=letterboxd", token: minji,
                    text: Self.diary(films: [], unknown: 100..<110, tag: "wl"))
                #expect(watchlist.status == .ok, "\(watchlist.text.prefix(300))")
                #expect(watchlist.jsonObject?["leftForTomorrow"] as? Int == 10)
                #expect(try await lookups() - start == 10)
                let other = try await client.call(
                    .post, "/api/v1/watchlist/import?format=letterboxd", token: jisoo,
                    text: Self.diary(films: [], unknown: 200..<220, tag: "js"))
                #expect((other.jsonObject?["leftForTomorrow"] as? Int ?? 0) >= 15)
                #expect(try await lookups() - start == 20)
                // A person's chart and search pages are not imports: they still go through.
                let search = try await client.get("/api/v1/movies?q=Nothing%20like%20this")
                #expect(search.status == .ok)
                #expect(try await lookups() - start == 21)
            }
        }

        @Test(
            "a JSON file's watchlist: 10 of 25 films looked up on a budget of 10, the rest 'try again tomorrow'; the next day goes on",
            arguments: DiaryWebBackend.enabled)
        func jsonWatchlistBudget(backend: DiaryWebBackend) async throws {
            let clock = ImportTestClock()
            try await Self.withApp(backend, clock: clock, perDay: 10) { client, services in
                let token = try await client.account("minji")
                let films = Self.unstoredFilms(25)
                try #require(films.count == 25)
                let file = try Self.jsonWatchlist(films)
                let lookups = { try await services.ledger.usage().byPurpose[.lookups] ?? 0 }
                let importFile = { (language: String) in
                    try await client.call(
                        .post, "/api/v1/notes/import?format=json", token: token, text: file,
                        headers: [.acceptLanguage: language])
                }

                let first = try await importFile("en")
                #expect(first.status == .ok, "\(first.text.prefix(300))")
                let report = try #require(first.jsonObject?["watchlist"] as? [String: Any], "\(first.text.prefix(300))")
                #expect(try await lookups() == 10)
                #expect(report["imported"] as? Int == 10, "\(report)")
                #expect(report["leftForTomorrow"] as? Int == 15)
                #expect(Self.skippedReasons(report).filter { $0.hasPrefix("try again tomorrow") }.count == 15)

                // The same day: nothing left to spend, nothing spent, the reason in Korean; a Letterboxd watchlist
                // of hers shares the spent budget.
                let again = try await importFile("ko")
                let againReport = try #require(again.jsonObject?["watchlist"] as? [String: Any])
                #expect(againReport["imported"] as? Int == 0)
                #expect(againReport["leftForTomorrow"] as? Int == 15)
                #expect(Self.skippedReasons(againReport).filter { $0.hasPrefix("오늘은 찾아보지 못했습니다") }.count == 15)
                let letterboxd = try await client.call(
                    .post, "/api/v1/watchlist/import?format=letterboxd", token: token,
                    text: Self.diary(films: [], unknown: 0..<3, tag: "wl"))
                #expect(letterboxd.jsonObject?["leftForTomorrow"] as? Int == 3, "\(letterboxd.text.prefix(300))")
                #expect(try await lookups() == 10)

                // The next KST day the same file goes on: the films added yesterday cost nothing, 10 more are
                // looked up, 5 wait for the day after.
                clock.advance(86_400)
                #expect(try await lookups() == 0)
                let next = try await importFile("en")
                let nextReport = try #require(next.jsonObject?["watchlist"] as? [String: Any])
                #expect(try await lookups() == 10)
                #expect(nextReport["imported"] as? Int == 10)
                #expect(nextReport["leftForTomorrow"] as? Int == 5)
                let nextReasons = Self.skippedReasons(nextReport)
                #expect(nextReasons.filter { $0.contains("already on your watchlist") }.count == 10)
                #expect(try await WatchlistTransferTests.watchlist(client, token).count == 20)
            }
        }

        @Test(
            "with the quota near limit − reserve imports stop there, and a reader's chart still goes through",
            arguments: DiaryWebBackend.enabled)
        func readersKeepTheirReserve(backend: DiaryWebBackend) async throws {
            let clock = ImportTestClock()
            try await Self.withApp(backend, clock: clock, enforcedQuota: (limit: 60, reserve: 20)) { client, services in
                let token = try await client.account("minji")
                // The keeper spent 38 of the 40 background calls.
                let store = services.database.quotaLedgerStore()
                for _ in 0..<38 {
                    _ = try await store.spend(
                        keyID: services.ledger.keyID, day: services.calendar.today, purpose: .keeper, ceiling: nil)
                }
                let response = try await client.call(
                    .post, "/api/v1/notes/import?format=letterboxd", token: token,
                    text: Self.diary(films: [], unknown: 0..<30))
                #expect(response.status == .ok, "\(response.text.prefix(300))")
                #expect((response.jsonObject?["leftForTomorrow"] as? Int ?? 0) >= 28)
                let usage = try await services.ledger.usage()
                #expect(usage.used == 40, "\(usage.byPurpose)")
                // The reserve is the readers': a chart nobody asked for before is fetched.
                let chart = try await client.get("/api/v1/daily?date=2024-03-10")
                #expect(chart.status == .ok, "\(chart.text.prefix(300))")
                #expect(try await services.ledger.usage().byPurpose[.readers] ?? 0 >= 1)
            }
        }

        /// The diary app on a fresh database of `backend`, at `clock`, with its services, served on loopback.
        static func withApp(
            _ backend: DiaryWebBackend, clock: ImportTestClock, perDay: Int = 100,
            enforcedQuota: (limit: Int, reserve: Int)? = nil,
            _ body: @Sendable (any TestClientProtocol, AppServices) async throws -> Void
        ) async throws {
            try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
                var configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
                configuration.importLookupsPerDay = perDay
                if let enforcedQuota {
                    // A key: the quota is enforced; the simulator still answers, in process.
                    configuration.kobisAPIKey = SimulatorTransport.sampleKey
                    configuration.kobisDailyLimit = enforcedQuota.limit
                    configuration.keeperReserve = enforcedQuota.reserve
                }
                let now: @Sendable () -> Date = { clock.now }
                let services = try await AppServices.start(
                    configuration: configuration, logger: DiaryWebTestSupport.quietLogger,
                    transport: SimulatorTransport(simulator: KOBISSimulator(now: { WebTestSupport.fixedNow })), now: now
                )
                let app = try await buildApplication(services: services)
                try await app.test(.live) { client in try await body(client, services) }
            }
        }
    }
}

/// A clock tests move by hand, from the web suite's fixed instant.
final class ImportTestClock: Sendable {
    private let instant = Locked(WebTestSupport.fixedNow)

    var now: Date { instant.withLock { $0 } }

    func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
}
