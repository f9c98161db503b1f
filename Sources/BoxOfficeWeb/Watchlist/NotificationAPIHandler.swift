import BoxOfficeCore
import Foundation
import Hummingbird

/// `listNotifications` and `markNotificationsRead`: the user's alerts. Another user's alert ids are ignored.
struct NotificationAPIHandler: Sendable {
    let notifications: any AlertRepository

    /// The most alerts one answer lists.
    static let limit = 200

    static let rules = [
        APIOperationRule(
            Operations.ListNotifications.id,
            query: { query, _ in
                if let unread = query.nonEmpty("unread"), !["true", "false"].contains(unread) {
                    throw BoxOfficeError.invalid("unread", .oneOf(["true", "false"]), value: unread)
                }
            }),
        APIOperationRule(Operations.MarkNotificationsRead.id, body: .optional),
    ]

    func listNotifications(
        _ input: Operations.ListNotifications.Input
    ) async throws -> Operations.ListNotifications.Output {
        let user = try DiaryAPIUser.get()
        let alerts = try await notifications.alerts(
            userID: user.id, unreadOnly: input.query.unread ?? false, limit: Self.limit)
        let unread = try await notifications.unreadCount(userID: user.id)
        return .ok(
            .init(
                body: .json(
                    .init(notifications: alerts.map(Components.Schemas.DiaryNotification.init), unread: unread))))
    }

    func markNotificationsRead(
        _ input: Operations.MarkNotificationsRead.Input
    ) async throws -> Operations.MarkNotificationsRead.Output {
        let user = try DiaryAPIUser.get()
        var ids: [UUID]?
        if case .json(let body)? = input.body, let texts = body.ids {
            ids = try texts.map { text throws(BoxOfficeError) in
                guard let id = UUID(uuidString: text) else { throw .invalid("ids", .uuid, value: text) }
                return id
            }
        }
        let marked = try await notifications.markRead(ids: ids, userID: user.id)
        let unread = try await notifications.unreadCount(userID: user.id)
        return .ok(.init(body: .json(.init(marked: marked, unread: unread))))
    }
}

extension Components.Schemas.DiaryNotification {
    init(_ alert: Alert) {
        self.init(
            id: alert.id.uuidString, kind: KindPayload(rawValue: alert.kind.rawValue) ?? .top10,
            movieCode: alert.movieCode, title: alert.title, date: alert.date.isoString, read: alert.read)
    }
}
