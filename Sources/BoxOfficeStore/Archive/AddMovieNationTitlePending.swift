import FluentKit
import Foundation
import SQLKit

/// Adds `movie_nations.title_pending`, true for a film whose nation was read before English titles were kept
/// (``AddMovieNationEnglishTitle``) and that has none yet: the keeper and `sync` look such a film up once more, as
/// they do a film without a nation, and the page or details that answer give its title. Without it an upgraded
/// store would show English readers Korean titles for good, since nothing reads those nations again.
///
/// A nation stored after titles were kept is not marked: its title-less row means KOBIS gives the film none.
struct AddMovieNationTitlePending: AsyncMigration {
    var name: String { "BoxOfficeStore.AddMovieNationTitlePending" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MovieNationModel.schema)
            .field("title_pending", .bool, .required, .sql(.default(false)))
            .update()
        // Rows are compared with the time the title column came, as Fluent wrote both (no date function).
        let titlesKeptSince = try await MigrationLog.query(on: database)
            .filter(\.$name == AddMovieNationEnglishTitle().name)
            .first()?.createdAt
        var update = try database.requireSQL().update(MovieNationModel.schema)
            .set("title_pending", to: SQLBind(true))
            .where("title_english", .is, SQLLiteral.null)
        if let titlesKeptSince { update = update.where("stored_at", .lessThan, SQLBind(titlesKeptSince)) }
        try await update.run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MovieNationModel.schema).deleteField("title_pending").update()
    }
}
