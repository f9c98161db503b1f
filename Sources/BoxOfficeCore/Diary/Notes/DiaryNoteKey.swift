/// A movie and a day: two notes with the same key are exact duplicates (rewatches on other days are not).
public struct DiaryNoteKey: Hashable, Sendable {
    public var movieCode: String
    public var watchedOn: CalendarDate
    public init(movieCode: String, watchedOn: CalendarDate) {
        self.movieCode = movieCode
        self.watchedOn = watchedOn
    }
}
