import FluentKit
import SQLKit

/// Keeps the paces of days of run 61…120 too (``FilmRunPaceRows/days``), so that the 1000만 median line reads kept
/// rows instead of its films' archived days: the stored films' paces are kept again from their charts. Reverting
/// leaves the days 1…60 the table held before.
struct WidenFilmRunPaces: AsyncMigration {
    var name: String { "BoxOfficeStore.WidenFilmRunPaces" }

    func prepare(on database: any Database) async throws {
        try await FilmRunPaceRows.fill(on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.requireSQL().raw("DELETE FROM film_run_paces WHERE day > 60").run()
    }
}
