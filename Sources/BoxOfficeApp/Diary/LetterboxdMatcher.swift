import BoxOfficeCore
import Foundation

/// Finds the KOBIS movie for each Letterboxd row: from the user's own notes when possible (no KOBIS call), else
/// by searching the title (with the year, then without it allowing a year's difference) and keeping only exact
/// title matches. Each distinct title and year is looked up once per import. Run inside an import's
/// ``ImportLookupAllowance``, a title whose search the day's budget refused is skipped as
/// ``DiarySkipReason/lookupsSpentForToday``; the rest still take what the cache holds.
struct LetterboxdMatcher: Sendable {
    enum Outcome: Sendable, Hashable {
        case matched(code: String, snapshot: MovieSnapshot)
        case skipped(DiarySkipReason)
    }

    struct Result: Sendable {
        /// One per row, in order.
        var outcomes: [Outcome]
        var searches: Int
        /// The KOBIS title and opening date of each movie a search matched, by code (movies matched through the
        /// user's notes are not here).
        var found: [String: (title: String, openDate: CalendarDate?)] = [:]
    }

    struct Key: Hashable, Sendable {
        var title: String
        var year: Int?
    }

    /// Movies the user has notes about, by normalized title (Korean and English): one note per movie.
    private var known: [String: [DiaryNote]] = [:]

    init(existing: [DiaryNote] = []) {
        add(existing)
    }

    /// Learns the movies of more of the user's notes (a diary is read a chunk at a time).
    mutating func add(_ notes: [DiaryNote]) {
        for note in notes {
            for title in Set([Self.normalize(note.title), Self.normalize(note.movie.titleEnglish)]) where !title.isEmpty
            {
                if !(known[title]?.contains { $0.movieCode == note.movieCode } ?? false) {
                    known[title, default: []].append(note)
                }
            }
        }
    }

    /// Letters and digits only, lower case, NFC: `Dune: Part Two` → `duneparttwo`.
    static func normalize(_ title: String) -> String {
        String(
            String.UnicodeScalarView(
                title.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }

    func match(_ rows: [DiaryImportRow], catalog: any DiaryMovieCatalog, lookupLimit: Int, concurrency: Int) async
        -> Result
    {
        await match(
            keys: rows.map { Key(title: $0.title, year: $0.year) }, catalog: catalog, lookupLimit: lookupLimit,
            concurrency: concurrency)
    }

    /// The outcome of each title and year, in order (a Letterboxd diary's rows, or a watchlist's).
    func match(keys rows: [Key], catalog: any DiaryMovieCatalog, lookupLimit: Int, concurrency: Int) async -> Result {
        let own = rows.map { fromOwnNotes($0) }
        var keys: [Key] = []
        var seen: Set<Key> = []
        for (row, outcome) in zip(rows, own) where outcome == nil {
            if seen.insert(row).inserted { keys.append(row) }
        }
        let looked = Array(keys.prefix(max(0, lookupLimit)))
        let found = await Self.lookUp(looked, catalog: catalog, concurrency: max(1, concurrency))
        let budgetReason = DiarySkipReason.lookupBudgetSpent(limit: lookupLimit)
        let outcomes = zip(rows, own).map { row, outcome in
            outcome ?? found.outcomes[row] ?? .skipped(budgetReason)
        }
        return Result(outcomes: outcomes, searches: found.searches, found: found.films)
    }

    /// The movie of one of the user's notes with this title and year (give or take one), if exactly one fits.
    /// Rows without a year are left to the search, which knows every movie with the title.
    private func fromOwnNotes(_ row: Key) -> Outcome? {
        guard let year = row.year, let candidates = known[Self.normalize(row.title)] else { return nil }
        let exact = candidates.filter { $0.movie.releaseYear == year }
        let fitting =
            exact.isEmpty ? candidates.filter { $0.movie.releaseYear.map { abs($0 - year) <= 1 } ?? false } : exact
        guard fitting.count == 1, let note = fitting.first else { return nil }
        return .matched(code: note.movieCode, snapshot: note.movie)
    }

    private static func lookUp(_ keys: [Key], catalog: any DiaryMovieCatalog, concurrency: Int) async
        -> (outcomes: [Key: Outcome], searches: Int, films: [String: (title: String, openDate: CalendarDate?)])
    {
        var outcomes: [Key: Outcome] = [:]
        var films: [String: (title: String, openDate: CalendarDate?)] = [:]
        var searches = 0
        await withTaskGroup(of: (Key, Outcome, Int, MovieSummary?).self) { group in
            var next = 0
            func startNext() {
                guard next < keys.count else { return }
                let key = keys[next]
                next += 1
                group.addTask { await lookUp(key, catalog: catalog) }
            }
            for _ in 0..<min(concurrency, keys.count) { startNext() }
            for await (key, outcome, count, chosen) in group {
                outcomes[key] = outcome
                searches += count
                if let chosen { films[chosen.code] = (chosen.title, chosen.openDate) }
                startNext()
            }
        }
        return (outcomes, searches, films)
    }

    /// Searches KOBIS for one title; returns the outcome, the number of searches made and the movie chosen.
    private static func lookUp(_ key: Key, catalog: any DiaryMovieCatalog) async -> (Key, Outcome, Int, MovieSummary?) {
        let wanted = normalize(key.title)
        var searches = 0
        do {
            let first = try await catalog.search(MovieSearchQuery(title: key.title, year: key.year, perPage: 100))
            searches += 1
            var candidates = first.movies.filter { titleMatches($0, wanted) }
            if candidates.isEmpty, let year = key.year {
                // KOBIS files movies under their Korean release year; festival years and late releases differ.
                let wider = try await catalog.search(MovieSearchQuery(title: key.title, perPage: 100))
                searches += 1
                candidates = wider.movies.filter { summary in
                    titleMatches(summary, wanted)
                        && [summary.openDate?.year, summary.productionYear].contains {
                            $0.map { abs($0 - year) <= 1 } ?? false
                        }
                }
            }
            guard !candidates.isEmpty else {
                return (key, .skipped(.noMovieTitled(key.title, year: key.year)), searches, nil)
            }
            if let chosen = choose(candidates, year: key.year) {
                return (key, .matched(code: chosen.code, snapshot: MovieSnapshot(chosen)), searches, chosen)
            }
            let codes = candidates.prefix(5).map(\.code)
            return (key, .skipped(.severalMovies(key.title, year: key.year, codes: Array(codes))), searches, nil)
        } catch {
            // A search the day's allowance refused was never made; one that failed was.
            let refused = ImportLookupAllowance.isRefusal(error)
            return (key, .skipped(refused ? .lookupsSpentForToday : .searchFailed), searches + (refused ? 0 : 1), nil)
        }
    }

    private static func titleMatches(_ summary: MovieSummary, _ wanted: String) -> Bool {
        !wanted.isEmpty && (normalize(summary.title) == wanted || normalize(summary.titleEnglish) == wanted)
    }

    /// The one candidate, or the one whose release (else production) year is `year`.
    private static func choose(_ candidates: [MovieSummary], year: Int?) -> MovieSummary? {
        if candidates.count == 1 { return candidates[0] }
        guard let year else { return nil }
        let opened = candidates.filter { $0.openDate?.year == year }
        if opened.count == 1 { return opened[0] }
        let produced = candidates.filter { $0.productionYear == year }
        if produced.count == 1 { return produced[0] }
        return nil
    }
}
