public import Foundation

/// A place in a note list's order, just after a note: where the next page begins (keyset paging). Clients see it as
/// an opaque string (``encoded``), valid only for the sort it was made for.
public struct NoteCursor: Hashable, Sendable, Codable {
    /// The order the place belongs to.
    public var sort: NoteSort
    /// The values the order compares, of the note the place follows.
    public var title: String
    public var releaseYear: Int?
    public var rating: StarRating?
    public var watchedOn: CalendarDate
    public var createdAt: Date
    public var id: UUID

    /// Just after `note` in `sort`'s order. Only the values that order compares are kept.
    public init(after note: DiaryNote, sort: NoteSort) {
        self.sort = sort
        title = sort.field == .title ? note.title : ""
        releaseYear = sort.field == .releaseYear ? note.movie.releaseYear : nil
        rating = sort.field == .rating ? note.rating : nil
        watchedOn = note.watchedOn
        createdAt = note.createdAt
        id = note.id
    }

    /// Whether `note` comes after this place in its order.
    public func precedes(_ note: DiaryNote) -> Bool {
        sort.areInIncreasingOrder(position, note)
    }

    /// A note at this place, for comparisons.
    private var position: DiaryNote {
        DiaryNote(
            id: id, movieCode: "", title: title, watchedOn: watchedOn, rating: rating, createdAt: createdAt,
            movie: MovieSnapshot(releaseYear: releaseYear))
    }

    // MARK: - The opaque string

    private struct Wire: Codable {
        var s: String
        var a: Bool
        var t: String?
        var y: Int?
        var r: Int?
        var w: String
        /// Seconds since 2001 (`Date`'s own measure, so the instant comes back exactly).
        var c: Double
        var i: UUID
    }

    /// The cursor as clients pass it back: URL-safe base64 of a small JSON object.
    public var encoded: String {
        let wire = Wire(
            s: sort.field.rawValue, a: sort.ascending, t: sort.field == .title ? title : nil, y: releaseYear,
            r: rating?.halves, w: watchedOn.isoString, c: createdAt.timeIntervalSinceReferenceDate, i: id)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(wire)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor a client passed as `field`; it must have been made for `sort`.
    public init(encoded text: String, sort: NoteSort, field: String = "cursor") throws(BoxOfficeError) {
        let problem = BoxOfficeError.invalid(field, .listCursor, value: text)
        guard let wire = Self.wire(text), let field = NoteSort.Field(rawValue: wire.s), field == sort.field,
            wire.a == sort.ascending, let watchedOn = CalendarDate(wire.w), wire.c.isFinite,
            // Within ±3000 years of 2001: PostgreSQL's driver turns a Date into Int64 µs and traps far past that.
            abs(wire.c) < 1e11
        else { throw problem }
        var rating: StarRating?
        if let halves = wire.r {
            guard let parsed = StarRating(halves: halves) else { throw problem }
            rating = parsed
        }
        self.sort = sort
        title = wire.t ?? ""
        releaseYear = wire.y
        self.rating = rating
        self.watchedOn = watchedOn
        createdAt = Date(timeIntervalSinceReferenceDate: wire.c)
        id = wire.i
    }

    private static func wire(_ text: String) -> Wire? {
        guard text.utf8.count <= 4_096 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return try? JSONDecoder().decode(Wire.self, from: data)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let wire = Self.wire(text), let field = NoteSort.Field(rawValue: wire.s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not a cursor"))
        }
        self = try Self(encoded: text, sort: NoteSort(field, ascending: wire.a))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoded)
    }
}
