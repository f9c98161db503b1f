import BoxOfficeCodecs
import BoxOfficeCore
import Foundation
import Hummingbird
import OpenAPIRuntime

/// `listWatchlist`, `addToWatchlist`, `removeFromWatchlist` and `exportWatchlist`: the user's watchlist. A film not
/// on this user's list answers 404, whoever else lists it.
struct WatchlistAPIHandler: Sendable {
    let watchlist: WatchlistService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(
            Operations.ListWatchlist.id, query: { query, _ in _ = try WatchlistSort(parameter: query.nonEmpty("sort")) }
        ),
        APIOperationRule(
            Operations.ExportWatchlist.id,
            query: { query, _ in _ = try WatchlistExportFormat(parameter: query.nonEmpty("format")) }),
    ]

    func listWatchlist(_ input: Operations.ListWatchlist.Input) async throws -> Operations.ListWatchlist.Output {
        let user = try DiaryAPIUser.get()
        let sort = try WatchlistSort(parameter: input.query.sort?.rawValue)
        let items = try await watchlist.list(userID: user.id, sort: sort)
        return .ok(.init(body: .json(items.map(Components.Schemas.DiaryWatchlistItem.init))))
    }

    func addToWatchlist(_ input: Operations.AddToWatchlist.Input) async throws -> Operations.AddToWatchlist.Output {
        let user = try DiaryAPIUser.get()
        let body =
            switch input.body {
            case .json(let body): body
            }
        let code = try DiaryValidation.movieCode(body.movieCode)
        let (item, added) = try await watchlist.add(movieCode: code, userID: user.id)
        let payload = Components.Schemas.DiaryWatchlistItem(item)
        return added ? .created(.init(body: .json(payload))) : .ok(.init(body: .json(payload)))
    }

    func removeFromWatchlist(
        _ input: Operations.RemoveFromWatchlist.Input
    ) async throws -> Operations.RemoveFromWatchlist.Output {
        let user = try DiaryAPIUser.get()
        try await watchlist.remove(movieCode: input.path.movieCode, userID: user.id)
        return .noContent(.init())
    }

    func exportWatchlist(_ input: Operations.ExportWatchlist.Input) async throws -> Operations.ExportWatchlist.Output {
        let user = try DiaryAPIUser.get()
        let format = try WatchlistExportFormat(parameter: input.query.format.rawValue)
        let data = format.file(try await watchlist.entries(userID: user.id))
        let headers = Operations.ExportWatchlist.Output.Ok.Headers(
            contentDisposition: "attachment; filename=\"\(format.fileName(on: calendar.today))\"")
        return .ok(.init(headers: headers, body: .textCsvCharsetUtf8(HTTPBody(data))))
    }
}

extension Components.Schemas.DiaryWatchlistItem: ExplicitNullEncoding {
    init(_ item: WatchlistItem) {
        var rank: Int?
        var days: Int?
        var audience: Int64?
        if case .charted(let r, let d, let a) = item.state {
            rank = r
            days = d
            audience = a
        }
        self.init(
            movieCode: item.movieCode, title: item.title, addedAt: item.addedAt, openDate: item.openDate?.isoString,
            state: StatePayload(rawValue: item.state.name) ?? .upcoming, rank: rank, daysSinceOpening: days,
            audienceTotal: audience)
    }
}
