public import Foundation

/// An event derived from a day's chart for one person and one film, before it is stored.
///
/// Each (person, film, kind) is stored at most once: see ``AlertRepository/insert(_:createdAt:)``.
public struct AlertEvent: Hashable, Sendable {
    public var userID: UUID
    public var kind: AlertKind
    public var movieCode: String
    public var title: String
    /// The chart day it happened on.
    public var date: CalendarDate

    public init(userID: UUID, kind: AlertKind, movieCode: String, title: String, date: CalendarDate) {
        self.userID = userID
        self.kind = kind
        self.movieCode = movieCode
        self.title = title
        self.date = date
    }
}
