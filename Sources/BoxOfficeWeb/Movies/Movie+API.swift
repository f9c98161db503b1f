import BoxOfficeCore

// The document's movie types made from the domain's (their words already in the reader's language).

extension Components.Schemas.Movie {
    init(_ movie: Movie) {
        self.init(
            code: movie.code, title: movie.title, titleEnglish: movie.titleEnglish, titleOriginal: movie.titleOriginal,
            runtimeMinutes: movie.runtimeMinutes, productionYear: movie.productionYear,
            openDate: movie.openDate.map { .init(value1: $0.isoString) }, status: movie.status, _type: movie.type,
            nations: movie.nations, genres: movie.genres,
            directors: movie.directors.map { .init(name: $0.name, nameEnglish: $0.nameEnglish) },
            actors: movie.actors.map {
                .init(name: $0.name, nameEnglish: $0.nameEnglish, role: $0.role, roleEnglish: $0.roleEnglish)
            },
            grades: movie.grades,
            companies: movie.companies.map {
                .init(code: $0.code, name: $0.name, nameEnglish: $0.nameEnglish, part: $0.part)
            },
            showTypes: movie.showTypes.map { .init(group: $0.group, name: $0.name) },
            staff: movie.staff.map { .init(name: $0.name, nameEnglish: $0.nameEnglish, role: $0.role) },
            source: .init(movie.source), stale: movie.stale, fetchedAt: movie.fetchedAt)
    }
}

extension Components.Schemas.MovieSearchPage {
    init(_ page: MovieSearchPage) {
        self.init(
            totalCount: page.totalCount, page: page.page, perPage: page.perPage,
            movies: page.movies.map(Components.Schemas.MovieSummary.init))
    }
}

extension Components.Schemas.MovieSummary {
    init(_ movie: MovieSummary) {
        self.init(
            code: movie.code, title: movie.title, titleEnglish: movie.titleEnglish,
            productionYear: movie.productionYear, openDate: movie.openDate.map { .init(value1: $0.isoString) },
            _type: movie.type, status: movie.status, nations: movie.nations, genres: movie.genres,
            directors: movie.directors)
    }
}
