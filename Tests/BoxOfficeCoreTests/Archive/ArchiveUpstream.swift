import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// An upstream for sync tests: each day's chart has three films (two Korean `K…`, one foreign `F…`, the
/// foreign one changing weekly); faults can be scripted per day or per movie, calls are counted and the
/// number of calls in flight is tracked.
///
/// With `openDates`, chart rows carry each film's opening date (``openDate(of:)``) and the movie list of a year
/// holds ``listFillers`` other films first, then that year's chart films (so they are on its last page).
final class ArchiveUpstream: BoxOfficeUpstream, Sendable {
    let source = ChartSource.kobis
    private let clock: TestClock
    let delay: Duration
    let openDates: Bool
    private struct State {
        var listCalls: [ListPage: Int] = [:]
        var scriptedListFaults: [ListPage: [KOBISError]] = [:]
        var unlistedFilms: Set<String> = []
        /// Films KOBIS has no details for (`fetchMovie` answers nil).
        var filmsWithoutDetails: Set<String> = []
        /// When set, lists give their chart films first and these last, after the fillers.
        var listedLast: Set<String>?
        var chartCalls: [ChartQuery: Int] = [:]
        var movieCalls: [String: Int] = [:]
        var scriptedChartFaults: [CalendarDate: [KOBISError]] = [:]
        var permanentChartFaults: [CalendarDate: KOBISError] = [:]
        var everyCallFault: KOBISError?
        var emptyDays: Set<CalendarDate> = []
        var inFlight = 0
        var maxInFlight = 0
        var chartsInFlight = 0
        var moviesInFlight = 0
        var sawMixedInFlight = false
        /// Every call in the order it started.
        var startedCalls: [StartedCall] = []
        /// Days whose charts answer only once the details of every film of `heldFor` (of any film when it is
        /// empty) have been asked for: they wait at `heldCharts`, which opens then (or after
        /// ``TestLatch/defaultLimit``).
        var heldDays: Set<CalendarDate> = []
        var heldFor: Set<String> = []
        var heldChartSawFilmCall: Bool?
        /// Days whose charts answer only once `dayLatch` opens.
        var latchedDays: Set<CalendarDate> = []
        var dayLatch: TestLatch?
        /// Whether a wait at a latch outlived its limit (reported once, as a test issue).
        var reportedTimeout = false
    }
    private let state = Locked(State())
    /// Films listed before a year's chart films: 230, so a year's list has 3 pages of 100.
    static let listFillers = 230

    struct ListPage: Hashable {
        var year: Int
        var page: Int
    }
    /// Opens when the details the held charts wait for have been asked for (see `State.heldDays`).
    private let heldCharts = TestLatch()

    enum StartedCall: Hashable {
        case chart(CalendarDate)
        case movie(String)
    }

    /// With a rendezvous of N, each call waits until N calls have been in flight at once before it answers:
    /// whether a caller reaches N at a time then depends on the caller, not on how fast the machine starts its
    /// tasks. A caller that never has N in flight fails the test after ``TestLatch/defaultLimit`` instead of
    /// hanging.
    let rendezvous: Int?
    private let rendezvousReached = TestLatch()

    init(clock: TestClock, delay: Duration = .zero, openDates: Bool = false, rendezvous: Int? = nil) {
        self.clock = clock
        self.delay = delay
        self.openDates = openDates
        self.rendezvous = rendezvous
    }

    /// The wait described at ``rendezvous``, then the ``delay`` (a latency only: nothing depends on its length).
    private func answerLater() async throws {
        if let rendezvous, await !rendezvousReached.wait() {
            reportTimeoutOnce(
                "The upstream waited \(rendezvousReached.limit) for \(rendezvous) calls in flight at once; at most "
                    + "\(highestInFlight) were.")
        }
        if delay > .zero { try await Task.sleep(for: delay) }
    }

    private func reportTimeoutOnce(_ message: String) {
        let first = state.withLock { state -> Bool in
            defer { state.reportedTimeout = true }
            return !state.reportedTimeout
        }
        if first { Issue.record("\(message)") }
    }

    /// K1 opened 2023-12-20, K2 2024-01-10, `F<n>` on day `7n` since 1970 (the start of its week).
    static func openDate(of code: String) -> CalendarDate? {
        switch code {
        case "K1": return CalendarDate("2023-12-20")
        case "K2": return CalendarDate("2024-01-10")
        default:
            guard code.hasPrefix("F"), let week = Int(code.dropFirst()) else { return nil }
            return CalendarDate(daysSinceEpoch: week * 7)
        }
    }

    /// The nation `fetchMovie` gives first: what the movie list must agree with.
    static func representativeNation(of code: String) -> String { code.hasPrefix("K") ? "한국" : "미국" }

    /// The chart films opening in `year`, in the order the list gives them.
    static func chartFilms(openingIn year: Int) -> [String] {
        var films = ["K1", "K2"].filter { openDate(of: $0)?.year == year }
        let first = CalendarDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        let last = CalendarDate(year: year, month: 12, day: 31)!.daysSinceEpoch
        for week in ((first + 6) / 7)...(last / 7) { films.append("F\(week)") }
        return films
    }

    /// The next calls for page `page` of `year`'s list fail with `faults`, in order; then it answers.
    func scriptList(year: Int, page: Int, faults: [KOBISError]) {
        state.withLock { state in state.scriptedListFaults[ListPage(year: year, page: page)] = faults }
    }
    /// `codes` are missing from their year's movie list.
    func leaveOutOfLists(_ codes: Set<String>) { state.withLock { state in state.unlistedFilms = codes } }
    /// Lists give their other chart films first (on page 1), then the fillers, then `codes` (on the last page).
    func listFirst(exceptLast codes: Set<String>) { state.withLock { state in state.listedLast = codes } }
    /// KOBIS has no details for `codes`.
    func answerNoDetails(for codes: Set<String>) { state.withLock { state in state.filmsWithoutDetails = codes } }
    var listCallCount: Int { state.withLock { state in state.listCalls.values.reduce(0, +) } }
    func listCalls(year: Int, page: Int) -> Int {
        state.withLock { state in state.listCalls[ListPage(year: year, page: page)] ?? 0 }
    }
    /// Films whose details were fetched at least once.
    var moviesLookedUp: Set<String> { state.withLock { state in Set(state.movieCalls.keys) } }

    /// The next calls for `day` fail with `faults`, in order; then it answers.
    func script(_ day: CalendarDate, faults: [KOBISError]) {
        state.withLock { state in state.scriptedChartFaults[day] = faults }
    }
    /// Every call for `day` fails with `fault`.
    func failAlways(_ day: CalendarDate, with fault: KOBISError) {
        state.withLock { state in state.permanentChartFaults[day] = fault }
    }
    /// Every call fails with `fault` (nil: none).
    func failEveryCall(with fault: KOBISError?) { state.withLock { state in state.everyCallFault = fault } }
    /// The charts for `days` answer only once the details of every film of `films` (of any film when empty) have
    /// been asked for; after ``TestLatch/defaultLimit`` without them, they answer and the test fails.
    func holdCharts(on days: Set<CalendarDate>, untilDetailsOf films: Set<String> = []) {
        state.withLock { state in
            state.heldDays = days
            state.heldFor = films
        }
    }
    /// The charts for `days` answer only once `latch` opens; after its limit, they answer and the test fails.
    func holdCharts(on days: Set<CalendarDate>, until latch: TestLatch) {
        state.withLock { state in
            state.latchedDays = days
            state.dayLatch = latch
        }
    }
    /// Whether the held charts were answered because the films' details were asked for while they were in flight.
    var heldChartReleasedByFilmCall: Bool { state.withLock { state in state.heldChartSawFilmCall ?? false } }
    /// Charts for `day` come back empty.
    func answerEmpty(_ day: CalendarDate) { state.withLock { state in _ = state.emptyDays.insert(day) } }

    var totalCalls: Int {
        state.withLock { state in
            state.chartCalls.values.reduce(0, +) + state.movieCalls.values.reduce(0, +)
                + state.listCalls.values.reduce(0, +)
        }
    }
    var chartCallCount: Int { state.withLock { state in state.chartCalls.values.reduce(0, +) } }
    var movieCallCount: Int { state.withLock { state in state.movieCalls.values.reduce(0, +) } }
    func calls(for query: ChartQuery) -> Int { state.withLock { state in state.chartCalls[query] ?? 0 } }
    var highestInFlight: Int { state.withLock { state in state.maxInFlight } }
    func calls(forMovie code: String) -> Int { state.withLock { state in state.movieCalls[code] ?? 0 } }
    /// Every call in the order it started.
    var callOrder: [StartedCall] { state.withLock { state in state.startedCalls } }
    /// Whether a film lookup and a chart were ever in flight at the same moment.
    var filmsOverlappedCharts: Bool { state.withLock { state in state.sawMixedInFlight } }

    /// Counts a call in flight, and opens the latches it completes (lock held).
    private func enter(_ call: StartedCall, _ state: inout State) {
        state.startedCalls.append(call)
        state.inFlight += 1
        state.maxInFlight = max(state.maxInFlight, state.inFlight)
        if case .chart = call { state.chartsInFlight += 1 } else { state.moviesInFlight += 1 }
        if state.chartsInFlight > 0 && state.moviesInFlight > 0 { state.sawMixedInFlight = true }
        if let rendezvous, state.maxInFlight >= rendezvous { rendezvousReached.open() }
        if case .movie = call, !state.movieCalls.isEmpty, state.heldFor.isSubset(of: state.movieCalls.keys) {
            heldCharts.open()
        }
    }

    private func leave(_ call: StartedCall) {
        state.withLock { state in
            state.inFlight -= 1
            if case .chart = call { state.chartsInFlight -= 1 } else { state.moviesInFlight -= 1 }
        }
    }

    static func films(on day: CalendarDate) -> [(code: String, title: String, audience: Int64)] {
        let n = Int64(day.daysSinceEpoch % 1000)
        let foreign = "F\(day.daysSinceEpoch / 7)"
        return [
            ("K1", "한국영화 하나", 1_000 + n), (foreign, "Foreign \(day.daysSinceEpoch / 7)", 700 + n),
            ("K2", "한국영화 둘", 300),
        ]
    }

    func fetchChart(_ query: ChartQuery) async throws -> Chart {
        let fault: KOBISError? = state.withLock { state -> KOBISError? in
            state.chartCalls[query, default: 0] += 1
            enter(.chart(query.range.start), &state)
            if let everyCallFault = state.everyCallFault { return everyCallFault }
            if let permanent = state.permanentChartFaults[query.range.start] { return permanent }
            if var scripted = state.scriptedChartFaults[query.range.start], !scripted.isEmpty {
                let next = scripted.removeFirst()
                state.scriptedChartFaults[query.range.start] = scripted
                return next
            }
            return nil
        }
        defer { leave(.chart(query.range.start)) }
        let latch = state.withLock { state in state.latchedDays.contains(query.range.start) ? state.dayLatch : nil }
        if let latch, await !latch.wait() {
            reportTimeoutOnce("The chart for \(query.range.start) waited \(latch.limit) for what it was held for.")
        }
        if state.withLock({ state in state.heldDays.contains(query.range.start) }) {
            let sawFilmCall = await heldCharts.wait()
            state.withLock { state in state.heldChartSawFilmCall = sawFilmCall && (state.heldChartSawFilmCall ?? true) }
            if !sawFilmCall {
                let films = state.withLock { state in
                    state.heldFor.isEmpty ? "any film" : state.heldFor.sorted().joined(separator: ", ")
                }
                reportTimeoutOnce(
                    "The chart for \(query.range.start) was held \(heldCharts.limit) waiting for the details of "
                        + "\(films); they were not asked for while it was in flight.")
            }
        }
        try await answerLater()
        if let fault { throw BoxOfficeError.upstream(fault) }
        let empty = state.withLock { state in state.emptyDays.contains(query.range.start) }
        let entries =
            empty
            ? []
            : Self.films(on: query.range.start).enumerated().map { index, film in
                ChartEntry(
                    rank: index + 1, change: .same, movieCode: film.code, title: film.title,
                    openDate: openDates ? Self.openDate(of: film.code) : nil,
                    audience: film.audience, audienceTotal: film.audience * 10, sales: film.audience * 10_000,
                    salesShare: 10,
                    salesTotal: film.audience * 100_000, screens: 100 - index, shows: 400 - index)
            }
        return Chart(
            kind: query.kind, range: query.range, filters: query.filters, source: .kobis, fetchedAt: clock.now,
            entries: entries)
    }

    func fetchMovie(code: String) async throws -> Movie? {
        let (fault, noDetails) = state.withLock { state -> (KOBISError?, Bool) in
            state.movieCalls[code, default: 0] += 1
            enter(.movie(code), &state)
            return (state.everyCallFault, state.filmsWithoutDetails.contains(code))
        }
        defer { leave(.movie(code)) }
        try await answerLater()
        if let fault { throw BoxOfficeError.upstream(fault) }
        if code == "NONE" || noDetails { return nil }
        return Movie(
            code: code, title: code, nations: code.hasPrefix("K") ? ["한국"] : ["미국", "한국"], source: .kobis,
            fetchedAt: clock.now)
    }

    func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        MovieSearchPage(totalCount: 0, page: 1, perPage: 20, movies: [])
    }

    func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        let key = ListPage(year: openYear, page: page)
        let (fault, unlisted, last) = state.withLock { state -> (KOBISError?, Set<String>, Set<String>?) in
            state.listCalls[key, default: 0] += 1
            if let everyCallFault = state.everyCallFault {
                return (everyCallFault, state.unlistedFilms, state.listedLast)
            }
            if var scripted = state.scriptedListFaults[key], !scripted.isEmpty {
                let next = scripted.removeFirst()
                state.scriptedListFaults[key] = scripted
                return (next, state.unlistedFilms, state.listedLast)
            }
            return (nil, state.unlistedFilms, state.listedLast)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        if let fault { throw BoxOfficeError.upstream(fault) }
        let fillers = (0..<Self.listFillers).map {
            ListedMovieNation(
                code: "X\(openYear)-\($0)", openDate: CalendarDate(year: openYear, month: 6, day: 1),
                representativeNation: "프랑스")
        }
        let films = Self.chartFilms(openingIn: openYear).filter { !unlisted.contains($0) }.map {
            ListedMovieNation(
                code: $0, openDate: Self.openDate(of: $0), representativeNation: Self.representativeNation(of: $0))
        }
        let all: [ListedMovieNation]
        if let last {
            all = films.filter { !last.contains($0.code) } + fillers + films.filter { last.contains($0.code) }
        } else {
            all = fillers + films
        }
        let start = min(all.count, (page - 1) * perPage)
        return MovieNationPage(
            year: openYear, totalCount: all.count, page: page, perPage: perPage,
            movies: Array(all[start..<min(all.count, start + perPage)]))
    }

    func fetchRegions() async throws -> [Region] { [] }
}
