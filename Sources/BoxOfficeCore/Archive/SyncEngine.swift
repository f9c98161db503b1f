import Foundation
import KOBIS

/// Fills the archive: fetches every missing or provisional chart of a range and learns the representative nation
/// of every film they name, through one pool of workers, within a call budget.
///
/// - Every chart and every nation is stored as soon as it arrives (by a task of its own, while the worker's next
///   call is already under way), so a run that is interrupted or killed loses at most the calls in flight and
///   the answers being stored; the next run plans from the store and fetches nothing that is already settled.
/// - One queue feeds the pool: the planned charts, and film lookups (movie-list pages and film details) as the
///   charts that name the films arrive. Lookups go first, so they run while the charts are still being fetched
///   (the pool never waits for a "films phase"). At most `concurrency` calls are in flight, whatever their kind,
///   so total calls ÷ `concurrency` is what drives the wall time.
/// - Transient failures (timeouts, connection trouble, HTTP 5xx or 429, unreadable bodies) are retried with
///   exponential backoff; other failures are reported at the end. A rejected key, or a store that cannot
///   write, stops the run at once; so do `maxConsecutiveFailures` failed items in a row.
/// - Every attempt counts against the budget; when it is used up, no new call starts and the report says
///   how to continue.
///
/// Korean vs foreign: daily charts do not say a film's nation, so the engine makes sure the archive knows the
/// representative nation of every film in the range — from movie details already stored (no call), else from
/// KOBIS's movie list of the film's opening year, else from the film's details (one call per film, ever):
///
/// - Chart rows carry each film's opening date, so the engine knows its opening year. Films of one year wait
///   until ``SyncOptions/listThreshold`` of them are unknown; then page 1 of that year's list (every nation, 100
///   films a page, each with its `repNationNm`) is read, which also tells how many pages the year has. Further
///   pages are read one at a time, only while they are fewer than the year's films still waiting, so a page
///   never costs more than the details calls it replaces. What a page teaches is stored, every film it lists:
///   films of that year met later, in this run or a later one, need no call.
/// - A film falls back to one details call when it has no opening date, when its year's list was read to the
///   end without it (or a page of it failed), or when its year is not worth (more) pages and the charts are
///   all in — or all handed out, with those still in flight expected to add less than half a film to the
///   year's waiting ones at the rate the charts did since its latest page (so a long run's last details share
///   the last round with its last charts). A year's sync against the simulator thus makes 365 chart calls and
///   a handful of list calls; on KOBIS (~19 pages a year) it is never more than one call per opening year
///   worse than details alone.
/// - That is far fewer calls than fetching each day's `repNationCd=K` chart (one per day, every day).
public struct SyncEngine: Sendable {
    private let upstream: any BoxOfficeUpstream
    private let charts: any ChartRepository
    private let movies: any MovieRepository
    private let archive: any ArchiveRepository
    public let calendar: BoxOfficeCalendar
    public let options: SyncOptions
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameter sleep: how to wait between retries (tests pass one that returns at once).
    public init(
        upstream: any BoxOfficeUpstream, charts: any ChartRepository, movies: any MovieRepository,
        archive: any ArchiveRepository, calendar: BoxOfficeCalendar, options: SyncOptions = SyncOptions(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.upstream = upstream
        self.charts = charts
        self.movies = movies
        self.archive = archive
        self.calendar = calendar
        self.options = options
        self.sleep = sleep
    }

    /// The chart work `request` needs now. Throws ``BoxOfficeError/invalid(_:)`` for a bad range.
    public func plan(_ request: SyncRequest) async throws -> SyncPlan {
        try ArchivePeriod.validate(request.range, calendar: calendar)
        let daily = try await archive.chartStatuses(kind: .daily, startingIn: request.range)
        let weekly =
            request.includeWeekly
            ? try await archive.chartStatuses(kind: .week, startingIn: SyncPlan.statusRange(for: request)) : []
        return SyncPlan(
            request: request, dailyStatuses: daily, weeklyStatuses: weekly, calendar: calendar,
            provisionalTTL: options.provisionalTTL)
    }

    /// Runs `request` to the end, to the budget, or until `control` asks it to stop.
    ///
    /// - Throws: ``BoxOfficeError`` only for a bad range or when the store cannot be read to plan;
    ///   everything that goes wrong later is in the report.
    public func run(
        _ request: SyncRequest, control: SyncControl = SyncControl(),
        progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws -> SyncReport {
        let plan = try await plan(request)
        var report = SyncReport(request: request, plan: plan)
        let state = RunState(options: options, control: control, progress: progress, charts: plan.items)
        await state.emitStarted(skipped: plan.settled + plan.recentlyFetched)

        // Films of days archived before this run whose nation is still unknown (an earlier run stopped early,
        // or a lookup failed); the films of charts fetched now are queued as they arrive.
        do {
            try await queueFilms(in: request.range, state: state)
        } catch {
            await state.abort(.fatal(.archiveUnavailable(detail: Self.diagnostic(error))))
        }

        // One worker per call slot: each fetches, hands what came back to a task that stores it, and starts its
        // next call at once.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<options.concurrency {
                group.addTask { await self.work(state: state) }
            }
        }

        let summary = await state.summary()
        report.chartsStored = summary.chartsStored
        report.chartsNotCounted = summary.chartsNotCounted
        report.moviesFetched = summary.moviesFetched
        report.moviesFromLists = summary.moviesFromLists
        report.listPagesFetched = summary.listPagesFetched
        report.moviesFromStore = summary.progress.moviesFromStore
        report.moviesPlanned = summary.progress.moviesTotal
        report.moviesChecked = summary.stopReason == nil
        report.calls = summary.progress.calls
        report.retries = summary.retries
        report.failures = summary.failures
        report.notAttemptedCharts = summary.notAttemptedCharts
        report.notAttemptedMovies = summary.notAttemptedMovies
        report.stopReason = summary.stopReason
        return report
    }

    // MARK: - Workers

    /// Takes items in turn (so they are handed out in the order their calls start), calls upstream, and stores
    /// each answer in a task of its own while the next call is already under way.
    private func work(state: RunState) async {
        await withTaskGroup(of: Void.self) { stores in
            while let item = await state.nextItem() {
                let fetched = await fetch(item, state: state)
                // The previous answer had a whole call's time to be stored: waiting for it keeps one store per
                // worker, and lets a store that failed stop the run before this worker starts another call.
                await stores.next()
                switch fetched {
                case .success(let answer):
                    stores.addTask { await state.finish(item, await self.store(answer, state: state)) }
                case .failure:
                    // Nothing to store: finished now, so failures in a row are counted before the next call.
                    await state.finish(item, Self.outcome(of: fetched))
                }
            }
        }
    }

    /// What one call brought back, with what it was for.
    private enum Fetched: Sendable {
        case chart(ChartQuery, Chart)
        case movie(code: String, Movie?)
        case movieList(year: Int, page: Int, MovieNationPage)
    }

    /// Calls upstream for `item` (retrying as ``attempt(_:state:_:)`` does).
    private func fetch(_ item: SyncItem, state: RunState) async -> Result<Fetched, GiveUp> {
        switch item {
        case .chart(let query):
            return await attempt(item, state: state) { .chart(query, try await upstream.fetchChart(query)) }
        case .movie(let code):
            return await attempt(item, state: state) { .movie(code: code, try await upstream.fetchMovie(code: code)) }
        case .movieList(let year, let page):
            return await attempt(item, state: state) {
                .movieList(
                    year: year, page: page,
                    try await upstream.fetchMovieNations(openYear: year, page: page, perPage: SyncOptions.listPageSize))
            }
        }
    }

    /// Stores what a call brought back.
    private func store(_ answer: Fetched, state: RunState) async -> SyncOutcome {
        switch answer {
        case .chart(let query, let chart):
            // An empty chart usually means "not counted yet"; store it only once the period is well past, so a
            // glitch is never settled for good (the rule the chart pages follow).
            if chart.entries.isEmpty
                && chart.fetchedAt < calendar.settledInstant(after: query.range.end.adding(days: 5))
            {
                return .notCountedYet
            }
            do {
                try await charts.save(chart)
                // Only a chart naming films this run has not met yet needs a look at the store: after the first
                // weeks of a range most days bring none.
                if query.kind == .daily && query.filters.isEmpty {
                    try await queueNewFilms(of: chart, in: query.range, state: state)
                }
            } catch {
                return await storeFailed(error, state: state)
            }
            return .stored
        case .movie(let code, let movie):
            guard let movie else {
                return .failed(.noDetails(movieCode: code), transient: false)
            }
            do {
                try await movies.save(movie)
                try await archive.saveRepresentativeNation(movie.nations.first ?? "", movieCode: code)
            } catch {
                return await storeFailed(error, state: state)
            }
            return .stored
        case .movieList(let year, let page, let result):
            let learned = await state.receive(result, year: year, page: page)
            // Every film the page lists, not only those this run waits for: a later run meets some of them (the
            // films that open late in a year play in the next year's charts) and needs no call for them.
            var nations = Dictionary(result.movies.map { ($0.code, $0.representativeNation) }) { first, _ in first }
            nations.merge(learned) { _, learnedNation in learnedNation }
            do {
                try await archive.saveRepresentativeNations(nations)
            } catch {
                return await storeFailed(error, state: state)
            }
            return .stored
        }
    }

    /// Queues the films `chart` names that this run has not met yet, if any; until they are queued, the run
    /// knows that films are on their way (``RunState/filmsQueued()``).
    private func queueNewFilms(of chart: Chart, in range: DateRange, state: RunState) async throws {
        guard await state.meetFilms(chart.entries.map { (code: $0.movieCode, year: $0.openDate?.year) }) else {
            return
        }
        do {
            try await queueFilms(in: range, openDates: Self.openDates(chart.entries), state: state)
        } catch {
            await state.filmsQueued()
            throw error
        }
        await state.filmsQueued()
    }

    /// Each film's opening date as `entries` give it.
    private static func openDates(_ entries: [ChartEntry]) -> [String: CalendarDate] {
        var dates: [String: CalendarDate] = [:]
        for entry in entries {
            if let date = entry.openDate, dates[entry.movieCode] == nil { dates[entry.movieCode] = date }
        }
        return dates
    }

    /// Finds the films of the archived daily charts in `range` whose nation is unknown and that this run has not
    /// seen yet: a film with stored details gets its nation from them (no call); the others are looked up by
    /// opening year (`openDates`, read from the archived charts when `nil`) — at once when a movie-list page
    /// read earlier in this run has them, else by a list page or their details.
    private func queueFilms(
        in range: DateRange, openDates: [String: CalendarDate]? = nil, state: RunState
    ) async throws {
        let codes = await state.claimFilms(try await archive.movieCodesWithoutNation(in: range))
        guard !codes.isEmpty else { return }
        var toLookUp: [String] = []
        var fromStore: [String: String] = [:]
        for code in codes {
            if let stored = try await movies.storedMovie(code: code) {
                fromStore[code] = stored.nations.first ?? ""
            } else {
                toLookUp.append(code)
            }
        }
        try await archive.saveRepresentativeNations(fromStore)
        var dates = openDates ?? [:]
        if openDates == nil && !toLookUp.isEmpty {
            for chart in try await charts.dailyCharts(in: range) {
                dates.merge(Self.openDates(chart.entries)) { first, _ in first }
            }
        }
        let learned = await state.lookUp(
            toLookUp.map { (code: $0, year: dates[$0]?.year) }, fromStore: fromStore.count)
        try await archive.saveRepresentativeNations(learned)
    }

    private func storeFailed(_ error: any Error, state: RunState) async -> SyncOutcome {
        let problem = SyncProblem.storeFailed(detail: Self.diagnostic(error))
        await state.abort(.fatal(problem))
        return .failed(problem, transient: false)
    }

    /// Why an attempt gave up.
    private enum GiveUp: Error {
        case notAttempted
        case failed(SyncProblem, transient: Bool)
    }

    /// Calls `body` until it succeeds, fails for good, or the budget or the run ends; each call takes one
    /// unit of budget.
    private func attempt<Value: Sendable>(
        _ item: SyncItem, state: RunState, _ body: @Sendable () async throws -> Value
    ) async -> Result<Value, GiveUp> {
        var attempt = 1
        while true {
            guard await state.takeCall() else { return .failure(.notAttempted) }
            do {
                return .success(try await body())
            } catch {
                let failure = Self.describe(error)
                if failure.problem.rejectsEveryCall {
                    await state.abort(.fatal(failure.problem))
                    return .failure(.failed(failure.problem, transient: false))
                }
                guard failure.transient, attempt < options.maxAttempts else {
                    return .failure(.failed(failure.problem, transient: failure.transient))
                }
                let delay = options.delay(beforeRetry: attempt)
                await state.retrying(item, attempt: attempt, problem: failure.problem, delay: delay)
                guard await pause(delay, state: state) else { return .failure(.notAttempted) }
                attempt += 1
            }
        }
    }

    /// Waits `delay` in short steps so a stop request is noticed; false when the run should stop.
    private func pause(_ delay: Duration, state: RunState) async -> Bool {
        var left = delay
        while left > .zero {
            guard await state.isRunning else { return false }
            let step = min(left, .milliseconds(100))
            try? await sleep(step)
            left -= step
        }
        return await state.isRunning
    }

    private static func outcome<Value>(of result: Result<Value, GiveUp>) -> SyncOutcome {
        switch result {
        case .success: return .stored
        case .failure(.notAttempted): return .notAttempted
        case .failure(.failed(let problem, let transient)): return .failed(problem, transient: transient)
        }
    }

    /// What `error` means to a sync, and whether retrying may help.
    static func describe(_ error: any Error) -> (problem: SyncProblem, transient: Bool) {
        switch error {
        case BoxOfficeError.upstream(let upstream): return (.upstream(upstream), upstream.isTransient)
        case let upstream as KOBISError: return (.upstream(upstream), upstream.isTransient)
        case is CancellationError: return (.cancelled, true)
        default: return (.other(detail: diagnostic(error)), false)
        }
    }

    /// A one-line diagnostic of `error` for logs and the store's failures (never shown as it is to readers).
    static func diagnostic(_ error: any Error) -> String {
        String(describing: error).replacingOccurrences(of: "\n", with: " ")
    }

}

/// What one run knows of one opening year's movie list.
private struct YearListing {
    /// Films of the year met in this run, nation unknown, waiting for a page of the list (in the order met).
    var waiting: [String] = []
    /// Films that began waiting since the latest page came in (since the run began, before any page): how
    /// often the charts bring a film that the pages read so far do not cover.
    var waitedSinceLastPage = 0
    /// Charts finished when the latest page came in (0 before any page).
    var chartsFinishedAtLastPage = 0
    /// Representative nations from the pages read so far.
    var nations: [String: String] = [:]
    /// Pages the whole list has, known once page 1 is in.
    var pageCount: Int?
    /// Pages 1...pagesRead are in.
    var pagesRead = 0
    /// A page is queued or in flight.
    var pageQueued = false
    /// Read to the end, or a page failed: films not known from it get details.
    var closed = false
}

/// The shared state of one run: budget, work queue, counters, and the one place events are emitted from,
/// so they arrive in order.
private actor RunState {
    private let options: SyncOptions
    private let control: SyncControl
    private let progressHandler: @Sendable (SyncEvent) -> Void

    private var callsLeft: Int
    private var retries = 0
    private var consecutiveFailures = 0
    private var stopReason: SyncStopReason?
    private var failures: [SyncFailure] = []

    /// Planned charts, oldest first, and lookups (list pages and film details); lookups are handed out first.
    private var chartQueue: [SyncItem]
    private var nextChart = 0
    private var lookupQueue: [SyncItem] = []
    private var nextLookup = 0
    /// Planned charts not finished yet: while there are any, films of any year may still be met.
    private var chartsUnfinished: Int
    /// Movie lists by opening year.
    private var years: [Int: YearListing] = [:]
    /// Films this run has already looked after (queued, or nation taken from stored details).
    private var claimedFilms: Set<String> = []
    /// Films named by the charts this run fetched (their nation known, or looked after).
    private var metFilms: Set<String> = []
    /// Charts whose new films are being queued: a chart that names only films met before may finish first,
    /// while those films are not counted anywhere yet.
    private var chartsQueueingFilms = 0
    /// Items handed out and not finished yet: while there are any, an empty queue may still grow.
    private var outstanding = 0
    /// Workers waiting for the queue to grow or the run to end.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private var progress = SyncProgress()
    private var chartsStored = 0
    private var chartsNotCounted = 0
    private var moviesFetched = 0
    private var moviesFromLists = 0
    private var listPagesFetched = 0
    private var notAttemptedCharts = 0
    private var notAttemptedMovies = 0

    init(
        options: SyncOptions, control: SyncControl, progress: @escaping @Sendable (SyncEvent) -> Void,
        charts: [SyncItem]
    ) {
        self.options = options
        self.control = control
        self.progressHandler = progress
        self.callsLeft = options.budget
        self.chartQueue = charts
        self.chartsUnfinished = charts.count
        self.progress.chartsTotal = charts.count
    }

    private func emit(_ event: SyncEvent) { progressHandler(event) }

    func emitStarted(skipped: Int) { emit(.started(progress, skipped: skipped)) }

    /// True while nothing has stopped the run.
    var isRunning: Bool {
        if stopReason == nil && (control.isStopRequested || Task.isCancelled) { stop(.interrupted) }
        return stopReason == nil
    }

    /// The codes of `codes` this run has not looked after yet, now marked as looked after.
    func claimFilms(_ codes: [String]) -> [String] {
        codes.filter { claimedFilms.insert($0).inserted }
    }

    /// Marks `films` as met in a fetched chart. A film met for the first time whose nation a page of this run
    /// taught is done here (the page stored it); whether any other is new: the caller then queues them and calls
    /// ``filmsQueued()``.
    func meetFilms(_ films: [(code: String, year: Int?)]) -> Bool {
        var new = false
        var fromPages = 0
        for film in films where metFilms.insert(film.code).inserted {
            if let year = film.year, years[year]?.nations[film.code] != nil {
                if claimedFilms.insert(film.code).inserted { fromPages += 1 }
            } else {
                new = true
            }
        }
        if fromPages > 0 {
            progress.moviesTotal += fromPages
            progress.moviesDone += fromPages
            moviesFromLists += fromPages
            emit(.moviesQueued(count: fromPages, progress))
        }
        if new { chartsQueueingFilms += 1 }
        return new
    }

    /// The films a chart brought (``meetFilms(_:)``) are queued.
    func filmsQueued() {
        chartsQueueingFilms -= 1
        if chartsQueueingFilms == 0 && nextChart == chartQueue.count { considerEveryYear() }
    }

    /// Takes on films whose nation is unknown (with their opening year, when known); `fromStore` more films
    /// needed no call. Returns the nations already known from list pages read in this run (movie code →
    /// nation), to store now.
    func lookUp(_ films: [(code: String, year: Int?)], fromStore: Int) -> [String: String] {
        progress.moviesFromStore += fromStore
        guard !films.isEmpty else { return [:] }
        progress.moviesTotal += films.count
        var learned: [String: String] = [:]
        var details: [String] = []
        var touched: [Int] = []
        for film in films {
            guard let year = film.year else {
                details.append(film.code)
                continue
            }
            var listing = years[year, default: YearListing()]
            if let nation = listing.nations[film.code] {
                learned[film.code] = nation
            } else if listing.closed {
                details.append(film.code)
            } else {
                listing.waiting.append(film.code)
                listing.waitedSinceLastPage += 1
                if !touched.contains(year) { touched.append(year) }
            }
            years[year] = listing
        }
        progress.moviesDone += learned.count
        moviesFromLists += learned.count
        queueDetails(details)
        for year in touched { consider(year) }
        emit(.moviesQueued(count: films.count, progress))
        return learned
    }

    /// Takes in page `page` of `year`'s list: returns the waiting films it names, to store; then reads on,
    /// or sends the films it cannot help with to details.
    func receive(_ result: MovieNationPage, year: Int, page: Int) -> [String: String] {
        listPagesFetched += 1
        var listing = years[year, default: YearListing()]
        listing.pageQueued = false
        listing.pagesRead = max(listing.pagesRead, page)
        listing.pageCount = result.pageCount
        listing.waitedSinceLastPage = 0
        listing.chartsFinishedAtLastPage = chartsFinished
        for movie in result.movies where listing.nations[movie.code] == nil {
            listing.nations[movie.code] = movie.representativeNation
        }
        var learned: [String: String] = [:]
        listing.waiting.removeAll { code in
            guard let nation = listing.nations[code] else { return false }
            learned[code] = nation
            return true
        }
        // An empty page also ends the list: a shorter list than `totCnt` promised must not loop.
        if listing.pagesRead >= result.pageCount || result.movies.isEmpty {
            listing.closed = true
        }
        years[year] = listing
        progress.moviesDone += learned.count
        moviesFromLists += learned.count
        consider(year)
        return learned
    }

    /// Decides what `year`'s waiting films need: page 1 once enough wait, a further page while fewer pages are
    /// left than films wait, details when the list is read (or failed), or when no chart is likely to name
    /// more films and reading on does not pay.
    private func consider(_ year: Int) {
        guard var listing = years[year], !listing.pageQueued, !listing.waiting.isEmpty else { return }
        let chartsAreIn = chartsUnfinished == 0 || expectsNoMoreWaitingFilms(for: listing)
        var nextPage: Int?
        if !listing.closed {
            if let pageCount = listing.pageCount {
                let pagesLeft = pageCount - listing.pagesRead
                if pagesLeft > 0 && pagesLeft < listing.waiting.count { nextPage = listing.pagesRead + 1 }
            } else if listing.waiting.count >= options.listThreshold {
                nextPage = 1
            }
        }
        if let nextPage {
            listing.pageQueued = true
            years[year] = listing
            lookupQueue.append(.movieList(year: year, page: nextPage))
            progress.listPagesTotal += 1
            wakeWaiting()
        } else if listing.closed || chartsAreIn {
            let films = listing.waiting
            listing.waiting = []
            years[year] = listing
            queueDetails(films)
        }
    }

    /// Whether the charts still in flight, every chart being handed out and the films of those finished all
    /// queued, are unlikely to add a film to the year's waiting ones: at the rate the charts finished since its
    /// latest page did (films its pages already cover never wait), less than half a film is expected. Deciding
    /// then lets the year's details share the last round with the last charts instead of taking a round of their
    /// own; should a film wait after all, the cost is at most the details already queued.
    private func expectsNoMoreWaitingFilms(for listing: YearListing) -> Bool {
        guard nextChart == chartQueue.count, chartsQueueingFilms == 0 else { return false }
        let finishedSince = chartsFinished - listing.chartsFinishedAtLastPage
        guard finishedSince > 0 else { return false }
        return 2 * listing.waitedSinceLastPage * chartsUnfinished < finishedSince
    }

    /// Planned charts finished (fetched and stored, or given up).
    private var chartsFinished: Int { chartQueue.count - chartsUnfinished }

    /// Every year with waiting films decides again (the charts in flight, or the films they may bring, changed).
    private func considerEveryYear() {
        for year in years.keys.sorted() { consider(year) }
    }

    /// Queues details lookups for `codes` (already counted in `moviesTotal`).
    private func queueDetails(_ codes: [String]) {
        guard !codes.isEmpty else { return }
        lookupQueue.append(contentsOf: codes.map { SyncItem.movie(code: $0) })
        wakeWaiting()
    }

    /// The next item to fetch, lookups first; waits while the queue is empty but items in flight may still add
    /// lookups. `nil` when the run is over or stopping.
    func nextItem() async -> SyncItem? {
        while true {
            guard isRunning else { return nil }
            let hasQueued = nextLookup < lookupQueue.count || nextChart < chartQueue.count
            if hasQueued {
                if callsLeft == 0 {
                    stop(.budget(options.budget))
                    return nil
                }
                outstanding += 1
                if nextLookup < lookupQueue.count {
                    defer { nextLookup += 1 }
                    return lookupQueue[nextLookup]
                }
                let chart = chartQueue[nextChart]
                nextChart += 1
                if nextChart == chartQueue.count { considerEveryYear() }
                return chart
            }
            if outstanding == 0 {
                wakeWaiting()
                return nil
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Takes one call from the budget; false (and the run stops) when none is left or the run is stopping.
    func takeCall() -> Bool {
        guard isRunning else { return false }
        guard callsLeft > 0 else {
            stop(.budget(options.budget))
            return false
        }
        callsLeft -= 1
        progress.calls += 1
        return true
    }

    func retrying(_ item: SyncItem, attempt: Int, problem: SyncProblem, delay: Duration) {
        retries += 1
        emit(.retrying(item, attempt: attempt, problem: problem, delay: delay))
    }

    func finish(_ item: SyncItem, _ outcome: SyncOutcome) {
        outstanding -= 1
        switch item {
        case .chart:
            progress.chartsDone += 1
            chartsUnfinished -= 1
        case .movie:
            progress.moviesDone += 1
        case .movieList(let year, _):
            progress.listPagesDone += 1
            if outcome != .stored, var listing = years[year] {
                // Without this page the list cannot be trusted to the end: its waiting films get details.
                listing.pageQueued = false
                listing.closed = true
                years[year] = listing
            }
        }
        switch outcome {
        case .stored:
            consecutiveFailures = 0
            switch item {
            case .chart: chartsStored += 1
            case .movie: moviesFetched += 1
            case .movieList: break
            }
        case .notCountedYet:
            consecutiveFailures = 0
            chartsNotCounted += 1
        case .failed(let problem, let transient):
            failures.append(SyncFailure(item: item, problem: problem, transient: transient))
            consecutiveFailures += 1
            if consecutiveFailures >= options.maxConsecutiveFailures {
                stop(.repeatedFailures(count: consecutiveFailures, last: problem))
            }
        case .notAttempted:
            switch item {
            case .chart: notAttemptedCharts += 1
            case .movie: notAttemptedMovies += 1
            case .movieList: break  // its waiting films count as left
            }
        }
        if case .movieList(let year, _) = item {
            consider(year)
        } else if case .chart = item, nextChart == chartQueue.count {
            // Fewer charts can name another film: every year decides again what its waiting films need.
            considerEveryYear()
        }
        emit(.itemFinished(item, outcome, progress))
        wakeWaiting()
    }

    func abort(_ reason: SyncStopReason) { stop(reason) }

    private func stop(_ reason: SyncStopReason) {
        guard stopReason == nil else { return }
        stopReason = reason
        emit(.stopping(reason))
        wakeWaiting()
    }

    private func wakeWaiting() {
        let woken = waiting
        waiting = []
        for continuation in woken { continuation.resume() }
    }

    func summary() -> RunSummary {
        // Items never handed out count as not attempted, and so do films still waiting for a list page.
        let lookupsLeft = lookupQueue[min(nextLookup, lookupQueue.count)...]
        let moviesLeft = lookupsLeft.filter { if case .movie = $0 { return true } else { return false } }.count
        let waitingFilms = years.values.reduce(0) { $0 + $1.waiting.count }
        return RunSummary(
            progress: progress, chartsStored: chartsStored, chartsNotCounted: chartsNotCounted,
            moviesFetched: moviesFetched, moviesFromLists: moviesFromLists, listPagesFetched: listPagesFetched,
            retries: retries, failures: failures,
            notAttemptedCharts: notAttemptedCharts + (chartQueue.count - nextChart),
            notAttemptedMovies: notAttemptedMovies + moviesLeft + waitingFilms, stopReason: stopReason)
    }
}

/// What a run did, read once at its end.
private struct RunSummary: Sendable {
    var progress: SyncProgress
    var chartsStored: Int
    var chartsNotCounted: Int
    var moviesFetched: Int
    var moviesFromLists: Int
    var listPagesFetched: Int
    var retries: Int
    var failures: [SyncFailure]
    var notAttemptedCharts: Int
    var notAttemptedMovies: Int
    var stopReason: SyncStopReason?
}
