import FluentKit

/// Adds `movie_nations.title_english`: the English title (`movieNmEn`) the movie-list pages read for the films'
/// nations already carry, kept beside the nation so English chart pages can show it with no call of their own.
/// Nullable, so a database made before keeps its rows as they are: titles arrive with the next nations read, and
/// from the film details the store holds (``FillEnglishTitlesFromDetails``).
struct AddMovieNationEnglishTitle: AsyncMigration {
    var name: String { "BoxOfficeStore.AddMovieNationEnglishTitle" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MovieNationModel.schema).field("title_english", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MovieNationModel.schema).deleteField("title_english").update()
    }
}
