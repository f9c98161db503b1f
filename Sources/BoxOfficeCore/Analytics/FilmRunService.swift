import Foundation

/// Answers a film's run from the archive alone: never a KOBIS call.
public struct FilmRunService: Sendable {
    private let repository: any FilmRunRepository
    private let movies: any MovieRepository
    private let records: (any RecordsRepository)?
    private let calendar: BoxOfficeCalendar
    /// The 1000만 films' median line, read again after five minutes or on a new day in Seoul.
    private let medians = RecentAnswerCache<Int, MedianPace>(lifetime: .seconds(300))
    /// Where the archived charts came from.
    public let source: ChartSource

    /// - Parameter records: the films' kept records, for the median line of the films that reached 1000만 (none
    ///   without them).
    public init(
        repository: any FilmRunRepository, movies: any MovieRepository, records: (any RecordsRepository)? = nil,
        calendar: BoxOfficeCalendar, source: ChartSource
    ) {
        self.repository = repository
        self.movies = movies
        self.records = records
        self.calendar = calendar
        self.source = source
    }

    /// The run of `query`'s film and the pace of the films it is compared with. Throws
    /// ``BoxOfficeError/notFound(_:)`` when neither the archive nor the stored movie details know the film.
    public func report(_ query: FilmRunQuery) async throws -> FilmRunReport {
        let history = try await repository.filmHistory(movieCode: query.movieCode, source: source)
        let run = FilmRun(history: history)
        if run.reach == .noArchivedDay, try await movies.storedMovie(code: query.movieCode) == nil {
            throw BoxOfficeError.notFound(.movie(code: query.movieCode))
        }
        let versus = try await repository.filmHistories(movieCodes: query.versus, source: source)
        let compared = query.versus.compactMap { code in
            versus[code].map { FilmRunReport.Pace(run: FilmRun(history: $0)) }
        }
        var report = FilmRunReport(run: run, compared: compared, source: source)
        report.median = try await median()
        report.outlook = try await outlook(history: history, run: run)
        return report
    }

    /// 천만 전망 of the film, while it is in its first run at day 1…60: its comparables and rank read through the kept
    /// paces' index.
    func outlook(history: FilmHistory, run: FilmRun) async throws -> TenMillionOutlook? {
        guard let archiveEnd = try await repository.archiveEnd(),
            let position = TenMillionOutlook.position(of: history, run: run, archiveEnd: archiveEnd)
        else { return nil }
        let (day, audience) = position
        let since = TenMillionOutlook.defaultSince(source: source, archiveStart: history.archiveStart)
        let candidates = try await repository.outlookCandidates(
            day: day, audience: TenMillionOutlook.bounds(around: audience), near: audience, since: since,
            lastDay: TenMillionOutlook.firstRunOver(archiveEnd: archiveEnd), excluding: run.movieCode,
            limit: TenMillionOutlook.maximumComparables)
        let standing = try await repository.outlookStanding(day: day, audience: audience, excluding: run.movieCode)
        return TenMillionOutlook(
            movieCode: run.movieCode, day: day, audience: audience, since: since, archiveEnd: archiveEnd,
            candidates: candidates, standing: standing)
    }

    /// The films whose first run reached 1000만 a median line is made of, at most.
    public static let medianFilms = 100

    /// The median pace of the films whose first run reached 1000만 (exactly or in a range), `nil` without records.
    public func median() async throws -> MedianPace? {
        guard let records else { return nil }
        let threshold = Milestone.thresholds.last ?? 10_000_000
        return try await medians.value(for: calendar.today.daysSinceEpoch) { [repository] in
            let query = RecordsQuery(kind: .milestones, threshold: threshold, limit: Self.medianFilms)
            let films = try await records.films(ordered: .fastest, query: query)
            // Each day's middle values from the kept paces: the films' archived rows made the first film page of
            // the day cost several charts, and even their kept paces thousands of rows.
            return try await repository.medianPace(
                threshold: threshold, movieCodes: films.map(\.record.movieCode))
        }
    }

    /// The most films a title search lists, and the longest title it takes.
    public static let searchLimit = 10
    public static let maximumSearchLength = 50

    /// Archived films whose title contains `text`, to add to a comparison; none for empty text. Throws
    /// ``BoxOfficeError/invalid(_:)`` for text longer than ``maximumSearchLength``.
    public func films(titled text: String) async throws -> [ArchivedFilm] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        guard trimmed.count <= Self.maximumSearchLength else {
            throw BoxOfficeError.invalid("find", .maximumLength(Self.maximumSearchLength), value: text)
        }
        return try await repository.films(titled: trimmed, limit: Self.searchLimit)
    }
}
