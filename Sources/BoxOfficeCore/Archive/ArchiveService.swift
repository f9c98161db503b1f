import Foundation

/// Reads the archive: period charts, coverage, movie trends and exports. It never calls KOBIS; what the
/// archive lacks is reported with the `boxoffice sync` command that fills it.
///
/// Period charts are kept in memory while the archive's ``ArchiveFingerprint`` for their range stays the same
/// (whether a stored day is provisional depends only on when it was fetched), so a popular period costs one
/// small query.
/// Keep one service for the life of a server to benefit.
public struct ArchiveService: Sendable {
    private let archive: any ArchiveRepository
    private let charts: any ChartRepository
    private let movies: any MovieRepository
    private let cache = PeriodChartCache(capacity: 64)
    public let calendar: BoxOfficeCalendar
    /// Where the archived charts came from (`kobis` or `sample`).
    public let source: ChartSource

    /// Films a period chart lists by default, and at most.
    public static let defaultLimit = 10
    public static let maximumLimit = 100

    public init(
        archive: any ArchiveRepository, charts: any ChartRepository, movies: any MovieRepository,
        calendar: BoxOfficeCalendar, source: ChartSource
    ) {
        self.archive = archive
        self.charts = charts
        self.movies = movies
        self.calendar = calendar
        self.source = source
    }

    /// The English titles the archive keeps for those of `movieCodes` that KOBIS gave one (read with their
    /// nations, no call of its own).
    public func englishTitles(of movieCodes: [String]) async throws -> [String: String] {
        guard !movieCodes.isEmpty else { return [:] }
        return try await archive.englishTitles(of: movieCodes)
    }

    /// `chart` with each row's English title, where the archive keeps one (read with the nations, no call of its
    /// own); the chart as it was when they cannot be read (the Korean titles then stand alone).
    public func withEnglishTitles(_ chart: Chart) async -> Chart {
        var titled = chart
        titled.entries = await withEnglishTitles(chart.entries, code: \.movieCode, title: \.titleEnglish)
        return titled
    }

    /// `report` with the English titles of the films it names, where the archive keeps them (read with the nations, no
    /// call of its own), beside those the report already gives; without them when there are none or they cannot be
    /// read.
    public func withEnglishTitles<Report: NamesFilms>(_ report: Report) async -> Report {
        var titled = report
        let kept = (try? await englishTitles(of: report.movieCodes)) ?? [:]
        let titles = kept.merging(report.englishTitles ?? [:]) { archived, _ in archived }
        titled.englishTitles = titles.isEmpty ? nil : titles
        return titled
    }

    /// Which days of `range` the archive holds.
    public func coverage(of range: DateRange) async throws -> ArchiveCoverage {
        ArchiveCoverage(
            range: range, dailyStatuses: try await archive.chartStatuses(kind: .daily, startingIn: range),
            calendar: calendar)
    }

    /// The top `limit` films of `range` by archived audience, with nation shares and coverage.
    /// Throws ``BoxOfficeError/invalid(_:)`` for a limit outside 1…``maximumLimit``.
    public func periodChart(_ range: DateRange, limit: Int = ArchiveService.defaultLimit) async throws -> PeriodChart {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw BoxOfficeError.invalid("limit", .wholeNumber(1...Self.maximumLimit), value: String(limit))
        }
        let fingerprint = try await archive.fingerprint(of: range)
        let key = PeriodChartCache.Key(range: range, limit: limit, fingerprint: fingerprint)
        if let cached = await cache.chart(for: key) { return await withEnglishTitles(cached) }
        async let coverage = coverage(of: range)
        async let totals = archive.movieTotals(in: range)
        let chart = PeriodChart(
            range: range, source: source, coverage: try await coverage, totals: try await totals, limit: limit)
        await cache.store(chart, for: key)
        return await withEnglishTitles(chart)
    }

    /// `chart` with each film's English title, where the archive keeps one. Titles are read on every answer, not
    /// kept with the chart: a sync may learn them after the charts it summed.
    private func withEnglishTitles(_ chart: PeriodChart) async -> PeriodChart {
        var titled = chart
        titled.entries = await withEnglishTitles(chart.entries, code: \.movieCode, title: \.titleEnglish)
        return titled
    }

    /// `entries` with each film's English title where the archive keeps one; unchanged when they cannot be read.
    private func withEnglishTitles<Entry>(
        _ entries: [Entry], code: KeyPath<Entry, String>, title: WritableKeyPath<Entry, String?>
    ) async -> [Entry] {
        let titles = (try? await englishTitles(of: entries.map { $0[keyPath: code] })) ?? [:]
        return Self.titled(entries, titles, code: code, title: title)
    }

    /// `entries` with each film's title from `titles`, by code.
    private static func titled<Entry>(
        _ entries: [Entry], _ titles: [String: String], code: KeyPath<Entry, String>,
        title: WritableKeyPath<Entry, String?>
    ) -> [Entry] {
        entries.map { entry in
            var entry = entry
            entry[keyPath: title] = titles[entry[keyPath: code]]
            return entry
        }
    }

    /// The film's archived run, from the store alone. Throws ``BoxOfficeError/notFound(_:)`` for something that is
    /// not a movie code, or a code neither the archive nor the stored details know
    /// (``BoxOfficeError/Missing/unarchivedMovie(code:)``); a known film the archive has no day of gets a trend
    /// without points.
    public func trend(movieCode: String) async throws -> MovieTrend {
        guard MovieService.isPlausibleCode(movieCode) else {
            throw BoxOfficeError.notFound(.notAMovieCode(movieCode))
        }
        let points = try await archive.trendPoints(movieCode: movieCode)
        // As a film's run: a code the store knows nothing of is not a film with an empty trend.
        if points.isEmpty, try await movies.storedMovie(code: movieCode) == nil {
            throw BoxOfficeError.notFound(.unarchivedMovie(code: movieCode))
        }
        return MovieTrend(movieCode: movieCode, source: source, points: points)
    }

    /// The archived daily charts of `range`, oldest first, each row with its English title where the archive keeps
    /// one, and the coverage (for a warning about gaps).
    public func dailyCharts(in range: DateRange) async throws -> (charts: [Chart], coverage: ArchiveCoverage) {
        async let coverage = coverage(of: range)
        let stored = try await charts.dailyCharts(in: range)
        // One read for every film of the period, not one a day.
        let codes = Set(stored.flatMap { $0.entries.map(\.movieCode) }).sorted()
        let titles = (try? await englishTitles(of: codes)) ?? [:]
        let titled = stored.map { chart in
            var chart = chart
            chart.entries = Self.titled(chart.entries, titles, code: \.movieCode, title: \.titleEnglish)
            return chart
        }
        return (titled, try await coverage)
    }
}

/// Recently built period charts, by range, limit and archive fingerprint; the oldest entry goes when full.
actor PeriodChartCache {
    struct Key: Hashable, Sendable {
        var range: DateRange
        var limit: Int
        var fingerprint: ArchiveFingerprint
    }

    private let capacity: Int
    private var entries: [Key: PeriodChart] = [:]
    private var order: [Key] = []

    init(capacity: Int) { self.capacity = capacity }

    func chart(for key: Key) -> PeriodChart? { entries[key] }

    func store(_ chart: PeriodChart, for key: Key) {
        if entries.updateValue(chart, forKey: key) == nil { order.append(key) }
        // Entries for an older fingerprint of the same range and limit can never be hit again.
        let stale = order.filter { $0.range == key.range && $0.limit == key.limit && $0.fingerprint != key.fingerprint }
        for old in stale { entries[old] = nil }
        order.removeAll { entries[$0] == nil }
        while order.count > capacity { entries[order.removeFirst()] = nil }
    }
}
