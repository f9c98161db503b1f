public import BoxOfficeCore
public import Foundation

/// An all-day event of a personal calendar (RFC 5545 `VEVENT`): a watchlisted film's opening day, or a day the
/// person watched a film.
public struct ICalendarEvent: Sendable, Hashable {
    /// Stable across requests, so calendar apps update an event instead of adding it again.
    public var uid: String
    /// The day the event fills (`DTSTART`; it ends the next day).
    public var day: CalendarDate
    /// The event's title (`SUMMARY`).
    public var summary: String
    /// More text, when there is any (`DESCRIPTION`).
    public var description: String?
    /// The film's page (`URL`).
    public var url: String?
    /// When the event's source last changed (`DTSTAMP`): stable while nothing changes.
    public var stamp: Date

    /// An event with every field given; `description` and `url` are left out of the document when `nil`.
    public init(
        uid: String, day: CalendarDate, summary: String, description: String? = nil, url: String? = nil, stamp: Date
    ) {
        self.uid = uid
        self.day = day
        self.summary = summary
        self.description = description
        self.url = url
        self.stamp = stamp
    }
}
