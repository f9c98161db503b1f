public import Foundation

/// A stored alert (a notification). JSON of `/api/v1/notifications`: `{"id","kind","movieCode","title","date","read"}`.
public struct Alert: Identifiable, Hashable, Sendable {
    public var id: UUID
    /// Whose alert it is; never shown to anyone else.
    public var userID: UUID
    public var kind: AlertKind
    public var movieCode: String
    public var title: String
    /// The chart day it happened on.
    public var date: CalendarDate
    public var read: Bool
    public var createdAt: Date

    public init(
        id: UUID, userID: UUID, kind: AlertKind, movieCode: String, title: String, date: CalendarDate,
        read: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.movieCode = movieCode
        self.title = title
        self.date = date
        self.read = read
        self.createdAt = createdAt
    }

    public init(id: UUID, event: AlertEvent, createdAt: Date) {
        self.init(
            id: id, userID: event.userID, kind: event.kind, movieCode: event.movieCode, title: event.title,
            date: event.date, createdAt: createdAt)
    }

    /// The event it records.
    public var event: AlertEvent {
        AlertEvent(userID: userID, kind: kind, movieCode: movieCode, title: title, date: date)
    }
}
