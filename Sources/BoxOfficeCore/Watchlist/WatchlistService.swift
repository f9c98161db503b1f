public import Foundation

/// A person's watchlist: adding films the movie catalog knows, removing them, and listing them with where they
/// stand at the box office, from the archive only (no KOBIS call to list).
public struct WatchlistService: Sendable {
    private let watchlist: any WatchlistRepository
    private let catalog: any DiaryMovieCatalog
    private let charts: any ChartRepository
    private let archive: any ArchiveRepository
    private let calendar: BoxOfficeCalendar

    /// How far back a film counts as having been charted, for ``WatchState/left``.
    public static let chartedLookbackDays = 180
    /// How many days back the latest stored daily chart is looked for when yesterday's is not stored yet.
    public static let latestChartLookbackDays = 7

    public init(
        watchlist: any WatchlistRepository, catalog: any DiaryMovieCatalog, charts: any ChartRepository,
        archive: any ArchiveRepository, calendar: BoxOfficeCalendar
    ) {
        self.watchlist = watchlist
        self.catalog = catalog
        self.charts = charts
        self.archive = archive
        self.calendar = calendar
    }

    /// Adds the film to the user's list; returns it with its state, and whether it was added now (`false` when it
    /// was listed already: the stored item). Throws ``BoxOfficeError/notFound(_:)`` for a film the catalog does
    /// not know.
    public func add(movieCode: String, userID: UUID) async throws -> (item: WatchlistItem, added: Bool) {
        let movie = try await catalog.movie(code: movieCode)
        let entry = WatchlistEntry(
            movieCode: movie.code, title: movie.title, openDate: movie.openDate, addedAt: calendar.currentInstant)
        let (stored, added) = try await watchlist.add(entry, userID: userID)
        let states = try await states(of: [stored])
        return (WatchlistItem(stored, state: states[stored.movieCode] ?? .upcoming), added)
    }

    /// The film as the catalog knows it (the store first). Throws ``BoxOfficeError/notFound(_:)`` for unknown codes.
    public func film(code: String) async throws -> Movie {
        try await catalog.movie(code: code)
    }

    /// Takes the film off the user's list. Throws ``DiaryError/notFound(_:)`` when it is not on it.
    public func remove(movieCode: String, userID: UUID) async throws {
        guard try await watchlist.remove(movieCode: movieCode, userID: userID) else {
            throw DiaryError.notFound(.watchlistItem(movieCode))
        }
    }

    /// The user's list with each film's state, in `sort` order.
    public func list(userID: UUID, sort: WatchlistSort = .added) async throws -> [WatchlistItem] {
        let entries = try await watchlist.entries(userID: userID)
        guard !entries.isEmpty else { return [] }
        let states = try await states(of: entries)
        let items = entries.map { WatchlistItem($0, state: states[$0.movieCode] ?? .upcoming) }
        return Self.sorted(items, by: sort)
    }

    /// The user's list as stored, most recently added first (for exports).
    public func entries(userID: UUID) async throws -> [WatchlistEntry] {
        try await watchlist.entries(userID: userID)
    }

    /// Which of `movieCodes` are on the user's list.
    public func listedCodes(_ movieCodes: [String], userID: UUID) async throws -> Set<String> {
        try await watchlist.listedCodes(movieCodes, userID: userID)
    }

    public func removalPreference(userID: UUID) async throws -> WatchlistRemovalPreference {
        try await watchlist.removalPreference(userID: userID)
    }

    public func setRemovalPreference(_ preference: WatchlistRemovalPreference, userID: UUID) async throws {
        try await watchlist.setRemovalPreference(preference, userID: userID)
    }

    /// After the user logged a note about `movieCode`: takes it off the list when the preference is
    /// ``WatchlistRemovalPreference/always``; returns whether the reader should be offered to take it off (it is
    /// listed and the preference is ``WatchlistRemovalPreference/ask``).
    public func noteLogged(movieCode: String, userID: UUID) async throws -> Bool {
        guard try await !watchlist.listedCodes([movieCode], userID: userID).isEmpty else { return false }
        switch try await watchlist.removalPreference(userID: userID) {
        case .always:
            _ = try await watchlist.remove(movieCode: movieCode, userID: userID)
            return false
        case .ask: return true
        case .never: return false
        }
    }

    /// Items in `sort` order; ties by title, then movie code.
    public static func sorted(_ items: [WatchlistItem], by sort: WatchlistSort) -> [WatchlistItem] {
        items.sorted { a, b in
            switch sort {
            case .added where a.addedAt != b.addedAt:
                return a.addedAt > b.addedAt
            case .openDate where a.openDate != b.openDate:
                guard let left = a.openDate else { return false }
                guard let right = b.openDate else { return true }
                return left < right
            default:
                let byTitle = a.title.localizedStandardCompare(b.title)
                return byTitle == .orderedSame ? a.movieCode < b.movieCode : byTitle == .orderedAscending
            }
        }
    }

    /// The state of each entry: the latest stored daily chart (yesterday's, or the most recent of the last week)
    /// and the archive's daily top 10s of the last ``chartedLookbackDays`` days.
    private func states(of entries: [WatchlistEntry]) async throws -> [String: WatchState] {
        let yesterday = calendar.yesterday
        let recent = try await charts.dailyCharts(
            in: DateRange(start: yesterday.adding(days: -Self.latestChartLookbackDays + 1), end: yesterday))
        let latest = recent.last { $0.filters.isEmpty }
        let day = latest?.range.start ?? yesterday
        let rows = Dictionary(
            (latest?.entries ?? []).map { ($0.movieCode, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Set(entries.map(\.movieCode))
        let charted = try await archive.movieTotals(
            in: DateRange(start: day.adding(days: -Self.chartedLookbackDays), end: day)
        ).filter { wanted.contains($0.movieCode) }
        let everCharted = Set(charted.map(\.movieCode))
        var states: [String: WatchState] = [:]
        for entry in entries {
            states[entry.movieCode] = Self.state(
                of: entry, row: rows[entry.movieCode], day: day, everCharted: everCharted.contains(entry.movieCode))
        }
        return states
    }

    /// The rule, given the film's row on the latest chart (day `day`), if any.
    public static func state(
        of entry: WatchlistEntry, row: ChartEntry?, day: CalendarDate, everCharted: Bool
    ) -> WatchState {
        let openDate = row?.openDate ?? entry.openDate
        if let row {
            return .charted(
                rank: row.rank, daysSinceOpening: openDate.map { $0.days(to: day) }, audienceTotal: row.audienceTotal)
        }
        if everCharted { return .left }
        if let openDate, openDate <= day { return .showing }
        return .upcoming
    }
}
