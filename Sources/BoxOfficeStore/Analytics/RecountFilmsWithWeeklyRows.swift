import FluentKit
import SQLKit

/// Notes every charted film in `film_run_pending`, so that the next read catches its record up
/// (``FilmRecordRows/catchUp(origin:on:)``). The code before it read a film's daily and weekend rows only: a film out
/// of the daily top 10 but in a week's or a weekday chart lost the totals those rows show (its final, and crossings
/// only they place), and the first run, the open date and the crossings ignored weekend rows. It also gave exact
/// crossings to a film archived first long after an open date before the archive (a classic back in cinemas), and a
/// range to a milestone the film had passed before its first run. Nearly every film is in a weekly chart, so all are
/// noted.
struct RecountFilmsWithWeeklyRows: AsyncMigration {
    var name: String { "BoxOfficeStore.RecountFilmsWithWeeklyRows" }

    func prepare(on database: any Database) async throws {
        try await database.requireSQL().raw(
            """
            INSERT INTO film_run_pending (origin, movie_code)
            SELECT DISTINCT c.origin, e.movie_code FROM chart_entries e JOIN charts c ON c.id = e.chart_id
            WHERE c.kind IN (\(binds: FilmRecordRows.kinds)) AND c.filter_key = \(bind: FilmRecordRows.unfiltered)
              AND NOT EXISTS (
                SELECT 1 FROM film_run_pending p WHERE p.origin = c.origin AND p.movie_code = e.movie_code)
            """
        ).run()
    }

    /// Nothing to undo: a noted film is only worked out again.
    func revert(on database: any Database) async throws {}
}
