import BoxOfficeCodecs
public import BoxOfficeCore
public import Foundation

/// Adds imported films to a person's watchlist: the `watchlist` of a diary's JSON file (films named by code) and
/// Letterboxd's `watchlist.csv` (films matched by title and year as a Letterboxd diary's are, first against the
/// person's notes, then by KOBIS search). Films already listed, films KOBIS does not know and rows with bad values
/// are skipped and reported; importing the same file again adds nothing twice.
public struct WatchlistImporter: Sendable {
    let watchlist: any WatchlistRepository
    let notes: any DiaryNoteRepository
    let catalog: any DiaryMovieCatalog
    let calendar: BoxOfficeCalendar
    /// The lookup budget and concurrency, the row limit, and the chunk in which the person's notes are read.
    public let settings: DiaryTransferService.Settings
    /// Each person's daily KOBIS look-ups for imports (`nil`: none, but imports still stop at limit − reserve).
    let lookups: ImportLookupBudget?

    public init(
        watchlist: any WatchlistRepository, notes: any DiaryNoteRepository, catalog: any DiaryMovieCatalog,
        calendar: BoxOfficeCalendar, settings: DiaryTransferService.Settings = .init(),
        lookups: ImportLookupBudget? = nil
    ) {
        self.watchlist = watchlist
        self.notes = notes
        self.catalog = catalog
        self.calendar = calendar
        self.settings = settings
        self.lookups = lookups
    }

    /// Runs `body` as an import of `userID`'s: its KOBIS calls are background work within the person's budget.
    func asImport<Value: Sendable>(of userID: UUID, _ body: () async throws -> Value) async rethrows -> Value {
        guard let lookups else { return try await ImportLookupBudget.runWithoutBudget(body) }
        return try await lookups.run(for: userID, body)
    }

    /// Imports Letterboxd's `watchlist.csv`. A malformed file (bad CSV, no `Name` column, too many rows, no bytes)
    /// throws ``BoxOfficeError/invalid(_:_:value:)``; nothing is written then.
    public func importLetterboxd(_ data: Data, userID: UUID) async throws -> WatchlistImportReport {
        guard !data.isEmpty else { throw BoxOfficeError.invalid(nil, .emptyBody) }
        let parsed: ParsedWatchlist
        do {
            let today = calendar.today
            parsed = try await BlockingWork.run { try LetterboxdWatchlistCodec.parse(data, today: today) }
        } catch let problem as DiaryFileProblem {
            throw BoxOfficeError.invalid(nil, .file(problem))
        }
        try checkRowCount(parsed.rowCount)
        var matcher = LetterboxdMatcher()
        var cursor: DiaryNoteCursor?
        while true {
            let chunk = try await notes.notes(userID: userID, after: cursor, limit: settings.exportChunkSize)
            matcher.add(chunk)
            guard chunk.count == settings.exportChunkSize, let last = chunk.last else { break }
            cursor = DiaryNoteCursor(after: last)
        }
        let keys = parsed.rows.map { LetterboxdMatcher.Key(title: $0.title, year: $0.year) }
        let matches = await asImport(of: userID) { [matcher, catalog, settings] in
            await matcher.match(
                keys: keys, catalog: catalog, lookupLimit: settings.importLookupLimit,
                concurrency: settings.importLookupConcurrency)
        }
        var skipped = parsed.invalid
        var found: [WatchlistImportRow] = []
        var films = matches.found
        for (index, row) in parsed.rows.enumerated() {
            switch matches.outcomes[index] {
            case .skipped(let reason):
                skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: reason))
            case .matched(let code, _):
                if films[code] == nil {
                    // Matched through one of the person's notes: the movie is stored (the note was made from it).
                    let movie = try? await asImport(of: userID) { try await catalog.movie(code: code) }
                    films[code] = (movie?.title ?? row.title, movie?.openDate)
                }
                var matched = row
                matched.movieCode = code
                matched.title = films[code]?.title ?? row.title
                matched.openDate = films[code]?.openDate
                found.append(matched)
            }
        }
        var report = try await store(found, skipped: skipped, rowCount: parsed.rowCount, userID: userID)
        report.kobisSearches = matches.searches
        return report
    }

    /// Imports the watchlist of a diary's JSON file (``DiaryJSONCodec``): each film is looked up in the movie
    /// catalog (the store first), within ``DiaryTransferService/Settings/importLookupLimit`` films not listed yet.
    public func importCoded(_ parsed: ParsedWatchlist, userID: UUID) async throws -> WatchlistImportReport {
        try checkRowCount(parsed.rowCount)
        var skipped = parsed.invalid
        var rows: [WatchlistImportRow] = []
        var seen: Set<String> = []
        for row in parsed.rows {
            guard let code = row.movieCode else { continue }
            if seen.insert(code).inserted {
                rows.append(row)
            } else {
                skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: .alreadyListed))
            }
        }
        var listed: Set<String> = []
        for start in stride(from: 0, to: rows.count, by: 500) {
            let codes = rows[start..<min(start + 500, rows.count)].compactMap(\.movieCode)
            listed.formUnion(try await watchlist.listedCodes(codes, userID: userID))
        }
        var wanted: [WatchlistImportRow] = []
        for row in rows {
            if listed.contains(row.movieCode ?? "") {
                skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: .alreadyListed))
            } else {
                wanted.append(row)
            }
        }
        let looked = Array(wanted.prefix(max(0, settings.importLookupLimit)))
        let outcomes = await asImport(of: userID) { await lookUp(looked.compactMap(\.movieCode)) }
        var found: [WatchlistImportRow] = []
        for (index, row) in wanted.enumerated() {
            guard index < looked.count, let code = row.movieCode else {
                skipped.append(
                    DiarySkippedRow(
                        row: row.row, title: row.title,
                        reason: .lookupBudgetSpent(limit: settings.importLookupLimit)))
                continue
            }
            switch outcomes[code] {
            case .found(let movie):
                var checked = row
                checked.openDate = movie.openDate ?? row.openDate
                found.append(checked)
            case .skipped(let reason):
                skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: reason))
            case nil:
                skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: .searchFailed))
            }
        }
        return try await store(found, skipped: skipped, rowCount: parsed.rowCount, userID: userID)
    }

    private func checkRowCount(_ count: Int) throws {
        guard count <= settings.importRowLimit else {
            throw BoxOfficeError.invalid(nil, .tooManyRows(count: count, limit: settings.importRowLimit))
        }
    }

    /// A film looked up: the movie, or why its row is skipped.
    private enum Lookup: Sendable {
        case found(Movie)
        case skipped(DiarySkipReason)
    }

    /// Each film from the movie catalog, a few at a time: the movie, or why it was skipped.
    private func lookUp(_ codes: [String]) async -> [String: Lookup] {
        var outcomes: [String: Lookup] = [:]
        let catalog = catalog
        await withTaskGroup(of: (String, Lookup).self) { group in
            var next = 0
            func startNext() {
                guard next < codes.count else { return }
                let code = codes[next]
                next += 1
                group.addTask {
                    do {
                        return (code, .found(try await catalog.movie(code: code)))
                    } catch {
                        if case .notFound? = error as? BoxOfficeError {
                            return (code, .skipped(.unknownMovie(code: code)))
                        }
                        let spent = ImportLookupAllowance.isRefusal(error)
                        return (code, .skipped(spent ? .lookupsSpentForToday : .searchFailed))
                    }
                }
            }
            for _ in 0..<min(max(1, settings.importLookupConcurrency), codes.count) { startNext() }
            for await (code, outcome) in group {
                outcomes[code] = outcome
                startNext()
            }
        }
        return outcomes
    }

    /// Stores the films found (one per film: a later row of a film already found is a duplicate) and reports.
    private func store(
        _ found: [WatchlistImportRow], skipped: [DiarySkippedRow], rowCount: Int, userID: UUID
    ) async throws -> WatchlistImportReport {
        let now = DiaryTime.normalized(calendar.currentInstant)
        var skipped = skipped
        var entries: [WatchlistEntry] = []
        var rowsByCode: [String: WatchlistImportRow] = [:]
        for (index, row) in found.enumerated() {
            guard let code = row.movieCode else { continue }
            guard rowsByCode[code] == nil else {
                skipped.append(DiarySkippedRow(row: row.row, title: row.title, reason: .alreadyListed))
                continue
            }
            rowsByCode[code] = row
            // Rows without a date keep the file's order among themselves, most recent (first) on top; a date ahead
            // of now (a clock that was wrong) is now, so no alert waits for it.
            let addedAt = min(row.addedAt ?? now.addingTimeInterval(-Double(index) / 1000), now)
            entries.append(WatchlistEntry(movieCode: code, title: row.title, openDate: row.openDate, addedAt: addedAt))
        }
        let added = try await watchlist.addEntries(entries, userID: userID)
        for entry in entries where !added.contains(entry.movieCode) {
            // Listed meanwhile (another request, or a film matched twice under different titles).
            let row = rowsByCode[entry.movieCode]
            skipped.append(DiarySkippedRow(row: row?.row ?? 0, title: entry.title, reason: .alreadyListed))
        }
        skipped.sort { $0.row < $1.row }
        return WatchlistImportReport(rows: rowCount, imported: added.count, skipped: skipped)
    }
}
