import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// Charts for the market tests: rows written by hand, KOBIS bodies decoded as the client decodes them, and the real
/// KOBIS charts in `../shared/kobis-samples/` (read where they are, never copied).
enum MarketCharts {
    /// A row with the given figures; the rest is filler.
    static func entry(
        _ rank: Int, sales: Int64, share: Double, audience: Int64 = 1000, shows: Int = 100,
        openDate: CalendarDate? = CalendarDate("2024-03-01"), code: String? = nil
    ) -> ChartEntry {
        ChartEntry(
            rank: rank, change: .same, movieCode: code ?? "M\(rank)", title: "Film \(rank)", openDate: openDate,
            audience: audience, audienceTotal: audience.multipliedReportingOverflow(by: 3).partialValue, sales: sales,
            salesShare: share, salesTotal: sales.multipliedReportingOverflow(by: 3).partialValue,
            screens: 100, shows: shows)
    }

    /// Rows whose shares are KOBIS's rounding of `sales` over `market`.
    static func rows(market: Int64, sales: [Int64]) -> [ChartEntry] {
        sales.enumerated().map { index, amount in
            let share = (Double(amount) / Double(market) * 1000).rounded() / 10
            return entry(index + 1, sales: amount, share: share, audience: amount / 10_000, shows: 100 + index)
        }
    }

    /// A KOBIS box-office body decoded and mapped as ``ChartService`` maps it.
    static func chart(body: Data, kind: ChartKind) throws -> Chart {
        let result = try KOBISClient.decode(
            BoxOfficeResponseDTO.self, from: HTTPTransportResponse(statusCode: 200, body: body)
        ).boxOfficeResult
        let start = try #require(result.showRangeDates?.start)
        return DomainMapping.chart(
            result, query: ChartQuery(kind: kind, date: start), source: .kobis,
            fetchedAt: Date(timeIntervalSince1970: 0))
    }

    static let samples: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/kobis-samples")

    static var samplesArePresent: Bool { FileManager.default.fileExists(atPath: samples.path) }

    static let samplesAbsent = "../shared/kobis-samples is not present; the real charts' market test is skipped"

    /// Every real daily and weekly chart among the samples (the folder, `more/` and `extracted/`), by relative path.
    static func realChartFiles() -> [String] {
        let folders = ["", "more/", "extracted/"]
        return folders.flatMap { folder in
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: samples.appendingPathComponent(folder).path))
                ?? []
            return names.filter { ($0.hasPrefix("daily-") || $0.hasPrefix("weekly-")) && $0.hasSuffix(".json") }
                .map { folder + $0 }
        }.sorted()
    }

    /// The chart kind a sample's name says: daily, or the weekly range after `weekly-`.
    static func kind(ofSample name: String) -> ChartKind {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        if file.hasPrefix("weekly-weekend") { return .weekend }
        if file.hasPrefix("weekly-weekdays") { return .weekdays }
        if file.hasPrefix("weekly-") { return .week }
        return .daily
    }
}
