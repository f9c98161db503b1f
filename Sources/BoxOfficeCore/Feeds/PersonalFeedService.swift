import Foundation

/// What a person's secret address serves: their alerts (newest first) and their calendar (the opening days of the
/// films on their watchlist, and the days they watched films). Every read starts from the secret: an unknown or
/// revoked one finds nobody.
public struct PersonalFeedService: Sendable {
    /// The most alerts a feed lists.
    public static let alertLimit = 100
    /// The most notes a calendar lists, the ones watched last: a calendar app shows the weeks around now, and reading a
    /// whole diary of 46,000 notes cost 2 s of CPU on every refresh of an address that needs no log-in.
    public static let watchedLimit = 1_000

    private let addresses: FeedAddressService
    private let notifications: any AlertRepository
    private let watchlist: any WatchlistRepository
    private let notes: any DiaryNoteRepository

    public init(
        addresses: FeedAddressService, notifications: any AlertRepository,
        watchlist: any WatchlistRepository, notes: any DiaryNoteRepository
    ) {
        self.addresses = addresses
        self.notifications = notifications
        self.watchlist = watchlist
        self.notes = notes
    }

    /// The person's label (``FeedAddressService/label(for:)``) and their alerts, newest first; `nil` when the secret
    /// belongs to nobody.
    public func alerts(secret: String) async throws -> (label: String, alerts: [Alert])? {
        guard let userID = try await addresses.owner(ofSecret: secret) else { return nil }
        return (
            addresses.label(for: userID),
            try await notifications.alerts(userID: userID, unreadOnly: false, limit: Self.alertLimit)
        )
    }

    /// The calendar's sources for the person the secret belongs to (the ``watchedLimit`` notes watched last, by
    /// watched day); `nil` when it belongs to nobody.
    public func calendar(secret: String) async throws -> PersonalCalendar? {
        guard let userID = try await addresses.owner(ofSecret: secret) else { return nil }
        let entries = try await watchlist.entries(userID: userID)
        var watched: [DiaryNote] = []
        var cursor: NoteCursor?
        repeat {
            let page = try await notes.notes(
                userID: userID, query: NoteListQuery(perPage: NoteListQuery.maximumPerPage, cursor: cursor))
            watched += page.notes
            cursor = page.nextCursor
        } while cursor != nil && watched.count < Self.watchedLimit
        watched = Array(watched.prefix(Self.watchedLimit))
        return PersonalCalendar(
            label: addresses.label(for: userID), openings: entries.filter { $0.openDate != nil },
            watched: watched.sorted { ($0.watchedOn, $0.createdAt) < ($1.watchedOn, $1.createdAt) })
    }
}

/// A person's calendar before it is written: the watchlisted films with an opening date, and their diary's notes.
public struct PersonalCalendar: Sendable {
    /// The person's label (``FeedAddressService/label(for:)``).
    public var label: String
    public var openings: [WatchlistEntry]
    public var watched: [DiaryNote]

    /// `open-<movieCode>-<label>@boxoffice`: stable while the film stays on the list, per person (two people's
    /// calendars never share a UID).
    public func openingUID(_ entry: WatchlistEntry) -> String {
        "open-\(entry.movieCode)-\(label)@boxoffice"
    }

    /// `note-<note id>@boxoffice`: stable for the note's life.
    public func noteUID(_ note: DiaryNote) -> String {
        "note-\(note.id.uuidString.lowercased())@boxoffice"
    }
}
