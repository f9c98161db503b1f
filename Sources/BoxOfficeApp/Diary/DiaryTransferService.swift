public import BoxOfficeCodecs
public import BoxOfficeCore
public import Foundation

/// The diary's files: a user's notes exported as CSV, JSON or a Letterboxd diary, and such files imported, all or
/// nothing. The JSON file also carries the user's watchlist, which its import restores (after the notes, through
/// ``WatchlistImporter``). Letterboxd rows are matched to KOBIS movies through ``DiaryMovieCatalog``, within
/// ``Settings/importLookupLimit`` titles per import.
public struct DiaryTransferService: Sendable {
    /// Limits of one import.
    public struct Settings: Sendable {
        /// Distinct titles (or a JSON watchlist's films) one import may look for, each up to two searches answered
        /// by the cache or, within the person's ``ImportLookupBudget``, by KOBIS: a bound on one request's work.
        /// The rest is reported; importing again continues.
        public var importLookupLimit: Int
        /// Lookups running at once during an import.
        public var importLookupConcurrency: Int
        /// Rows one import may have.
        public var importRowLimit: Int
        /// Notes read from the store at a time while an export is written.
        public var exportChunkSize: Int

        public init(
            importLookupLimit: Int = 10_000, importLookupConcurrency: Int = 4, importRowLimit: Int = 100_000,
            exportChunkSize: Int = 500
        ) {
            self.importLookupLimit = importLookupLimit
            self.importLookupConcurrency = importLookupConcurrency
            self.importRowLimit = importRowLimit
            self.exportChunkSize = exportChunkSize
        }
    }

    let categoryRepository: any DiaryCategoryRepository
    let noteRepository: any DiaryNoteRepository
    let catalog: any DiaryMovieCatalog
    let calendar: BoxOfficeCalendar
    /// The watchlist a JSON file carries (none without it).
    let watchlistRepository: (any WatchlistRepository)?
    public let settings: Settings
    /// Each person's daily KOBIS look-ups for imports (`nil`: none, but imports still stop at limit − reserve).
    let lookups: ImportLookupBudget?
    /// What one diary keeps: an import that would pass them adds nothing.
    let limits: DiaryLimits
    private let exportsInProgress = DiaryExportsInProgress()

    /// The service over the category, note and watchlist tables; `catalog` matches Letterboxd rows to KOBIS movies.
    public init(
        categories: any DiaryCategoryRepository, notes: any DiaryNoteRepository, catalog: any DiaryMovieCatalog,
        calendar: BoxOfficeCalendar, watchlist: (any WatchlistRepository)? = nil, settings: Settings = Settings(),
        lookups: ImportLookupBudget? = nil, limits: DiaryLimits = DiaryLimits()
    ) {
        self.lookups = lookups
        self.limits = limits
        self.categoryRepository = categories
        self.noteRepository = notes
        self.catalog = catalog
        self.calendar = calendar
        self.watchlistRepository = watchlist
        self.settings = settings
    }

    /// Imports watchlists with this service's catalog and limits (`nil` without a watchlist).
    public var watchlistImporter: WatchlistImporter? {
        watchlistRepository.map {
            WatchlistImporter(
                watchlist: $0, notes: noteRepository, catalog: catalog, calendar: calendar, settings: settings,
                lookups: lookups)
        }
    }

    /// Now, to the millisecond.
    var now: Date { DiaryTime.normalized(calendar.currentInstant) }

    // MARK: - Export

    /// Every note of the user (oldest watched first) in `format`, a JSON file laid out as `layout` says, with the
    /// user's watchlist (most recently added first) after the notes. The file is written while it is sent
    /// (``DiaryExportChunks``): the categories, the watchlist and the first notes are read now, the rest as the
    /// chunks are taken, from the snapshot the first were read in.
    ///
    /// - Throws: ``DiaryError/exportInProgress`` while another export of the user's is being sent from this service.
    public func export(
        _ format: DiaryFileFormat, for user: DiaryUser, layout: DiaryJSONCodec.Layout = .prettyPrinted
    ) async throws -> DiaryExport {
        // The feed ends the mark: at its last chunk, or when it is dropped (also by an error below).
        let feed = DiaryExportFeed(
            notes: noteRepository, userID: user.id, chunkSize: settings.exportChunkSize,
            ended: try exportsInProgress.begin(user.id))
        let categories = try await categoryRepository.categories(userID: user.id)
        var watchlist: [WatchlistEntry]?
        if format == .json, let watchlistRepository {
            watchlist = try await watchlistRepository.entries(userID: user.id)
        }
        let first = try await feed.next()
        let writer = try DiaryExportWriter(
            format: format, categories: categories, exportedAt: now, layout: layout, watchlist: watchlist)
        return DiaryExport(
            format: format, fileName: format.fileName(on: calendar.today),
            chunks: DiaryExportChunks(
                feed: feed, chunkSize: settings.exportChunkSize, writer: writer, first: first))
    }

    // MARK: - Import

    /// Imports a file: nothing is kept unless everything importable is
    /// (``DiaryNoteRepository/importBatch(_:userID:limits:)``).
    ///
    /// A malformed file (bad CSV or JSON, a missing column) throws ``BoxOfficeError/invalid(_:)``.
    /// Rows with bad values, rows already in the diary (same id, or same movie and watched day) and Letterboxd rows
    /// that match no KOBIS movie are skipped and reported. Letterboxd rows are matched by title and year: first
    /// against the user's own notes, then through ``DiaryMovieCatalog/search(_:)`` (cached), at most
    /// ``Settings/importLookupLimit`` titles per import.
    public func importFile(_ data: Data, format: DiaryFileFormat, for user: DiaryUser) async throws -> DiaryImportReport
    {
        // A JSON file is read a megabyte at a time, handing the thread back between them (a file from a page is
        // here whole); a CSV or Letterboxd file is parsed whole anyway, so it goes as it is.
        let slice = format == .json ? Self.sliceSize : max(1, data.count)
        let body = AsyncStream<Data> { continuation in
            var start = data.startIndex
            while start < data.endIndex {
                let end = data.index(start, offsetBy: slice, limitedBy: data.endIndex) ?? data.endIndex
                continuation.yield(data[start..<end])
                start = end
            }
            continuation.finish()
        }
        return try await importFile(streaming: body, format: format, for: user)
    }

    /// How much of a whole JSON file is read between turns of the thread.
    static let sliceSize = 1 << 20

    /// Imports a file as it arrives, as ``importFile(_:format:for:)`` does: a JSON file is read as its bytes come
    /// (``DiaryJSONImportReader``: never held whole, and notes past ``Settings/importRowLimit`` are only counted), a
    /// CSV or Letterboxd file is read whole. An empty body is ``InputRule/emptyBody``; an error of `body` (a size
    /// limit) passes through.
    public func importFile<Body: AsyncSequence>(streaming body: Body, format: DiaryFileFormat, for user: DiaryUser)
        async throws -> DiaryImportReport where Body.Element: Collection, Body.Element.Element == UInt8
    {
        let today = calendar.today
        let parsed: ParsedDiaryFile
        let rowCount: Int
        var bytes = 0
        do {
            switch format {
            case .json:
                var reader = DiaryJSONImportReader(today: today, rowLimit: settings.importRowLimit)
                for try await chunk in body {
                    bytes += chunk.count
                    try reader.read(chunk)
                    await Task.yield()
                }
                guard bytes > 0 else { throw BoxOfficeError.invalid(nil, .emptyBody) }
                parsed = try reader.finish()
                rowCount = reader.rowCount
            case .csv, .letterboxd:
                var data = Data()
                for try await chunk in body { data.append(contentsOf: chunk) }
                bytes = data.count
                guard bytes > 0 else { throw BoxOfficeError.invalid(nil, .emptyBody) }
                parsed = try await BlockingWork.run { [data] in
                    format == .csv
                        ? try DiaryCSVCodec.parse(data, today: today) : try LetterboxdCodec.parse(data, today: today)
                }
                rowCount = parsed.rowCount
            }
        } catch let problem as DiaryFileProblem {
            throw BoxOfficeError.invalid(nil, .file(problem))
        }
        let watchlistRows = parsed.watchlist?.rowCount ?? 0
        guard rowCount <= settings.importRowLimit, watchlistRows <= settings.importRowLimit else {
            let count = max(rowCount, watchlistRows)
            throw BoxOfficeError.invalid(nil, .tooManyRows(count: count, limit: settings.importRowLimit))
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
            // A full diary takes no row: say so before the rows' look-ups, which may cost KOBIS calls.
            if !parsed.rows.isEmpty, try await noteRepository.noteCount(userID: user.id) >= limits.notes {
                throw BoxOfficeError.invalid(nil, .tooManyNotes(limit: limits.notes))
            }
            let userCategories = try await categoryRepository.categories(userID: user.id)
            var matcher = LetterboxdMatcher()
            var cursor: DiaryNoteCursor?
            while true {
                let chunk = try await noteRepository.notes(
                    userID: user.id, after: cursor, limit: settings.exportChunkSize)
                matcher.add(chunk)
                guard chunk.count == settings.exportChunkSize, let last = chunk.last else { break }
                cursor = DiaryNoteCursor(after: last)
            }
            let rows = parsed.rows
            let matches = await asImport(of: user.id) { [matcher, catalog, settings] in
                await matcher.match(
                    rows, catalog: catalog, lookupLimit: settings.importLookupLimit,
                    concurrency: settings.importLookupConcurrency)
            }
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

        let outcome = try await noteRepository.importBatch(
            DiaryImportBatch(categories: categories, notes: notes), userID: user.id, limits: limits)
        let titles = Dictionary(notes.map { ($0.line, $0.note.title) }, uniquingKeysWith: { first, _ in first })
        for line in outcome.duplicateLines {
            skipped.append(
                DiarySkippedRow(
                    row: line, title: titles[line] ?? "",
                    reason: .duplicate))
        }
        skipped.sort { $0.row < $1.row }
        // The watchlist after the notes, in its own statements: importing the file again adds what is missing.
        var watchlist: WatchlistImportReport?
        if let parsedWatchlist = parsed.watchlist, let importer = watchlistImporter {
            watchlist = try await importer.importCoded(parsedWatchlist, userID: user.id)
        }
        return DiaryImportReport(
            format: format, rows: parsed.rowCount, imported: outcome.inserted.count, skipped: skipped,
            categoriesCreated: outcome.categoriesCreated, kobisSearches: searches, watchlist: watchlist)
    }

    /// Runs `body` as an import of `userID`'s: its KOBIS calls are background work within the person's budget.
    private func asImport<Value: Sendable>(of userID: UUID, _ body: () async throws -> Value) async rethrows -> Value {
        guard let lookups else { return try await ImportLookupBudget.runWithoutBudget(body) }
        return try await lookups.run(for: userID, body)
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
