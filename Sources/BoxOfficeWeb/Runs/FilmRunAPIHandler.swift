import BoxOfficeCore
import Foundation
import Hummingbird

/// `getMovieRun`: a film's run from the archive, kept five minutes (never past midnight in Seoul) like film pages.
/// Its `vs` is read by ``FilmRunQuery`` here, where the film's own code is known, and as sent before the generated
/// decoder (which takes bytes that are not UTF-8 for a blank value), so the API refuses what the page refuses. The
/// English titles of the films it names come along (`englishTitles`), read from the store.
struct FilmRunAPIHandler: Sendable {
    let runs: FilmRunService
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(
            Operations.GetMovieRun.id, path: MovieCodePath.check,
            query: { query, _ in _ = try FilmRunQuery.comparisons(query[values: "vs"].map(String.init)) })
    ]

    func getMovieRun(_ input: Operations.GetMovieRun.Input) async throws -> Operations.GetMovieRun.Output {
        let query = try FilmRunQuery.parsing(movieCode: input.path.code, versus: input.query.vs ?? [])
        let report = await archive.withEnglishTitles(try await runs.report(query))
        let until = calendar.currentInstant.addingTimeInterval(APICacheControl.timeToLive)
        return .ok(
            .init(
                headers: .init(cacheControl: APICacheControl(calendar: calendar).value(until: until)),
                body: .json(.init(report))))
    }
}
