public import Foundation

/// The diary's files: a user's notes exported as CSV, JSON or a Letterboxd diary, and such files imported in one
/// transaction. Letterboxd rows are matched to KOBIS movies through ``DiaryMovieCatalog``, within
/// ``Settings/importLookupLimit`` titles per import.
public struct DiaryTransferService: Sendable {
    /// Limits of one import.
    public struct Settings: Sendable {
        /// Distinct titles a Letterboxd import may look up in KOBIS (each up to two searches), so one big
        /// import cannot eat the 3,000-calls-a-day key. The rest is reported; importing again continues.
        public var importLookupLimit: Int
        /// Lookups running at once during an import.
        public var importLookupConcurrency: Int
        /// Rows one import may have.
        public var importRowLimit: Int

        public init(importLookupLimit: Int = 1000, importLookupConcurrency: Int = 4, importRowLimit: Int = 20_000) {
            self.importLookupLimit = importLookupLimit
            self.importLookupConcurrency = importLookupConcurrency
            self.importRowLimit = importRowLimit
        }
    }

    let categoryRepository: any DiaryCategoryRepository
    let noteRepository: any DiaryNoteRepository
    let catalog: any DiaryMovieCatalog
    let calendar: BoxOfficeCalendar
    public let settings: Settings

    /// The service over the category and note tables; `catalog` matches Letterboxd rows to KOBIS movies.
    public init(
        categories: any DiaryCategoryRepository, notes: any DiaryNoteRepository, catalog: any DiaryMovieCatalog,
        calendar: BoxOfficeCalendar, settings: Settings = Settings()
    ) {
        self.categoryRepository = categories
        self.noteRepository = notes
        self.catalog = catalog
        self.calendar = calendar
        self.settings = settings
    }

    /// Now, to the millisecond.
    var now: Date { DiaryTime.normalized(calendar.currentInstant) }

    // MARK: - Export

    /// Every note of the user (oldest watched first) in `format`.
    public func export(_ format: DiaryFileFormat, for user: DiaryUser) async throws -> DiaryExport {
        let notes = try await noteRepository.allNotes(userID: user.id)
        let categories = try await categoryRepository.categories(userID: user.id)
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
            let userCategories = try await categoryRepository.categories(userID: user.id)
            let matcher = LetterboxdMatcher(existing: try await noteRepository.allNotes(userID: user.id))
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

        let outcome = try await noteRepository.importBatch(
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
