/// The watchlist's and alerts' operations, behind ``DiaryBearerTokenMiddleware``.
extension BoxOfficeAPI {
    func listWatchlist(_ input: Operations.ListWatchlist.Input) async throws -> Operations.ListWatchlist.Output {
        try await watchlist.listWatchlist(input)
    }

    func addToWatchlist(_ input: Operations.AddToWatchlist.Input) async throws -> Operations.AddToWatchlist.Output {
        try await watchlist.addToWatchlist(input)
    }

    func removeFromWatchlist(
        _ input: Operations.RemoveFromWatchlist.Input
    ) async throws -> Operations.RemoveFromWatchlist.Output {
        try await watchlist.removeFromWatchlist(input)
    }

    func exportWatchlist(_ input: Operations.ExportWatchlist.Input) async throws -> Operations.ExportWatchlist.Output {
        try await watchlist.exportWatchlist(input)
    }

    func importWatchlist(_ input: Operations.ImportWatchlist.Input) async throws -> Operations.ImportWatchlist.Output {
        try await watchlistImport.importWatchlist(input)
    }

    func listNotifications(
        _ input: Operations.ListNotifications.Input
    ) async throws -> Operations.ListNotifications.Output {
        try await notifications.listNotifications(input)
    }

    func markNotificationsRead(
        _ input: Operations.MarkNotificationsRead.Input
    ) async throws -> Operations.MarkNotificationsRead.Output {
        try await notifications.markNotificationsRead(input)
    }
}
