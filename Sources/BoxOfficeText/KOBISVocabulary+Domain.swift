public import BoxOfficeCore

/// The vocabulary applied to the domain values the JSON API sends: the same shapes with their KOBIS words in the
/// table's language. The Korean table returns every value unchanged.
extension KOBISVocabulary {
    /// `movie` with its status, type, nations, genres, grades, company parts and formats in the table's language.
    public func movie(_ movie: Movie) -> Movie {
        guard isEnglish else { return movie }
        var movie = classification(movie)
        movie.grades = names(movie.grades, .grade)
        movie.companies = movie.companies.map { company in
            var company = company
            company.part = name(company.part, .companyPart)
            return company
        }
        movie.showTypes = movie.showTypes.map(showType)
        return movie
    }

    /// A screening format's group and name in the table's language.
    public func showType(_ showType: ShowType) -> ShowType {
        guard isEnglish else { return showType }
        return ShowType(group: name(showType.group, .showType), name: name(showType.name, .showType))
    }

    /// Every hit of a search page in the table's language (see ``summary(_:)``).
    public func searchPage(_ page: MovieSearchPage) -> MovieSearchPage {
        guard isEnglish else { return page }
        var page = page
        page.movies = page.movies.map(summary)
        return page
    }

    /// A search hit with its status, type, nations and genres in the table's language.
    public func summary(_ movie: MovieSummary) -> MovieSummary {
        guard isEnglish else { return movie }
        return classification(movie)
    }

    /// `film` with its status, type, nations and genres in the table's language.
    private func classification<Film: KOBISFilmClassification>(_ film: Film) -> Film {
        var film = film
        film.status = name(film.status, .productionStatus)
        film.type = name(film.type, .movieType)
        film.nations = names(film.nations, .nation)
        film.genres = names(film.genres, .genre)
        return film
    }

    /// A period chart with each film's nation in the table's language.
    public func periodChart(_ chart: PeriodChart) -> PeriodChart {
        guard isEnglish else { return chart }
        var chart = chart
        chart.entries = chart.entries.map { entry in
            var entry = entry
            entry.nation = entry.nation.map { name($0, .nation) }
            return entry
        }
        return chart
    }

    /// Counts by name (a diary's genres or nations) in the table's language: names that meet in one English name
    /// (어드벤처, 어드벤쳐) are added up, and the list is ordered again like the statistics order it: by count, then
    /// name.
    public func namedCounts(_ counts: [DiaryNamedCount], _ kind: Kind) -> [DiaryNamedCount] {
        guard isEnglish else { return counts }
        var merged: [DiaryNamedCount] = []
        for count in counts {
            let shown = name(count.name, kind)
            if let index = merged.firstIndex(where: { $0.name == shown }) {
                merged[index].count += count.count
            } else {
                merged.append(DiaryNamedCount(name: shown, count: count.count))
            }
        }
        return merged.sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }
}

/// What a film's details and a search hit both carry in KOBIS's words: its status, type, nations and genres.
protocol KOBISFilmClassification {
    var status: String { get set }
    var type: String { get set }
    var nations: [String] { get set }
    var genres: [String] { get set }
}

extension Movie: KOBISFilmClassification {}
extension MovieSummary: KOBISFilmClassification {}
