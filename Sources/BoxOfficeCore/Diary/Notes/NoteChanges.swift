public import Foundation

/// Changes to a note; `nil` / ``NoteFieldChange/keep`` leave a field as it is. The movie never changes.
public struct NoteChanges: Sendable, Hashable {
    public var title: String?
    public var watchedOn: CalendarDate?
    public var memo: String?
    public var rating: NoteFieldChange<StarRating>
    public var categoryId: NoteFieldChange<UUID>
    public var place: NoteFieldChange<DiaryPlace>

    public init(
        title: String? = nil, watchedOn: CalendarDate? = nil, memo: String? = nil,
        rating: NoteFieldChange<StarRating> = .keep,
        categoryId: NoteFieldChange<UUID> = .keep, place: NoteFieldChange<DiaryPlace> = .keep
    ) {
        self.title = title
        self.watchedOn = watchedOn
        self.memo = memo
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
    }
}

/// A change to an optional field: leave it, set it, or clear it.
public enum NoteFieldChange<Value: Sendable & Hashable>: Sendable, Hashable {
    case keep
    case set(Value)
    case clear

    func applied(to value: Value?) -> Value? {
        switch self {
        case .keep: return value
        case .set(let new): return new
        case .clear: return nil
        }
    }
}
