import Foundation

/// Fills the archive: fetches every missing or provisional chart of a range and learns the representative nation
/// of every film they name, through one pool of workers, within a call budget. Design: docs/SYNC.md.
public struct SyncEngine: Sendable {
    private let upstream: any BoxOfficeUpstream
    private let charts: any ChartRepository
    private let movies: any MovieRepository
    private let archive: any ArchiveRepository
    public let calendar: BoxOfficeCalendar
    public let options: SyncOptions
    private let retryPolicy: SyncRetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let quota: QuotaLedger?

    /// - Parameters:
    ///   - quota: the quota ledger the upstream's calls are counted in, read to say how much of the day's quota was
    ///     used when it stops a run (``SyncStopReason/quotaReached(_:)``; `nil`: not said), and given back the calls
    ///     it counted ahead and the run did not make (``QuotaLedger/giveBackPrepaid(_:)``).
    ///   - sleep: how to wait between retries (tests pass one that returns at once).
    ///
    /// The calls are counted for the purpose of the task that runs the engine (``KOBISCallPurpose/current``): the
    /// drivers set it (`boxoffice sync`, backfill jobs, the keeper).
    public init(
        upstream: any BoxOfficeUpstream, charts: any ChartRepository, movies: any MovieRepository,
        archive: any ArchiveRepository, calendar: BoxOfficeCalendar, options: SyncOptions = SyncOptions(),
        quota: QuotaLedger? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.upstream = upstream
        self.charts = charts
        self.movies = movies
        self.archive = archive
        self.calendar = calendar
        self.options = options
        self.retryPolicy = SyncRetryPolicy(options)
        self.sleep = sleep
        self.quota = quota
    }

    /// The chart work `request` needs now. Throws ``BoxOfficeError/invalid(_:)`` for a bad range.
    public func plan(_ request: SyncRequest) async throws -> SyncPlan {
        try ArchivePeriod.validate(request.range, calendar: calendar)
        let daily = try await archive.chartStatuses(kind: .daily, startingIn: request.range)
        var weekly: [StoredChartStatus] = []
        for range in request.weeklyRanges {
            weekly += try await archive.chartStatuses(
                kind: ChartKind(range), startingIn: SyncPlan.statusRange(for: request))
        }
        return SyncPlan(
            request: request, dailyStatuses: daily, weeklyStatuses: weekly, calendar: calendar,
            provisionalTTL: options.provisionalTTL)
    }

    /// Runs `request` to the end, to the budget, or until `control` asks it to stop.
    ///
    /// - Throws: ``BoxOfficeError`` only for a bad range or when the store cannot be read to plan;
    ///   everything that goes wrong later is in the report.
    /// - Parameters:
    ///   - budget: the calls the run may make; `nil` for ``SyncOptions/budget`` calls of its own.
    ///   - catchingUp: `false` leaves ``catchUpUpkeep()`` to the caller, who may run it beside its next run; `true`
    ///     catches up beside the calls each time a batch of charts is stored, and once more at the end.
    public func run(
        _ request: SyncRequest, control: SyncControl = SyncControl(), budget: (any SyncCallBudget)? = nil,
        catchingUp: Bool = true, progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws -> SyncReport {
        let plan = try await plan(request)
        let run = SyncRun(
            request: request, plan: plan, options: options, budget: budget ?? SyncCallAllowance(limit: options.budget),
            control: control, progress: progress)
        await run.emitStarted(skipped: plan.settled + plan.recentlyFetched)

        // Films of days archived before this run whose nation is still unknown (an earlier run stopped early,
        // or a lookup failed) or was read before English titles were kept; the films of charts fetched now are
        // queued as they arrive.
        do {
            try await queueFilms(in: request.range, run: run)
        } catch {
            await run.abort(.fatal(.archiveUnavailable(detail: Self.diagnostic(error))))
        }

        // One worker per call slot: each fetches, hands what came back to a task that stores it, and starts its
        // next call at once. A run that catches up does so beside its calls, a batch of charts at a time.
        let upkeep = catchingUp ? UpkeepBesideCalls() : nil
        await withTaskGroup(of: Void.self) { group in
            if let upkeep {
                group.addTask {
                    for await _ in upkeep.batches { await self.catchUpUpkeep() }
                }
            }
            await withTaskGroup(of: Void.self) { workers in
                for _ in 0..<options.concurrency {
                    workers.addTask { await self.work(run: run, upkeep: upkeep) }
                }
            }
            upkeep?.finish()
        }
        // The calls are over: the ledger gets back those it counted ahead for them and holds the calls made.
        await quota?.giveBackPrepaid()
        if catchingUp { await catchUpUpkeep() }
        return await run.finalReport()
    }

    /// Keeps the markets and films' records of every chart stored for later, once for all of them. Should it fail,
    /// the charts stay marked, and the next catch-up (or the first reader of the records) works them out.
    public func catchUpUpkeep() async {
        try? await charts.catchUpUpkeep()
    }

    // MARK: - Workers

    /// Takes items in turn (so they are handed out in the order their calls start), calls upstream, and stores
    /// each answer in a task of its own while the next call is already under way.
    private func work(run: SyncRun, upkeep: UpkeepBesideCalls?) async {
        await withTaskGroup(of: Void.self) { stores in
            while let item = await run.nextItem() {
                let fetched = await fetch(item, run: run)
                // The previous answer had a whole call's time to be stored: waiting for it keeps one store per
                // worker, and lets a store that failed stop the run before this worker starts another call.
                await stores.next()
                switch fetched {
                case .success(let answer):
                    stores.addTask {
                        let outcome = await self.store(answer, run: run)
                        if case .chart = answer, outcome == .stored { upkeep?.chartStored() }
                        await run.finish(item, outcome)
                    }
                case .failure:
                    // Nothing to store: finished now, so failures in a row are counted before the next call.
                    await run.finish(item, Self.outcome(of: fetched))
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

    /// Calls upstream for `item` (retrying as ``attempt(_:run:_:)`` does).
    private func fetch(_ item: SyncItem, run: SyncRun) async -> Result<Fetched, GiveUp> {
        switch item {
        case .chart(let query):
            return await attempt(item, run: run) { .chart(query, try await upstream.fetchChart(query)) }
        case .movie(let code):
            return await attempt(item, run: run) { .movie(code: code, try await upstream.fetchMovie(code: code)) }
        case .movieList(let year, let page):
            return await attempt(item, run: run) {
                .movieList(
                    year: year, page: page,
                    try await upstream.fetchMovieNations(openYear: year, page: page, perPage: SyncOptions.listPageSize))
            }
        }
    }

    /// Stores what a call brought back.
    private func store(_ answer: Fetched, run: SyncRun) async -> SyncOutcome {
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
                try await charts.saveDeferringUpkeep(chart)
                // Only a chart naming films this run has not met yet needs a look at the store: after the first
                // weeks of a range most days bring none.
                if query.kind == .daily && query.filters.isEmpty {
                    try await queueNewFilms(of: chart, in: query.range, run: run)
                }
            } catch {
                return await storeFailed(error, run: run)
            }
            return .stored
        case .movie(let code, let movie):
            guard let movie else {
                // A definitive answer: the film's nation is unknown, and remembered as such ("") so that no later
                // run asks again; a film with a nation already (looked up again for its title) keeps it.
                do {
                    try await archive.saveNoDetails(movieCode: code)
                } catch {
                    return await storeFailed(error, run: run)
                }
                return .noDetails
            }
            do {
                try await movies.save(movie)
                try await archive.saveRepresentativeNations(
                    [code: movie.nations.first ?? ""], englishTitles: Self.englishTitles([(code, movie.titleEnglish)]))
            } catch {
                return await storeFailed(error, run: run)
            }
            return .stored
        case .movieList(let year, let page, let result):
            let learned = await run.receive(result, year: year, page: page)
            // Every film the page lists, not only those this run waits for: a later run meets some of them (the
            // films that open late in a year play in the next year's charts) and needs no call for them.
            var nations = Dictionary(result.movies.map { ($0.code, $0.representativeNation) }) { first, _ in first }
            nations.merge(learned) { _, learnedNation in learnedNation }
            let titles = Self.englishTitles(result.movies.map { ($0.code, $0.englishTitle ?? "") })
            do {
                try await archive.saveRepresentativeNations(nations, englishTitles: titles)
            } catch {
                return await storeFailed(error, run: run)
            }
            return .stored
        }
    }

    /// Queues the films `chart` names that this run has not met yet, if any; until they are queued, the run
    /// knows that films are on their way (``SyncRun/filmsQueued()``).
    private func queueNewFilms(of chart: Chart, in range: DateRange, run: SyncRun) async throws {
        let films = chart.entries.map { NationLookupPlanner.Film($0.movieCode, openYear: $0.openDate?.year) }
        guard await run.meetFilms(films) else { return }
        do {
            try await queueFilms(in: range, openDates: Self.openDates(chart.entries), run: run)
        } catch {
            await run.filmsQueued()
            throw error
        }
        await run.filmsQueued()
    }

    /// Each film's opening date as `entries` give it.
    private static func openDates(_ entries: [ChartEntry]) -> [String: CalendarDate] {
        var dates: [String: CalendarDate] = [:]
        for entry in entries {
            if let date = entry.openDate, dates[entry.movieCode] == nil { dates[entry.movieCode] = date }
        }
        return dates
    }

    /// Finds the films of the archived daily charts in `range` whose nation is unknown (or awaits its English title,
    /// ``ArchiveRepository/movieCodesWithoutNation(in:)``) and that this run has not seen yet: a film with stored
    /// details gets its nation from them (no call); the others are looked up by opening year (`openDates`, read from
    /// the archived charts when `nil`) — at once when a movie-list page read earlier in this run has them, else by a
    /// list page or their details.
    private func queueFilms(
        in range: DateRange, openDates: [String: CalendarDate]? = nil, run: SyncRun
    ) async throws {
        let codes = await run.claimFilms(try await archive.movieCodesWithoutNation(in: range))
        guard !codes.isEmpty else { return }
        var toLookUp: [String] = []
        var fromStore: [String: String] = [:]
        var storedTitles: [(String, String)] = []
        for code in codes {
            if let stored = try await movies.storedMovie(code: code) {
                fromStore[code] = stored.nations.first ?? ""
                storedTitles.append((code, stored.titleEnglish))
            } else {
                toLookUp.append(code)
            }
        }
        try await archive.saveRepresentativeNations(fromStore, englishTitles: Self.englishTitles(storedTitles))
        var dates = openDates ?? [:]
        if openDates == nil && !toLookUp.isEmpty {
            for chart in try await charts.dailyCharts(in: range) {
                dates.merge(Self.openDates(chart.entries)) { first, _ in first }
            }
        }
        let learned = await run.lookUp(
            toLookUp.map { NationLookupPlanner.Film($0, openYear: dates[$0]?.year) }, fromStore: fromStore.count)
        try await archive.saveRepresentativeNations(learned)
    }

    /// Films' English titles, trimmed, without the blank ones (KOBIS gives many films none).
    static func englishTitles(_ titles: [(code: String, title: String)]) -> [String: String] {
        var kept: [String: String] = [:]
        for (code, title) in titles {
            if kept[code] == nil, let title = Movie.keptEnglishTitle(title) { kept[code] = title }
        }
        return kept
    }

    private func storeFailed(_ error: any Error, run: SyncRun) async -> SyncOutcome {
        let problem = SyncProblem.storeFailed(detail: Self.diagnostic(error))
        await run.abort(.fatal(problem))
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
        _ item: SyncItem, run: SyncRun, _ body: @Sendable () async throws -> Value
    ) async -> Result<Value, GiveUp> {
        var attempt = 1
        while true {
            guard await run.takeCall() else { return .failure(.notAttempted) }
            do {
                return .success(try await body())
            } catch {
                let failure = retryPolicy.assess(error, attempt: attempt)
                switch failure.verdict {
                case .stopRun:
                    await run.abort(.fatal(failure.problem))
                    return .failure(.failed(failure.problem, transient: false))
                case .quotaReached:
                    await run.quotaReached(try? await quota?.usage())
                    return .failure(.notAttempted)
                case .giveUp(let transient):
                    return .failure(.failed(failure.problem, transient: transient))
                case .retry(let delay):
                    await run.retrying(item, attempt: attempt, problem: failure.problem, delay: delay)
                    guard await pause(delay, run: run) else { return .failure(.notAttempted) }
                    attempt += 1
                }
            }
        }
    }

    /// Waits `delay` in short steps so a stop request is noticed; false when the run should stop.
    private func pause(_ delay: Duration, run: SyncRun) async -> Bool {
        var left = delay
        while left > .zero {
            guard await run.isRunning else { return false }
            let step = min(left, .milliseconds(100))
            try? await sleep(step)
            left -= step
        }
        return await run.isRunning
    }

    private static func outcome<Value>(of result: Result<Value, GiveUp>) -> SyncOutcome {
        switch result {
        case .success: return .stored
        case .failure(.notAttempted): return .notAttempted
        case .failure(.failed(let problem, let transient)): return .failed(problem, transient: transient)
        }
    }

    /// What `error` means to a sync, and whether retrying may help (``SyncRetryPolicy/classify(_:)``).
    static func describe(_ error: any Error) -> (problem: SyncProblem, transient: Bool) {
        SyncRetryPolicy.classify(error)
    }

    /// A one-line diagnostic of `error` for logs and the store's failures (never shown as it is to readers).
    static func diagnostic(_ error: any Error) -> String {
        SyncRetryPolicy.diagnostic(error)
    }
}
