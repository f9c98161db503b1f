import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// Whom each KOBIS call is counted for in the quota ledger: charts for pages are readers', movie details and
/// searches people ask for are lookups, and a background purpose is never overridden.
@Suite("Quota: the purpose of each KOBIS call")
struct CallPurposeTests {
    let clock = TestClock(seoul(2024, 3, 20, 12))
    /// One ledger for the test, as the app has: the calls it counted ahead are its own.
    let ledger: QuotaLedger

    init() {
        ledger = QuotaLedger(
            store: InMemoryQuotaStore(), keyID: "test", policy: QuotaPolicy(),
            calendar: BoxOfficeCalendar(now: clock.function))
    }

    func movies() -> MovieService {
        MovieService(
            upstream: LedgerGatedUpstream(base: ArchiveUpstream(clock: clock), ledger: ledger), repository: NoMovies(),
            cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
    }

    @Test("a chart for a page is a reader's call")
    func chartsAreReaders() async throws {
        let charts = ChartService(
            upstream: LedgerGatedUpstream(base: ScriptedUpstream(clock: clock), ledger: ledger),
            repository: InMemoryChartRepository(), calendar: BoxOfficeCalendar(now: clock.function))
        _ = try await charts.chart(.daily(CalendarDate("2024-03-18")!))
        #expect(try await ledger.usage().byPurpose == [.readers: 1, .keeper: 0, .sync: 0, .backfill: 0, .lookups: 0])
    }

    @Test("movie details, searches and regions asked for by people are lookups")
    func moviesAreLookups() async throws {
        let movies = movies()
        _ = try await movies.movie(code: "K1")
        _ = try await movies.search(MovieSearchQuery(title: "하나"))
        _ = try await movies.regions()
        #expect(try await ledger.usage().byPurpose == [.readers: 0, .keeper: 0, .sync: 0, .backfill: 0, .lookups: 3])
    }

    @Test(
        "movie lookups made for background work keep its purpose",
        arguments: [KOBISCallPurpose.backfill, .keeper, .sync])
    func backgroundIsKept(purpose: KOBISCallPurpose) async throws {
        let movies = movies()
        try await KOBISCallPurpose.$current.withValue(purpose) {
            _ = try await movies.movie(code: "K2")
        }
        // Background calls are counted a block ahead; what was not made goes back when the work ends.
        await ledger.giveBackPrepaid(purpose)
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[purpose] == 1)
        #expect(usage.used == 1)
    }

    @Test("a code KOBIS does not know is asked about once a day, however often it is named")
    func unknownCodesOnceADay() async throws {
        let movies = movies()
        for _ in 0..<5 {
            await #expect(throws: BoxOfficeError.self) { try await movies.movie(code: "NONE") }
        }
        #expect(try await ledger.usage().byPurpose[.lookups] == 1)
        // A day later (the next KST day) it is asked again, once.
        clock.advance(MovieService.absentTTL + 1)
        for _ in 0..<3 {
            await #expect(throws: BoxOfficeError.self) { try await movies.movie(code: "NONE") }
        }
        #expect(try await ledger.usage().byPurpose[.lookups] == 1)
    }

    @Test("look-ups stop at limit − reserve ÷ 2; charts for pages may spend the rest")
    func lookupsLeaveHalfTheReserve() async throws {
        let ledger = QuotaLedger(
            store: InMemoryQuotaStore(), keyID: "test", policy: QuotaPolicy(limit: 10, reserve: 4),
            calendar: BoxOfficeCalendar(now: clock.function))
        for _ in 0..<8 { try await ledger.admit(.lookups) }
        await #expect(throws: KOBISError.self) { try await ledger.admit(.lookups) }
        try await ledger.admit(.readers)
        try await ledger.admit(.readers)
        await #expect(throws: KOBISError.self) { try await ledger.admit(.readers) }
        let usage = try await ledger.usage()
        #expect(usage.byPurpose[.lookups] == 8 && usage.byPurpose[.readers] == 2 && usage.used == 10)
    }
}
