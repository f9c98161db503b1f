public import Foundation

/// How a note list is ordered. Ties are broken by watched date, then creation, then id, so pages never
/// overlap or skip notes.
public struct NoteSort: Hashable, Sendable {
    /// What to sort by.
    public enum Field: String, Sendable, CaseIterable {
        /// When the note was written.
        case created
        /// The day the movie was watched (the default).
        case watchedOn
        /// The movie's release year; notes without one come last.
        case releaseYear
        /// The note's title, by ``NoteSort/titleKey(_:)``.
        case title
        /// The rating; unrated notes come last.
        case rating

        /// The order used when none is given: titles A→Z, everything else newest / highest first.
        public var defaultAscending: Bool { self == .title }
    }

    public var field: Field
    /// Oldest / lowest / A first when true.
    public var ascending: Bool

    public init(_ field: Field = .watchedOn, ascending: Bool? = nil) {
        self.field = field
        self.ascending = ascending ?? field.defaultAscending
    }

    /// Parses `sort` (created, watchedOn, releaseYear, title, rating) and `order` (asc, desc); `nil` means default.
    public init(sort: String?, order: String?) throws(BoxOfficeError) {
        var field = Field.watchedOn
        if let sort, !sort.isEmpty {
            guard let parsed = Field.allCases.first(where: { $0.rawValue.lowercased() == sort.lowercased() }) else {
                throw .invalid("sort", .oneOf(Field.allCases.map(\.rawValue)), value: sort)
            }
            field = parsed
        }
        var ascending: Bool?
        if let order, !order.isEmpty {
            switch order.lowercased() {
            case "asc": ascending = true
            case "desc": ascending = false
            default: throw .invalid("order", .oneOf(["asc", "desc"]), value: order)
            }
        }
        self.init(field, ascending: ascending)
    }

    /// Orders notes exactly as the store does (used by in-memory repositories and exports).
    public func areInIncreasingOrder(_ lhs: DiaryNote, _ rhs: DiaryNote) -> Bool {
        func compare<T: Comparable>(_ a: T?, _ b: T?) -> Bool? {
            // Missing values come last whatever the direction.
            switch (a, b) {
            case (nil, nil): return nil
            case (nil, _): return false
            case (_, nil): return true
            case (let a?, let b?):
                if a == b { return nil }
                return ascending ? a < b : a > b
            }
        }
        let primary: Bool?
        switch field {
        case .created: primary = compare(lhs.createdAt, rhs.createdAt)
        case .watchedOn: primary = compare(lhs.watchedOn, rhs.watchedOn)
        case .releaseYear: primary = compare(lhs.movie.releaseYear, rhs.movie.releaseYear)
        case .title:
            // Keys are NFC, and Swift orders NFC strings by scalar: the store's byte order.
            primary = compare(NoteSort.titleKey(lhs.title), NoteSort.titleKey(rhs.title))
        case .rating: primary = compare(lhs.rating, rhs.rating)
        }
        if let primary { return primary }
        if lhs.watchedOn != rhs.watchedOn { return lhs.watchedOn > rhs.watchedOn }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
        return lhs.id.uuidString < rhs.id.uuidString
    }

    /// What titles are sorted by, compared by code point (byte order of its UTF-8) in the store and here, the
    /// same on every database and locale: NFC (so composed and decomposed Hangul or accents are one title),
    /// Hangul syllables in their dictionary order (the order of their code points), Latin letters without case or
    /// accents (`Été` beside `ete`), and runs of ASCII digits as numbers (`Movie 2` before `Movie 10`): each run
    /// is written without leading zeros after its length in two digits.
    public static func titleKey(_ title: String) -> String {
        var key = ""
        var digits = ""
        func flushDigits() {
            guard !digits.isEmpty else { return }
            var number = Substring(digits.drop { $0 == "0" })
            if number.isEmpty { number = "0" }
            // Runs longer than 99 digits (never in a real title) continue as further runs.
            while !number.isEmpty {
                let part = number.prefix(99)
                key += String(format: "%02d", part.count) + part
                number = number.dropFirst(part.count)
            }
            digits = ""
        }
        for character in title.precomposedStringWithCanonicalMapping {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            flushDigits()
            key += latinBase(character) ?? character.lowercased()
        }
        flushDigits()
        return key
    }

    /// The lower-case ASCII letter of a Latin letter with accents (`É` → `e`), or `nil` for anything else.
    private static func latinBase(_ character: Character) -> String? {
        let scalars = String(character).decomposedStringWithCanonicalMapping.unicodeScalars
        guard let base = scalars.first, base.isASCII, base.properties.isAlphabetic, scalars.count > 1,
            scalars.dropFirst().allSatisfy({ (0x300...0x36F).contains($0.value) })
        else { return nil }
        return String(base).lowercased()
    }
}

/// Which notes a list shows. Every condition given must hold.
public struct NoteFilter: Hashable, Sendable {
    /// The category a list is restricted to.
    public enum CategoryFilter: Hashable, Sendable {
        /// Notes filed under this category.
        case category(UUID)
        /// Notes under no category.
        case uncategorized
    }

    /// Watched in this year.
    public var year: Int?
    /// Movies released in this year.
    public var releaseYear: Int?
    /// Exactly this rating.
    public var rating: StarRating?
    /// At least this rating.
    public var minRating: StarRating?
    public var category: CategoryFilter?
    /// Notes about this movie.
    public var movieCode: String?

    public init(
        year: Int? = nil, releaseYear: Int? = nil, rating: StarRating? = nil, minRating: StarRating? = nil,
        category: CategoryFilter? = nil, movieCode: String? = nil
    ) {
        self.year = year
        self.releaseYear = releaseYear
        self.rating = rating
        self.minRating = minRating
        self.category = category
        self.movieCode = movieCode
    }

    /// No condition.
    public static let none = NoteFilter()

    /// Whether `note` passes (used by in-memory repositories and statistics).
    public func matches(_ note: DiaryNote) -> Bool {
        if let year, note.watchedOn.year != year { return false }
        if let releaseYear, note.movie.releaseYear != releaseYear { return false }
        if let rating, note.rating != rating { return false }
        if let minRating {
            guard let noteRating = note.rating, noteRating >= minRating else { return false }
        }
        switch category {
        case .category(let id)?: if note.categoryId != id { return false }
        case .uncategorized?: if note.categoryId != nil { return false }
        case nil: break
        }
        if let movieCode, note.movieCode != movieCode { return false }
        return true
    }
}

/// A page of notes to list: filter, order and page.
public struct NoteListQuery: Hashable, Sendable {
    public static let defaultPerPage = 50
    public static let maximumPerPage = 200

    public var filter: NoteFilter
    public var sort: NoteSort
    /// From 1.
    public var page: Int
    public var perPage: Int
    /// Where the page begins: just after this place in the list's order (keyset paging, as cheap at the end of a
    /// long list as at its start); `page` is then only reported back. `nil`: by `page`.
    public var cursor: NoteCursor?

    public init(
        filter: NoteFilter = .none, sort: NoteSort = NoteSort(), page: Int = 1, perPage: Int = defaultPerPage,
        cursor: NoteCursor? = nil
    ) {
        self.filter = filter
        self.sort = sort
        self.page = max(1, page)
        self.perPage = min(max(1, perPage), Self.maximumPerPage)
        self.cursor = cursor
    }

    /// Notes to skip before this page.
    public var offset: Int { (page - 1) * perPage }
}
