import BoxOfficeCore
import BoxOfficeStore

extension AppServices {
    /// Films' runs from this instance's archive: no KOBIS call. One for the instance, so the 1000만 films' median
    /// line is computed once in five minutes.
    static func makeFilmRuns(
        database: BoxOfficeDatabase, origin: String, calendar: BoxOfficeCalendar, source: ChartSource
    ) -> FilmRunService {
        FilmRunService(
            repository: database.filmRunRepository(origin: origin), movies: database.movieRepository(origin: origin),
            records: database.recordsRepository(origin: origin), calendar: calendar, source: source)
    }
}
