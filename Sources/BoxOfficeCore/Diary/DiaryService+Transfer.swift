public import Foundation

extension DiaryService {
    // MARK: - Export

    /// Every note of the user (oldest watched first) in `format`.
    public func export(_ format: DiaryFileFormat, for user: DiaryUser) async throws -> DiaryExport {
        let notes = try await repositories.notes.allNotes(userID: user.id)
        let categories = try await repositories.categories.categories(userID: user.id)
        let data: Data
        switch format {
        case .csv: data = DiaryCSVCodec.export(notes: notes, categories: categories)
        case .json: data = try DiaryJSONCodec.export(notes: notes, categories: categories, exportedAt: now)
        case .letterboxd: data = LetterboxdCodec.export(notes: notes, categories: categories)
        }
        return DiaryExport(format: format, data: data, fileName: format.fileName(on: calendar.today))
    }

    // MARK: - Import

    /// Imports a file in one transaction: nothing is written unless everything importable is.
    ///
    /// A malformed file (bad CSV or JSON, a missing column) throws ``BoxOfficeError/invalid(_:)``.
    /// Rows with bad values, rows already in the diary (same id, or same movie and watched day) and Letterboxd rows
    /// that match no KOBIS movie are skipped and reported. Letterboxd rows are matched by title and year: first
    /// against the user's own notes, then through ``DiaryMovieCatalog/search(_:)`` (cached), at most
    /// ``Settings/importLookupLimit`` titles per import.
    public func importFile(_ data: Data, format: DiaryFileFormat, for user: DiaryUser) async throws -> DiaryImportReport
    {
        let today = calendar.today
        let parsed: ParsedDiaryFile
        do {
            switch format {
            case .csv: parsed = try DiaryCSVCodec.parse(data, today: today)
            case .json: parsed = try DiaryJSONCodec.parse(data, today: today)
            case .letterboxd: parsed = try LetterboxdCodec.parse(data, today: today)
            }
        } catch {
            throw BoxOfficeError.invalid(nil, .file(error))
        }
        guard parsed.rowCount <= settings.importRowLimit else {
            throw BoxOfficeError.invalid(nil, .tooManyRows(count: parsed.rowCount, limit: settings.importRowLimit))
        }
        let importedAt = now
        var skipped = parsed.invalid
        var notes: [DiaryImportBatch.Note] = []
        var categories = parsed.categories
        var searches = 0

        switch format {
        case .csv, .json:
            for (index, row) in parsed.rows.enumerated() {
                let createdAt = row.createdAt ?? importedAt.addingTimeInterval(Double(index) / 1000)
                let note = DiaryNote(
                    id: row.id ?? UUID(), movieCode: row.movieCode ?? "", title: row.title, watchedOn: row.watchedOn,
                    memo: row.memo, rating: row.rating, place: row.place, createdAt: createdAt,
                    updatedAt: max(row.updatedAt ?? createdAt, createdAt),
                    movie: row.snapshot ?? MovieSnapshot(releaseYear: row.year), chartDate: row.chartDate,
                    chartRank: row.chartRank)
                notes.append(DiaryImportBatch.Note(line: row.row, note: note, categoryName: row.categoryName))
                if let name = row.categoryName,
                    !categories.contains(where: {
                        DiaryValidation.categoryKey($0.name) == DiaryValidation.categoryKey(name)
                    })
                {
                    categories.append(DiaryImportBatch.Category(name: name))
                }
            }
        case .letterboxd:
            let userCategories = try await repositories.categories.categories(userID: user.id)
            let matcher = LetterboxdMatcher(existing: try await repositories.notes.allNotes(userID: user.id))
            let matches = await matcher.match(
                parsed.rows, catalog: catalog, lookupLimit: settings.importLookupLimit,
                concurrency: settings.importLookupConcurrency)
            searches = matches.searches
            var known = Dictionary(
                userCategories.map { (DiaryValidation.categoryKey($0.name), $0.name) },
                uniquingKeysWith: { first, _ in first })
            for (index, row) in parsed.rows.enumerated() {
                guard case .matched(let code, let snapshot) = matches.outcomes[index] else {
                    if case .skipped(let reason) = matches.outcomes[index] {
                        skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: reason))
                    }
                    continue
                }
                let category = Self.category(forTags: row.tags, known: &known, planned: &categories)
                let createdAt = (row.createdAt ?? importedAt).addingTimeInterval(Double(index) / 1000)
                let note = DiaryNote(
                    id: UUID(), movieCode: code, title: row.title, watchedOn: row.watchedOn, rating: row.rating,
                    createdAt: createdAt, updatedAt: createdAt, movie: snapshot)
                notes.append(DiaryImportBatch.Note(line: row.row, note: note, categoryName: category))
            }
        }

        let outcome = try await repositories.notes.importBatch(
            DiaryImportBatch(categories: categories, notes: notes), userID: user.id)
        let titles = Dictionary(notes.map { ($0.line, $0.note.title) }, uniquingKeysWith: { first, _ in first })
        for line in outcome.duplicateLines {
            skipped.append(
                DiarySkippedRow(
                    row: line, title: titles[line] ?? "",
                    reason: .duplicate))
        }
        skipped.sort { $0.row < $1.row }
        return DiaryImportReport(
            format: format, rows: parsed.rowCount, imported: outcome.inserted.count, skipped: skipped,
            categoriesCreated: outcome.categoriesCreated, kobisSearches: searches)
    }

    /// The category a Letterboxd row goes under: the first tag naming an existing or planned category, else the
    /// first tag that is a valid category name (planned as new), else none.
    static func category(
        forTags tags: [String], known: inout [String: String], planned: inout [DiaryImportBatch.Category]
    ) -> String? {
        for tag in tags {
            if let name = known[DiaryValidation.categoryKey(tag)] { return name }
        }
        for tag in tags {
            guard let name = try? DiaryValidation.categoryName(tag) else { continue }
            known[DiaryValidation.categoryKey(name)] = name
            planned.append(DiaryImportBatch.Category(name: name))
            return name
        }
        return nil
    }
}

/// Finds the KOBIS movie for each Letterboxd row: from the user's own notes when possible (no KOBIS call), else
/// by searching the title (with the year, then without it allowing a year's difference) and keeping only exact
/// title matches. Each distinct title and year is looked up once per import.
struct LetterboxdMatcher: Sendable {
    enum Outcome: Sendable, Hashable {
        case matched(code: String, snapshot: MovieSnapshot)
        case skipped(DiarySkipReason)
    }

    struct Result: Sendable {
        /// One per row, in order.
        var outcomes: [Outcome]
        var searches: Int
    }

    struct Key: Hashable, Sendable {
        var title: String
        var year: Int?
    }

    /// Movies the user has notes about, by normalized title (Korean and English).
    private let known: [String: [DiaryNote]]

    init(existing: [DiaryNote]) {
        var known: [String: [DiaryNote]] = [:]
        for note in existing {
            for title in Set([Self.normalize(note.title), Self.normalize(note.movie.titleEnglish)]) where !title.isEmpty
            {
                if !(known[title]?.contains { $0.movieCode == note.movieCode } ?? false) {
                    known[title, default: []].append(note)
                }
            }
        }
        self.known = known
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
        var outcomes: [Outcome?] = rows.map { fromOwnNotes($0) }
        var keys: [Key] = []
        var seen: Set<Key> = []
        for (index, row) in rows.enumerated() where outcomes[index] == nil {
            let key = Key(title: row.title, year: row.year)
            if seen.insert(key).inserted { keys.append(key) }
        }
        let looked = Array(keys.prefix(max(0, lookupLimit)))
        let found = await Self.lookUp(looked, catalog: catalog, concurrency: max(1, concurrency))
        let budgetReason = DiarySkipReason.lookupBudgetSpent(limit: lookupLimit)
        for (index, row) in rows.enumerated() where outcomes[index] == nil {
            outcomes[index] = found.outcomes[Key(title: row.title, year: row.year)] ?? .skipped(budgetReason)
        }
        return Result(outcomes: outcomes.map { $0! }, searches: found.searches)
    }

    /// The movie of one of the user's notes with this title and year (give or take one), if exactly one fits.
    /// Rows without a year are left to the search, which knows every movie with the title.
    private func fromOwnNotes(_ row: DiaryImportRow) -> Outcome? {
        guard let year = row.year, let candidates = known[Self.normalize(row.title)] else { return nil }
        let exact = candidates.filter { $0.movie.releaseYear == year }
        let fitting =
            exact.isEmpty ? candidates.filter { $0.movie.releaseYear.map { abs($0 - year) <= 1 } ?? false } : exact
        guard fitting.count == 1, let note = fitting.first else { return nil }
        return .matched(code: note.movieCode, snapshot: note.movie)
    }

    private static func lookUp(_ keys: [Key], catalog: any DiaryMovieCatalog, concurrency: Int) async
        -> (outcomes: [Key: Outcome], searches: Int)
    {
        var outcomes: [Key: Outcome] = [:]
        var searches = 0
        await withTaskGroup(of: (Key, Outcome, Int).self) { group in
            var next = 0
            func startNext() {
                guard next < keys.count else { return }
                let key = keys[next]
                next += 1
                group.addTask { await lookUp(key, catalog: catalog) }
            }
            for _ in 0..<min(concurrency, keys.count) { startNext() }
            for await (key, outcome, count) in group {
                outcomes[key] = outcome
                searches += count
                startNext()
            }
        }
        return (outcomes, searches)
    }

    /// Searches KOBIS for one title; returns the outcome and the number of searches made.
    private static func lookUp(_ key: Key, catalog: any DiaryMovieCatalog) async -> (Key, Outcome, Int) {
        let wanted = normalize(key.title)
        var searches = 0
        do {
            searches += 1
            let first = try await catalog.search(MovieSearchQuery(title: key.title, year: key.year, perPage: 100))
            var candidates = first.movies.filter { titleMatches($0, wanted) }
            if candidates.isEmpty, let year = key.year {
                // KOBIS files movies under their Korean release year; festival years and late releases differ.
                searches += 1
                let wider = try await catalog.search(MovieSearchQuery(title: key.title, perPage: 100))
                candidates = wider.movies.filter { summary in
                    titleMatches(summary, wanted)
                        && [summary.openDate?.year, summary.productionYear].contains {
                            $0.map { abs($0 - year) <= 1 } ?? false
                        }
                }
            }
            guard !candidates.isEmpty else {
                return (
                    key, .skipped(.noMovieTitled(key.title, year: key.year)), searches
                )
            }
            if let chosen = choose(candidates, year: key.year) {
                return (key, .matched(code: chosen.code, snapshot: MovieSnapshot(chosen)), searches)
            }
            let codes = candidates.prefix(5).map(\.code)
            return (
                key, .skipped(.severalMovies(key.title, year: key.year, codes: Array(codes))),
                searches
            )
        } catch {
            return (key, .skipped(.searchFailed), searches)
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
