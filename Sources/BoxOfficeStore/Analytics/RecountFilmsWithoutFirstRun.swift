import FluentKit
import SQLKit

/// Notes in `film_run_pending` every charted film that has no kept record, so that the next read catches it up
/// (``FilmRecordRows/catchUp(origin:on:)``). The code before it kept no record of a film whose archived days held no
/// first run (every daily row more than 60 days before its open date, or only weekend rows, which now make a first
/// run): such a film was missing from the totals and #1 lists and its page said the archive held no day of it. It
/// now has a record (``FilmRun/Reach/noFirstRun``); every other charted film has one already, so only these are
/// noted.
struct RecountFilmsWithoutFirstRun: AsyncMigration {
    var name: String { "BoxOfficeStore.RecountFilmsWithoutFirstRun" }

    func prepare(on database: any Database) async throws {
        try await database.requireSQL().raw(
            """
            INSERT INTO film_run_pending (origin, movie_code)
            SELECT DISTINCT c.origin, e.movie_code FROM chart_entries e JOIN charts c ON c.id = e.chart_id
            WHERE c.kind IN (\(bind: FilmRecordRows.daily), \(bind: FilmRecordRows.weekend))
              AND c.filter_key = \(bind: FilmRecordRows.unfiltered)
              AND NOT EXISTS (
                SELECT 1 FROM film_runs r WHERE r.origin = c.origin AND r.movie_code = e.movie_code)
              AND NOT EXISTS (
                SELECT 1 FROM film_run_pending p WHERE p.origin = c.origin AND p.movie_code = e.movie_code)
            """
        ).run()
    }

    /// Nothing to undo: a noted film is only worked out again.
    func revert(on database: any Database) async throws {}
}
