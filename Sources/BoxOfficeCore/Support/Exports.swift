// The domain speaks in KOBIS's calendar dates and filter values; re-export them so users of
// BoxOfficeCore need not import the wire client.
@_exported public import struct KOBIS.CalendarDate
@_exported public import enum KOBIS.NationFilter
@_exported public import enum KOBIS.MultiMovieFilter
@_exported public import enum KOBIS.WeeklyRange
