import Foundation

/// Answers a film's run from the archive alone: never a KOBIS call.
public struct FilmRunService: Sendable {
    private let repository: any FilmRunRepository
    private let movies: any MovieRepository
    private let gate: AnalyticsGate
    private let question: ArchiveQuestion<FilmRunQuery, FilmRunReport>
    /// Where the archived charts came from.
    public let source: ChartSource

    /// Runs from `repository`, films known from `movies`, worked out through `gate` (shared with the other archive
    /// questions).
    public init(
        repository: any FilmRunRepository, movies: any MovieRepository, source: ChartSource,
        gate: AnalyticsGate = AnalyticsGate()
    ) {
        self.repository = repository
        self.gate = gate
        question = ArchiveQuestion(gate: gate)
        self.movies = movies
        self.source = source
    }

    /// The run of `query`'s film and the pace of the films it is compared with. Throws
    /// ``BoxOfficeError/notFound(_:)`` (``BoxOfficeError/Missing/unarchivedMovie(code:)``) when neither the archive
    /// nor the stored movie details know the film or one it is compared with.
    public func report(_ query: FilmRunQuery) async throws -> FilmRunReport {
        try await question.answer(query) { try await workOut($0) }
    }

    private func workOut(_ query: FilmRunQuery) async throws -> FilmRunReport {
        var detailTitles: [String: String] = [:]
        let history = try await repository.filmHistory(movieCode: query.movieCode, source: source)
        let run = try await run(of: history, titles: &detailTitles)
        let versus = try await repository.filmHistories(movieCodes: query.versus, source: source)
        var compared: [FilmRunReport.Pace] = []
        // A film to compare must be one the store knows, as the film itself must be.
        for code in query.versus {
            let history =
                versus[code]
                ?? FilmHistory(movieCode: code, daily: [], weekends: [], archiveStart: nil, source: source)
            compared.append(FilmRunReport.Pace(run: try await self.run(of: history, titles: &detailTitles)))
        }
        var report = FilmRunReport(run: run, compared: compared, source: source)
        report.englishTitles = detailTitles.isEmpty ? nil : detailTitles
        report.median = try await median()
        report.outlook = try await outlook(history: history, run: run)
        return report
    }

    /// The run of `history`. A film no chart lists yet goes by its stored details (only the store is read), its
    /// English title added to `titles`; one the store knows nothing of is ``BoxOfficeError/notFound(_:)``.
    private func run(of history: FilmHistory, titles: inout [String: String]) async throws -> FilmRun {
        var run = FilmRun(history: history)
        guard run.reach == .noArchivedDay else { return run }
        guard let movie = try await movies.storedMovie(code: history.movieCode) else {
            throw BoxOfficeError.notFound(.unarchivedMovie(code: history.movieCode))
        }
        run.title = movie.title
        run.openDate = movie.openDate
        titles[movie.code] = Movie.keptEnglishTitle(movie.titleEnglish)
        return run
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

    /// The median pace of the films whose first run reached 1000만, kept by the store as their paces change.
    public func median() async throws -> MedianPace {
        try await repository.medianPace()
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
        let (repository, gate) = (self.repository, self.gate)
        return try await gate.run { try await repository.films(titled: trimmed, limit: Self.searchLimit) }
    }
}
