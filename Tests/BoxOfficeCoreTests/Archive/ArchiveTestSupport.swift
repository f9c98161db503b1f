import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// An in-memory store with the chart, movie and archive contracts, for sync and period logic tests.
actor InMemoryArchive: ChartRepository, MovieRepository, ArchiveRepository {
    private var charts: [ChartQuery: Chart] = [:]
    private var movies: [String: Movie] = [:]
    private var nations: [String: String] = [:]
    private var nationWrites = 0
    private var nationLatches: [String: TestLatch] = [:]
    private(set) var chartSaves: [ChartQuery] = []
    private(set) var movieSaves: [String] = []
    private(set) var totalsQueries = 0
    /// When set, saving a chart fails with this error.
    var failSaves: BoxOfficeError?

    func setFailSaves(_ error: BoxOfficeError?) { failSaves = error }

    // ChartRepository
    func storedChart(for query: ChartQuery) async throws -> Chart? { charts[query] }
    func save(_ chart: Chart) async throws {
        if let failSaves { throw failSaves }
        chartSaves.append(chart.query)
        charts[chart.query] = chart
    }
    func dailyCharts(in range: DateRange) async throws -> [Chart] {
        charts.values.filter {
            $0.kind == .daily && $0.filters.isEmpty && $0.range.start >= range.start && $0.range.start <= range.end
        }
        .sorted { $0.range.start < $1.range.start }
    }

    // MovieRepository
    func storedMovie(code: String) async throws -> Movie? { movies[code] }
    func save(_ movie: Movie) async throws {
        movieSaves.append(movie.code)
        movies[movie.code] = movie
    }

    // ArchiveRepository
    func chartStatuses(kind: ChartKind, startingIn range: DateRange) async throws -> [StoredChartStatus] {
        charts.values.filter {
            $0.kind == kind && $0.filters.isEmpty && $0.range.start >= range.start && $0.range.start <= range.end
        }
        .sorted { $0.range.start < $1.range.start }
        .map { StoredChartStatus(kind: $0.kind, range: $0.range, fetchedAt: $0.fetchedAt) }
    }

    func fingerprint(of range: DateRange) async throws -> ArchiveFingerprint {
        let statuses = try await chartStatuses(kind: .daily, startingIn: range)
        return ArchiveFingerprint(
            chartCount: statuses.count, latestFetch: statuses.map(\.fetchedAt).max(), nationCount: nations.count,
            latestNation: Date(timeIntervalSince1970: Double(nationWrites)))
    }

    func movieTotals(in range: DateRange) async throws -> [ArchivedMovieTotal] {
        totalsQueries += 1
        var totals: [String: ArchivedMovieTotal] = [:]
        for chart in try await dailyCharts(in: range) {
            for entry in chart.entries {
                let day = chart.range.start
                if var total = totals[entry.movieCode] {
                    total.audience += entry.audience
                    total.sales += entry.sales
                    total.days += 1
                    total.bestRank = min(total.bestRank, entry.rank)
                    total.lastDay = max(total.lastDay, day)
                    totals[entry.movieCode] = total
                } else {
                    totals[entry.movieCode] = ArchivedMovieTotal(
                        movieCode: entry.movieCode, title: entry.title, openDate: entry.openDate,
                        audience: entry.audience,
                        sales: entry.sales, days: 1, bestRank: entry.rank, firstDay: day, lastDay: day,
                        representativeNation: nations[entry.movieCode])
                }
            }
        }
        return Array(totals.values)
    }

    func trendPoints(movieCode: String) async throws -> [TrendPoint] {
        charts.values.filter { $0.kind == .daily && $0.filters.isEmpty }.sorted { $0.range.start < $1.range.start }
            .compactMap { chart in
                chart.entries.first { $0.movieCode == movieCode }.map {
                    TrendPoint(
                        date: chart.range.start, rank: $0.rank, title: $0.title, audience: $0.audience,
                        audienceTotal: $0.audienceTotal, sales: $0.sales, screens: $0.screens, shows: $0.shows)
                }
            }
    }

    func movieCodesWithoutNation(in range: DateRange) async throws -> [String] {
        Set(try await dailyCharts(in: range).flatMap { $0.entries.map(\.movieCode) }).filter { nations[$0] == nil }
            .sorted()
    }

    func saveRepresentativeNations(_ nations: [String: String]) async throws {
        self.nations.merge(nations) { _, new in new }
        nationWrites += 1
        for code in nations.keys { nationLatches.removeValue(forKey: code)?.open() }
    }

    /// Opens `latch` once the nation of `code` is stored.
    func openWhenNationStored(_ code: String, _ latch: TestLatch) { nationLatches[code] = latch }

    func nation(of code: String) -> String? { nations[code] }
    var storedDailyDays: [CalendarDate] {
        charts.values.filter { $0.kind == .daily }.map(\.range.start).sorted()
    }
}

/// Records the waits the engine asks for, without waiting.
final class RecordedSleeps: Sendable {
    private let waits = Locked<[Duration]>([])
    var all: [Duration] { waits.withLock { $0 } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in self.waits.withLock { $0.append(duration) } }
    }
    var total: Duration { all.reduce(.zero, +) }
}

func archiveDay(_ text: String) -> CalendarDate { CalendarDate(text)! }
func archiveRange(_ from: String, _ to: String) -> DateRange { DateRange(start: archiveDay(from), end: archiveDay(to)) }
