import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// A row of `diary_notes`, with the movie snapshot flattened into columns (lists as JSON text).
final class DiaryNoteModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_notes"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @OptionalField(key: "category_id") var categoryID: UUID?
    @Field(key: "movie_code") var movieCode: String
    @Field(key: "title") var title: String
    /// `NoteSort.titleKey(title)`, what title order uses.
    @Field(key: "title_key") var titleKey: String
    /// `YYYY-MM-DD`; text compares in date order.
    @Field(key: "watched_on") var watchedOn: String
    @Field(key: "memo") var memo: String
    /// Half stars, 1–10.
    @OptionalField(key: "rating_halves") var ratingHalves: Int?
    /// `cinema` or `home`.
    @OptionalField(key: "place") var place: String?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date
    @OptionalField(key: "release_year") var releaseYear: Int?
    @Field(key: "title_english") var titleEnglish: String
    /// JSON arrays of strings.
    @Field(key: "genres") var genres: String
    @Field(key: "nations") var nations: String
    @Field(key: "directors") var directors: String
    @OptionalField(key: "chart_date") var chartDate: String?
    @OptionalField(key: "chart_rank") var chartRank: Int?

    init() {}

    init(_ note: DiaryNote, userID: UUID) throws {
        id = note.id
        self.userID = userID
        try update(from: note)
    }

    func update(from note: DiaryNote) throws {
        categoryID = note.categoryId
        movieCode = note.movieCode
        title = note.title
        titleKey = NoteSort.titleKey(note.title)
        watchedOn = note.watchedOn.isoString
        memo = note.memo
        ratingHalves = note.rating?.halves
        place = note.place?.rawValue
        createdAt = note.createdAt
        updatedAt = note.updatedAt
        releaseYear = note.movie.releaseYear
        titleEnglish = note.movie.titleEnglish
        genres = try Self.encodeList(note.movie.genres)
        nations = try Self.encodeList(note.movie.nations)
        directors = try Self.encodeList(note.movie.directors)
        chartDate = note.chartDate?.isoString
        chartRank = note.chartRank
    }

    /// The columns of ``insertValues(_:userID:)``, in order.
    static let insertColumns = [
        "id", "user_id", "category_id", "movie_code", "title", "title_key", "watched_on", "memo", "rating_halves",
        "place",
        "created_at", "updated_at", "release_year", "title_english", "genres", "nations", "directors", "chart_date",
        "chart_rank",
    ]

    /// A row for an SQL `INSERT` of `note`, with the values ``update(from:)`` gives a model (bound as Fluent binds
    /// them, so both paths store the same).
    static func insertValues(_ note: DiaryNote, userID: UUID) throws -> [any SQLExpression] {
        func bind(_ value: (any Encodable & Sendable)?) -> any SQLExpression {
            value.map { SQLBind($0) } ?? SQLLiteral.null
        }
        return [
            bind(note.id), bind(userID), bind(note.categoryId), bind(note.movieCode), bind(note.title),
            bind(NoteSort.titleKey(note.title)), bind(note.watchedOn.isoString), bind(note.memo),
            bind(note.rating?.halves),
            bind(note.place?.rawValue), bind(note.createdAt), bind(note.updatedAt), bind(note.movie.releaseYear),
            bind(note.movie.titleEnglish), bind(try encodeList(note.movie.genres)),
            bind(try encodeList(note.movie.nations)),
            bind(try encodeList(note.movie.directors)), bind(note.chartDate?.isoString), bind(note.chartRank),
        ]
    }

    /// The note in one row of a query on this model, decoded straight from the columns. Listing through Fluent models
    /// reflected over the model's 19 properties for every row (a third of the time of listing 50 notes).
    static func note(from row: any DatabaseOutput, lists decoder: JSONDecoder) throws -> DiaryNote {
        let output = row.qualifiedSchema(space: nil, schema)
        let id = try output.decode(.id, as: UUID.self)
        func value<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T {
            try output.decode(.string(key), as: T.self)
        }
        func optional<T: Decodable>(_ key: String, _ type: T.Type = T.self) throws -> T? {
            try output.decodeNil(.string(key)) ? nil : try output.decode(.string(key), as: T.self)
        }
        func corrupt(_ what: String) -> BoxOfficeError {
            .storage("The stored note \(id.uuidString) is corrupt: \(what).")
        }
        let watchedText: String = try value("watched_on")
        guard let watched = CalendarDate(watchedText) else { throw corrupt("watched_on \"\(watchedText)\"") }
        var rating: StarRating?
        if let halves: Int = try optional("rating_halves") {
            guard let parsed = StarRating(halves: halves) else { throw corrupt("rating \(halves)") }
            rating = parsed
        }
        var place: DiaryPlace?
        if let text: String = try optional("place") {
            guard let parsed = DiaryPlace(rawValue: text) else { throw corrupt("place \"\(text)\"") }
            place = parsed
        }
        var chart: CalendarDate?
        if let text: String = try optional("chart_date") {
            guard let parsed = CalendarDate(text) else { throw corrupt("chart_date \"\(text)\"") }
            chart = parsed
        }
        func list(_ column: String) throws -> [String] {
            let text: String = try value(column)
            guard let values = try? decoder.decode([String].self, from: Data(text.utf8)) else { throw corrupt(column) }
            return values
        }
        return DiaryNote(
            id: id, movieCode: try value("movie_code"), title: try value("title"), watchedOn: watched,
            memo: try value("memo"), rating: rating, categoryId: try optional("category_id"), place: place,
            createdAt: DiaryTime.normalized(try value("created_at", Date.self)),
            updatedAt: DiaryTime.normalized(try value("updated_at", Date.self)),
            movie: MovieSnapshot(
                stored: try optional("release_year"), titleEnglish: try value("title_english"),
                genres: try list("genres"), nations: try list("nations"), directors: try list("directors")),
            chartDate: chart, chartRank: try optional("chart_rank"))
    }

    static func encodeList(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }
}
