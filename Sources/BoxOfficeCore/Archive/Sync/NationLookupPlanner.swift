/// Decides how a sync learns the representative nation of the films its charts name: read page N of an
/// opening year's movie list, make a details call for a film, or wait (docs/SYNC.md explains the heuristic).
///
/// A plain value: every event of the run (films met, a page read, a chart handed out or finished) is a method
/// call that returns the lookups to queue, in order, so the heuristic is tested without concurrency. It keeps no
/// counters of its own beyond what its decisions need; the run turns its answers into progress and report.
struct NationLookupPlanner: Sendable {
    /// A film whose nation is wanted, with the year it opened in when its chart rows tell.
    struct Film: Sendable, Hashable {
        var code: String
        var openYear: Int?

        init(_ code: String, openYear: Int?) {
            self.code = code
            self.openYear = openYear
        }
    }

    /// What an event taught and what to look up next.
    struct Decision: Sendable, Hashable {
        /// Nations known now (movie code → nation) of films that were waiting or just taken on: to store.
        var learned: [String: String] = [:]
        /// List pages (``SyncItem/movieList(year:page:)``) and details calls (``SyncItem/movie(code:)``) to queue,
        /// in order; empty when the films wait.
        var lookups: [SyncItem] = []
    }

    /// What meeting a chart's films told.
    struct Meeting: Sendable, Hashable {
        /// Some film is new to the run and not known from a page: the chart's films are to be queued, and
        /// ``filmsQueued(charts:)`` said once they are.
        var hasNewFilms: Bool
        /// Films met for the first time whose nation a page of this run already gave (stored with that page).
        var knownFromPages: Int
    }

    /// Films of one opening year waiting before its movie list is read (see ``SyncOptions/listThreshold``).
    let listThreshold: Int
    /// Movie lists by opening year.
    private var years: [Int: YearListing] = [:]
    /// Films this run has already looked after (queued, or nation taken from stored details or a page).
    private var claimedFilms: Set<String> = []
    /// Films named by the charts this run fetched.
    private var metFilms: Set<String> = []
    /// Charts whose new films are being queued: a chart naming only films met before may finish first, while
    /// those films are not counted anywhere yet, so no year decides as if the charts were all in.
    private var chartsQueueingFilms = 0

    init(listThreshold: Int) {
        self.listThreshold = max(1, listThreshold)
    }

    /// Films waiting for a page of their year's list, every year together.
    var waitingFilmCount: Int { years.values.reduce(0) { $0 + $1.waiting.count } }

    /// The films of `year` waiting for a page of its list, in the order met.
    func waitingFilms(openingIn year: Int) -> [String] { years[year]?.waiting ?? [] }

    /// The codes of `codes` this run has not looked after yet, now marked as looked after.
    mutating func claim(_ codes: [String]) -> [String] {
        codes.filter { claimedFilms.insert($0).inserted }
    }

    /// Marks `films` as met in a fetched chart. A film met for the first time whose nation a page of this run
    /// taught is done here (the page stored it).
    mutating func meet(_ films: [Film]) -> Meeting {
        var meeting = Meeting(hasNewFilms: false, knownFromPages: 0)
        for film in films where metFilms.insert(film.code).inserted {
            if let year = film.openYear, years[year]?.nations[film.code] != nil {
                if claimedFilms.insert(film.code).inserted { meeting.knownFromPages += 1 }
            } else {
                meeting.hasNewFilms = true
            }
        }
        if meeting.hasNewFilms { chartsQueueingFilms += 1 }
        return meeting
    }

    /// The new films of a chart ``meet(_:)`` reported are queued (or failed to be).
    mutating func filmsQueued(charts: PlannedCharts) -> [SyncItem] {
        chartsQueueingFilms -= 1
        guard chartsQueueingFilms == 0 && charts.allHandedOut else { return [] }
        return reconsiderEveryYear(charts: charts)
    }

    /// Takes on films whose nation is unknown: a film without an opening year gets details, one its year's pages
    /// already list is learned at once, one of a list read to the end gets details, the others wait for a page.
    mutating func lookUp(_ films: [Film], charts: PlannedCharts) -> Decision {
        var decision = Decision()
        var touched: [Int] = []
        for film in films {
            guard let year = film.openYear else {
                decision.lookups.append(.movie(code: film.code))
                continue
            }
            var listing = years[year, default: YearListing()]
            if let nation = listing.nations[film.code] {
                decision.learned[film.code] = nation
            } else if listing.closed {
                decision.lookups.append(.movie(code: film.code))
            } else {
                listing.waiting.append(film.code)
                listing.waitedSinceLastPage += 1
                if !touched.contains(year) { touched.append(year) }
            }
            years[year] = listing
        }
        for year in touched { decision.lookups += consider(year, charts: charts) }
        return decision
    }

    /// Takes in page `page` of `year`'s list: every film it lists is remembered, the waiting films it names are
    /// learned; then the year reads on, or sends the films the list cannot help with to details.
    mutating func receive(_ result: MovieNationPage, year: Int, page: Int, charts: PlannedCharts) -> Decision {
        var listing = years[year, default: YearListing()]
        listing.pageQueued = false
        listing.pagesRead = max(listing.pagesRead, page)
        listing.pageCount = result.pageCount
        listing.waitedSinceLastPage = 0
        listing.chartsFinishedAtLastPage = charts.finished
        for movie in result.movies where listing.nations[movie.code] == nil {
            listing.nations[movie.code] = movie.representativeNation
        }
        var decision = Decision()
        listing.waiting.removeAll { code in
            guard let nation = listing.nations[code] else { return false }
            decision.learned[code] = nation
            return true
        }
        // An empty page also ends the list: a shorter list than `totCnt` promised must not loop.
        if listing.pagesRead >= result.pageCount || result.movies.isEmpty {
            listing.closed = true
        }
        years[year] = listing
        decision.lookups = consider(year, charts: charts)
        return decision
    }

    /// A page of `year`'s list is finished: `stored` when ``receive(_:year:page:charts:)`` took it in. Without
    /// it the list cannot be trusted to the end, so its waiting films get details.
    mutating func pageFinished(year: Int, stored: Bool, charts: PlannedCharts) -> [SyncItem] {
        if !stored, var listing = years[year] {
            listing.pageQueued = false
            listing.closed = true
            years[year] = listing
        }
        return consider(year, charts: charts)
    }

    /// A chart was handed out or finished: once all are handed out, fewer charts can name another film, so
    /// every year decides again what its waiting films need.
    mutating func chartsAdvanced(_ charts: PlannedCharts) -> [SyncItem] {
        guard charts.allHandedOut else { return [] }
        return reconsiderEveryYear(charts: charts)
    }

    private mutating func reconsiderEveryYear(charts: PlannedCharts) -> [SyncItem] {
        years.keys.sorted().flatMap { consider($0, charts: charts) }
    }

    /// Decides what `year`'s waiting films need: page 1 once enough wait, a further page while fewer pages are
    /// left than films wait, details when the list is read (or failed), or when no chart is likely to name
    /// more films and reading on does not pay; else they wait.
    private mutating func consider(_ year: Int, charts: PlannedCharts) -> [SyncItem] {
        guard var listing = years[year], !listing.pageQueued, !listing.waiting.isEmpty else { return [] }
        let chartsAreIn = charts.unfinished == 0 || expectsNoMoreWaitingFilms(for: listing, charts: charts)
        var nextPage: Int?
        if !listing.closed {
            if let pageCount = listing.pageCount {
                let pagesLeft = pageCount - listing.pagesRead
                if pagesLeft > 0 && pagesLeft < listing.waiting.count { nextPage = listing.pagesRead + 1 }
            } else if listing.waiting.count >= listThreshold {
                nextPage = 1
            }
        }
        if let nextPage {
            listing.pageQueued = true
            years[year] = listing
            return [.movieList(year: year, page: nextPage)]
        }
        guard listing.closed || chartsAreIn else { return [] }
        let films = listing.waiting
        listing.waiting = []
        years[year] = listing
        return films.map { .movie(code: $0) }
    }

    /// Whether the charts still in flight, every chart being handed out and the films of those finished all
    /// queued, are unlikely to add a film to the year's waiting ones: at the rate the charts finished since its
    /// latest page did (films its pages already cover never wait), less than half a film is expected. Deciding
    /// then lets the year's details share the last round with the last charts instead of taking a round of their
    /// own; should a film wait after all, the cost is at most the details already queued.
    private func expectsNoMoreWaitingFilms(for listing: YearListing, charts: PlannedCharts) -> Bool {
        guard charts.allHandedOut, chartsQueueingFilms == 0 else { return false }
        let finishedSince = charts.finished - listing.chartsFinishedAtLastPage
        guard finishedSince > 0 else { return false }
        return 2 * listing.waitedSinceLastPage * charts.unfinished < finishedSince
    }
}

/// Where a run's planned charts stand, as far as the nation lookups care: while charts are out, films of any
/// year may still be met.
struct PlannedCharts: Sendable, Hashable {
    /// Charts the plan holds.
    var count: Int
    /// Charts finished (stored, not counted yet, failed, or given up).
    var finished: Int
    /// Every planned chart has been handed out to a worker.
    var allHandedOut: Bool

    /// Charts not finished yet.
    var unfinished: Int { count - finished }
}

/// What one run knows of one opening year's movie list.
private struct YearListing: Sendable {
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
