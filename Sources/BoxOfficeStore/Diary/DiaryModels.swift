import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `diary_users`.
final class DiaryUserModel: Model, @unchecked Sendable {
    static let schema = "diary_users"

    @ID(key: .id) var id: UUID?
    /// As typed at sign-up.
    @Field(key: "username") var username: String
    /// `DiaryValidation.usernameKey(username)`: unique, so names differing only in case clash.
    @Field(key: "username_key") var usernameKey: String
    /// bcrypt.
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "created_at") var createdAt: Date
    /// Bumped by every import: the update locks the user's row, so one user's imports run one at a time.
    @Field(key: "import_serial") var importSerial: Int

    init() {}

    init(_ user: DiaryUser, usernameKey: String, passwordHash: String) {
        id = user.id
        username = user.username
        self.usernameKey = usernameKey
        self.passwordHash = passwordHash
        createdAt = user.createdAt
        importSerial = 0
    }

    func domain() throws -> DiaryUser {
        DiaryUser(id: try requireID(), username: username, createdAt: DiaryTime.normalized(createdAt))
    }
}

/// A row of `diary_api_tokens`: only the SHA-256 of the secret is kept.
final class DiaryAPITokenModel: Model, @unchecked Sendable {
    static let schema = "diary_api_tokens"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "name") var name: String
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}

    func domain() throws -> DiaryToken {
        DiaryToken(
            id: try requireID(), name: name, createdAt: DiaryTime.normalized(createdAt),
            lastUsedAt: lastUsedAt.map(DiaryTime.normalized))
    }
}

/// A row of `diary_sessions`: only the SHA-256 of the cookie value is kept.
final class DiarySessionModel: Model, @unchecked Sendable {
    static let schema = "diary_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "csrf_token") var csrfToken: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}

/// A row of `diary_login_attempts`: one failed login.
final class DiaryLoginAttemptModel: Model, @unchecked Sendable {
    static let schema = "diary_login_attempts"

    @ID(key: .id) var id: UUID?
    @Field(key: "username_key") var usernameKey: String
    @Field(key: "attempted_at") var attemptedAt: Date

    init() {}
}

/// A row of `diary_categories`.
final class DiaryCategoryModel: Model, @unchecked Sendable {
    static let schema = "diary_categories"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "name") var name: String
    /// `DiaryValidation.categoryKey(name)`: unique per user.
    @Field(key: "name_key") var nameKey: String
    @Field(key: "visible") var visible: Bool
    @Field(key: "position") var position: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    func domain(noteCount: Int) throws -> DiaryCategory {
        DiaryCategory(id: try requireID(), name: name, visible: visible, position: position, noteCount: noteCount)
    }
}

/// A row of `diary_notes`, with the movie snapshot flattened into columns (lists as JSON text).
final class DiaryNoteModel: Model, @unchecked Sendable {
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

    func domain() throws -> DiaryNote {
        let id = try requireID()
        func corrupt(_ what: String) -> BoxOfficeError {
            .storage("The stored note \(id.uuidString) is corrupt: \(what).")
        }
        guard let watched = CalendarDate(watchedOn) else { throw corrupt("watched_on \"\(watchedOn)\"") }
        var rating: StarRating?
        if let ratingHalves {
            guard let value = StarRating(halves: ratingHalves) else { throw corrupt("rating \(ratingHalves)") }
            rating = value
        }
        var notePlace: DiaryPlace?
        if let place {
            guard let value = DiaryPlace(rawValue: place) else { throw corrupt("place \"\(place)\"") }
            notePlace = value
        }
        var chart: CalendarDate?
        if let chartDate {
            guard let value = CalendarDate(chartDate) else { throw corrupt("chart_date \"\(chartDate)\"") }
            chart = value
        }
        func list(_ text: String, _ column: String) throws -> [String] {
            guard let values = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
                throw corrupt(column)
            }
            return values
        }
        return DiaryNote(
            id: id, movieCode: movieCode, title: title, watchedOn: watched, memo: memo, rating: rating,
            categoryId: categoryID, place: notePlace, createdAt: DiaryTime.normalized(createdAt),
            updatedAt: DiaryTime.normalized(updatedAt),
            movie: MovieSnapshot(
                releaseYear: releaseYear, titleEnglish: titleEnglish, genres: try list(genres, "genres"),
                nations: try list(nations, "nations"), directors: try list(directors, "directors")),
            chartDate: chart, chartRank: chartRank)
    }

    static func encodeList(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }
}
