import FluentKit
import Foundation
import SQLKit

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
    /// The nation was read before English titles were kept and the film has none yet: it is looked up once more
    /// (``AddMovieNationTitlePending``).
    @Field(key: "title_pending") var titlePending: Bool
    /// When the nation was last written: period charts cached in memory are rebuilt after it changes.
    @Field(key: "stored_at") var storedAt: Date

    init() {}
}

extension MovieNationModel {
    /// Gives the film's nation `title` where it has none (a nation read before English titles were kept), which
    /// then needs no look-up for it; a kept title stays.
    static func fillMissingEnglishTitle(
        _ title: String, movieCode: String, origin: String, on sql: any SQLDatabase
    ) async throws {
        try await sql.update(schema)
            .set("title_english", to: SQLBind(title))
            .set("title_pending", to: SQLBind(false))
            .where("origin", .equal, SQLBind(origin))
            .where("movie_code", .equal, SQLBind(movieCode))
            .where("title_english", .is, SQLLiteral.null)
            .run()
    }
}
