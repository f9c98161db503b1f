import BoxOfficeCore
import Foundation
import KOBIS

/// A clock tests can move.
final class TestClock: Sendable {
    private let instant: Locked<Date>
    init(_ instant: Date) { self.instant = Locked(instant) }
    var now: Date { instant.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
    var function: @Sendable () -> Date { { self.now } }
}

/// A Seoul wall-clock instant.
func seoul(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Date {
    CalendarDate(year: y, month: m, day: d)!.startInstant(in: BoxOfficeCalendar.seoul)
        .addingTimeInterval(Double(h * 3600 + min * 60))
}

/// An in-memory ChartRepository: the store's contract without a database, for service logic tests.
actor InMemoryChartRepository: ChartRepository {
    private var charts: [ChartQuery: Chart] = [:]
    private(set) var saves = 0
    private(set) var reads = 0
    func storedChart(for query: ChartQuery) async throws -> Chart? {
        reads += 1
        return charts[query]
    }
    func save(_ chart: Chart) async throws {
        saves += 1
        charts[chart.query] = chart
    }
    func dailyCharts(in range: DateRange) async throws -> [Chart] {
        charts.values.filter {
            $0.kind == .daily && $0.filters.isEmpty && $0.range.start >= range.start && $0.range.start <= range.end
        }
        .sorted { $0.range.start < $1.range.start }
    }
}

/// An upstream that makes charts from a counter, counts calls, can be slowed or made to fail.
final class ScriptedUpstream: BoxOfficeUpstream, Sendable {
    private let state = Locked((calls: 0, failure: BoxOfficeError?.none))
    private let clock: TestClock
    let delay: Duration
    let source = ChartSource.sample

    init(clock: TestClock, delay: Duration = .zero) {
        self.clock = clock
        self.delay = delay
    }

    var callCount: Int { state.withLock { $0.calls } }
    func fail(with error: BoxOfficeError?) { state.withLock { $0.failure = error } }

    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        let (call, failure) = state.withLock { state -> (Int, BoxOfficeError?) in
            state.calls += 1
            return (state.calls, state.failure)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        if let failure { throw failure }
        let entry = ChartEntry(
            rank: 1, change: .new, movieCode: "M\(call)", title: "Call \(call)", openDate: nil, audience: Int64(call),
            audienceTotal: Int64(call), sales: 1, salesShare: 100, salesTotal: 1, screens: 1, shows: 1)
        return Chart(
            kind: query.kind, range: query.range, filters: query.filters, source: .sample, fetchedAt: clock.now,
            entries: [entry])
    }

    func fetchMovie(code: String) async throws -> Movie? { nil }
    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        MovieSearchPage(totalCount: 0, page: 1, perPage: 20, movies: [])
    }
    /// No film lists here: these tests never sync.
    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        MovieNationPage(year: openYear, totalCount: 0, page: page, perPage: perPage, movies: [])
    }
    func fetchRegions() async throws -> [Region] { [] }
}

/// A one-way gate that tasks wait at until something the test waits for has happened (``open()``). Waiting never
/// hangs: once `limit` has passed since the first wait, the latch opens by itself and says it timed out, so a test
/// whose event never comes fails with a message instead of hanging. The limit only guards against a hang; nothing
/// measures it.
final class TestLatch: Sendable {
    static let defaultLimit: Duration = .seconds(30)

    let limit: Duration
    private struct State {
        var opened = false
        var expired = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var timer: Task<Void, Never>?
    }
    private let state = Locked(State())

    init(limit: Duration = TestLatch.defaultLimit) { self.limit = limit }

    /// Whether the latch is open (by ``open()`` or by its limit).
    var isOpen: Bool { state.withLock { $0.opened } }
    /// Whether the limit passed before ``open()`` was called.
    var timedOut: Bool { state.withLock { $0.expired } }

    /// Lets every waiting task and every later one through.
    func open() { release(expired: false) }

    /// Waits until the latch is open. True when it was opened by ``open()``, false when the limit passed first.
    @discardableResult
    func wait() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let limit = limit
            let passNow = state.withLock { state -> Bool in
                if state.opened { return true }
                state.waiters.append(continuation)
                if state.timer == nil {
                    state.timer = Task { [weak self] in
                        do { try await Task.sleep(for: limit) } catch { return }
                        self?.release(expired: true)
                    }
                }
                return false
            }
            if passNow { continuation.resume() }
        }
        return !timedOut
    }

    private func release(expired: Bool) {
        let (waiting, timer) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Task<Void, Never>?) in
            guard !state.opened else { return ([], nil) }
            state.opened = true
            state.expired = expired
            defer {
                state.waiters = []
                state.timer = nil
            }
            return (state.waiters, state.timer)
        }
        if !expired { timer?.cancel() }
        for continuation in waiting { continuation.resume() }
    }
}
