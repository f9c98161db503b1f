import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Gives the films' nations of a store made before English titles were kept the English title of the details the
/// store holds, where KOBIS gave one, at no call; the films it gives one need no look-up for it
/// (``AddMovieNationTitlePending``). Data only, so nothing to revert.
struct FillEnglishTitlesFromDetails: AsyncMigration {
    var name: String { "BoxOfficeStore.FillEnglishTitlesFromDetails" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        let rows = try await sql.raw(
            """
            SELECT n.origin, n.movie_code, m.payload FROM movie_nations n
            JOIN movies m ON m.origin = n.origin AND m.code = n.movie_code
            WHERE n.title_english IS NULL
            """
        ).all()
        for row in rows {
            let payload = try row.decode(column: "payload", as: String.self)
            // A payload this build cannot read is left as it is: its film keeps its Korean title.
            guard let movie = try? JSONDecoder().decode(Movie.self, from: Data(payload.utf8)),
                let title = Movie.keptEnglishTitle(movie.titleEnglish)
            else { continue }
            try await MovieNationModel.fillMissingEnglishTitle(
                title, movieCode: try row.decode(column: "movie_code", as: String.self),
                origin: try row.decode(column: "origin", as: String.self), on: sql)
        }
    }

    func revert(on database: any Database) async throws {}
}
