import BoxOfficeCore
import Foundation
import Hummingbird

/// `getRecordMilestones`, `getRecordTotals`, `getRecordStreaks` and `getRecordLegs`: the records from the films'
/// kept records (no KOBIS call), kept five minutes (never past midnight in Seoul) like film pages. The query is read
/// by the core's one reader (``RecordsQuery``), before the generated decoder too, so a refusal has the pages' words.
/// The films' English titles come along (`englishTitles`), read from the store.
struct RecordsAPIHandler: Sendable {
    let records: RecordsService
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    static let rules = [
        (Operations.GetRecordMilestones.id, RecordKind.milestones), (Operations.GetRecordTotals.id, .totals),
        (Operations.GetRecordStreaks.id, .streaks), (Operations.GetRecordLegs.id, .legs),
    ].map { id, kind in
        APIOperationRule(
            id, query: { query, calendar in _ = try RecordsParameters.query(kind, query, calendar: calendar) })
    }

    /// Five minutes from now: `APICacheControl` cuts it at midnight in Seoul.
    private var keptUntil: Date { calendar.currentInstant.addingTimeInterval(APICacheControl.timeToLive) }

    private func report(
        _ kind: RecordKind, _ values: KeyValuePairs<String, String?>
    ) async throws -> (String, Components.Schemas.RecordsReport) {
        let query = try RecordsParameters.query(kind, Parameters(typed: values), calendar: calendar)
        let report = await archive.withEnglishTitles(try await records.report(query))
        return (APICacheControl(calendar: calendar).value(until: keptUntil), .init(report))
    }

    func getRecordMilestones(
        _ input: Operations.GetRecordMilestones.Input
    ) async throws -> Operations.GetRecordMilestones.Output {
        let query = input.query
        let (cacheControl, body) = try await report(
            .milestones,
            ["threshold": query.threshold, "nation": query.nation, "since": query.since, "limit": query.limit])
        return .ok(.init(headers: .init(cacheControl: cacheControl), body: .json(body)))
    }

    func getRecordTotals(_ input: Operations.GetRecordTotals.Input) async throws -> Operations.GetRecordTotals.Output {
        let query = input.query
        let (cacheControl, body) = try await report(
            .totals,
            [
                "by": query.by, "year": query.year, "nation": query.nation, "since": query.since,
                "limit": query.limit,
            ])
        return .ok(.init(headers: .init(cacheControl: cacheControl), body: .json(body)))
    }

    func getRecordStreaks(
        _ input: Operations.GetRecordStreaks.Input
    ) async throws -> Operations.GetRecordStreaks.Output {
        let query = input.query
        let (cacheControl, body) = try await report(
            .streaks, ["nation": query.nation, "since": query.since, "limit": query.limit])
        return .ok(.init(headers: .init(cacheControl: cacheControl), body: .json(body)))
    }

    func getRecordLegs(_ input: Operations.GetRecordLegs.Input) async throws -> Operations.GetRecordLegs.Output {
        let query = input.query
        let (cacheControl, body) = try await report(
            .legs, ["year": query.year, "nation": query.nation, "since": query.since, "limit": query.limit])
        return .ok(.init(headers: .init(cacheControl: cacheControl), body: .json(body)))
    }
}
