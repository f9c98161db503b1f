import FluentKit
import SQLKit

/// Notes every film with an exact crossing in `film_run_milestones` in `film_run_pending`, so that the next read
/// catches its record up (``FilmRecordRows/catchUp(origin:on:)``). The code before it called a crossing exact on the
/// day before the first day a run can place when it could place none (a blank open date, a milestone already passed
/// on the run's first row), or when KOBIS had revised the day before's total; such crossings are now left out, or
/// given as the two days. Only exact crossings could change, so only their films are noted.
struct RecountMilestonesAtRunStart: AsyncMigration {
    var name: String { "BoxOfficeStore.RecountMilestonesAtRunStart" }

    func prepare(on database: any Database) async throws {
        try await database.requireSQL().raw(
            """
            INSERT INTO film_run_pending (origin, movie_code)
            SELECT DISTINCT m.origin, m.movie_code FROM film_run_milestones m
            WHERE m.earliest = m.latest AND NOT EXISTS (
                SELECT 1 FROM film_run_pending p WHERE p.origin = m.origin AND p.movie_code = m.movie_code)
            """
        ).run()
    }

    /// Nothing to undo: a noted film is only worked out again.
    func revert(on database: any Database) async throws {}
}
