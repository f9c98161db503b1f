public import BoxOfficeCore

extension AppServices {
    /// Films' runs from this instance's archive: no KOBIS call. Cheap to make: it holds only the store's handles.
    public var filmRuns: FilmRunService {
        let origin = configuration.upstreamOrigin
        return FilmRunService(
            repository: database.filmRunRepository(origin: origin),
            movies: database.movieRepository(origin: origin), source: charts.source)
    }
}
