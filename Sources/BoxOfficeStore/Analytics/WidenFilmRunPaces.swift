import FluentKit
import SQLKit

/// Keeps the paces of days of run 61…120 too (``FilmRunPaceRows/days``), so that the 1000만 median line reads kept
/// rows instead of its films' archived days: the stored films' paces are kept again from their charts. Reverting
/// leaves the days 1…60 the table held before.
///
/// The schema before never kept a day past 60. When the table holds one, `CreateFilmRunPaces` has just kept every
/// film's days 1…120 in this upgrade, and walking every film's history again would only write the same rows (a third
/// of upgrading a 22.9-year store from before the analytics).
struct WidenFilmRunPaces: AsyncMigration {
    var name: String { "BoxOfficeStore.WidenFilmRunPaces" }
    /// The last day of run the schema before kept.
    private static let lastDayBefore = 60

    func prepare(on database: any Database) async throws {
        let widened = try await database.requireSQL().raw(
            "SELECT 1 AS widened FROM film_run_paces WHERE day > \(bind: Self.lastDayBefore) LIMIT 1"
        ).first()
        guard widened == nil else { return }
        try await FilmRunPaceRows.fill(on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.requireSQL().raw("DELETE FROM film_run_paces WHERE day > \(bind: Self.lastDayBefore)").run()
    }
}
