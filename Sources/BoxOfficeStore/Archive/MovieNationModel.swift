import FluentKit
import Foundation

/// A row of `movie_nations`.
final class MovieNationModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "movie_nations"

    @ID(key: .id) var id: UUID?
    @Field(key: "origin") var origin: String
    /// The KOBIS `movieCd`.
    @Field(key: "movie_code") var movieCode: String
    /// The first nation KOBIS lists for the film (`한국`, `미국`, …), or `""` when it lists none.
    @Field(key: "nation") var nation: String
    /// The English title the movie list or the film's details gave (`movieNmEn`), `nil` when none was given
    /// (``AddMovieNationEnglishTitle``).
    @OptionalField(key: "title_english") var titleEnglish: String?
    /// When the nation was last written: period charts cached in memory are rebuilt after it changes.
    @Field(key: "stored_at") var storedAt: Date

    init() {}
}
