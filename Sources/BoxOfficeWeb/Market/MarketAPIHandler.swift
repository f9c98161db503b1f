import BoxOfficeCore
import Foundation
import Hummingbird

/// `getMarketYears`, `getMarketDays` and `getMarketHolidays`: the market from the archive (no KOBIS call), kept five
/// minutes (never past midnight in Seoul) like film pages. The period and the holiday are read by the core's readers
/// (``MarketPeriod``, ``KoreanHoliday``), before the generated decoder too, so a refusal has the pages' words. The days
/// and the holidays carry the English titles of the films they name (`englishTitles`), read from the store.
struct MarketAPIHandler: Sendable {
    let market: MarketService
    let archive: ArchiveService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(
            Operations.GetMarketDays.id,
            query: { query, calendar in _ = try MarketParameters(query, calendar: calendar).range }),
        APIOperationRule(
            Operations.GetMarketHolidays.id,
            query: { query, _ in _ = try MarketParameters.holiday(query) }),
    ]

    /// Five minutes from now: `APICacheControl` cuts it at midnight in Seoul.
    private var keptUntil: Date { calendar.currentInstant.addingTimeInterval(APICacheControl.timeToLive) }

    func getMarketYears(_ input: Operations.GetMarketYears.Input) async throws -> Operations.GetMarketYears.Output {
        let report = try await market.years()
        return .ok(
            .init(
                headers: .init(cacheControl: APICacheControl(calendar: calendar).value(until: keptUntil)),
                body: .json(.init(report))))
    }

    func getMarketDays(_ input: Operations.GetMarketDays.Input) async throws -> Operations.GetMarketDays.Output {
        let query = input.query
        let range = try MarketParameters(
            Parameters(typed: ["from": query.from, "to": query.to, "month": query.month, "year": query.year]),
            calendar: calendar
        ).range
        let report = await archive.withEnglishTitles(try await market.days(range))
        return .ok(
            .init(
                headers: .init(cacheControl: APICacheControl(calendar: calendar).value(until: keptUntil)),
                body: .json(.init(report))))
    }

    func getMarketHolidays(
        _ input: Operations.GetMarketHolidays.Input
    ) async throws -> Operations.GetMarketHolidays.Output {
        let holiday = try KoreanHoliday(parameter: input.query.holiday)
        let report = await archive.withEnglishTitles(try await market.holidays(holiday))
        return .ok(
            .init(
                headers: .init(cacheControl: APICacheControl(calendar: calendar).value(until: keptUntil)),
                body: .json(.init(report))))
    }
}
