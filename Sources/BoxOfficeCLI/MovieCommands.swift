import ArgumentParser
import BoxOfficeCore
import BoxOfficeText
import Foundation

/// `boxoffice movie CODE`: a movie's details.
struct MovieCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "movie", abstract: HelpLanguage.words("영화의 상세 정보를 보여 줍니다.", "Show a movie's details."))
    }

    @Argument(help: .words("KOBIS 영화 코드 (예: 20124079).", "The KOBIS movie code, e.g. 20124079."))
    var code: String

    @Option(help: .words("table 또는 json.", "table or json."))
    var format: DetailFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        let output = try await ServiceRunner.run(strings) { services in
            let movie = try await services.movies.movie(code: code.trimmingCharacters(in: .whitespaces))
            return format == .json ? try ChartRenderer.json(movie) : MovieRenderer.table(movie, strings: strings)
        }
        Terminal.write(output)
    }
}

/// `boxoffice search TITLE`: find movies.
struct SearchCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search",
            abstract: HelpLanguage.words(
                "제목, 감독, 개봉 연도로 영화를 찾습니다.", "Search movies by title, director and release year."))
    }

    // Optional, as the message for a search with nothing to search by says: `search --year 2024` searches a year.
    @Argument(
        help: .words(
            "제목의 낱말 (--director나 --year만으로도 찾을 수 있습니다).", "Words of the title (--director or --year alone also search)."
        ))
    var title: String = ""

    @Option(help: .words("감독 이름.", "Director's name."))
    var director: String?

    @Option(help: .words("개봉 연도, YYYY.", "Release year, YYYY."))
    var year: String?

    @Option(help: .words("결과 페이지 (기본값: 1).", "Result page (1 by default)."))
    var page: String?

    @Option(help: .words("table 또는 json.", "table or json."))
    var format: DetailFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        let query = try MovieSearchQuery.parsing(title: title, director: director, year: year, page: page)
        if query.isEmpty { throw CLIError(strings.searchNeedsWords) }
        let output = try await ServiceRunner.run(strings) { services in
            let results = try await services.movies.search(query)
            return format == .json ? try ChartRenderer.json(results) : MovieRenderer.table(results, strings: strings)
        }
        Terminal.write(output)
    }
}

/// Movie and search tables. KOBIS's words (status, type, nations, genres, grades, company parts, formats) are in
/// the table's language, and English tables lead with KOBIS's English title and names where it has them; JSON
/// never changes with the language.
enum MovieRenderer {
    static func table(_ movie: Movie, strings s: CLIStrings) -> String {
        let vocabulary = s.vocabulary
        let title = s.leading(movie.title, movie.titleEnglish)
        var rows: [(String, String)] = [(s.codeLabel, movie.code), (s.titleLabel, title.name)]
        if let korean = title.beside {
            rows.append((s.koreanTitleLabel, korean))
        } else if !movie.titleEnglish.isEmpty, movie.titleEnglish != movie.title {
            rows.append((s.englishTitleLabel, movie.titleEnglish))
        }
        if !movie.titleOriginal.isEmpty, movie.titleOriginal != movie.title, movie.titleOriginal != movie.titleEnglish {
            rows.append((s.originalTitleLabel, movie.titleOriginal))
        }
        if let runtime = movie.runtimeMinutes { rows.append((s.runtimeLabel, s.minutes(runtime))) }
        if let year = movie.productionYear { rows.append((s.productionYearLabel, String(year))) }
        if let open = movie.openDate { rows.append((s.openDateLabel, open.isoString)) }
        if !movie.status.isEmpty { rows.append((s.statusLabel, vocabulary.name(movie.status, .productionStatus))) }
        if !movie.type.isEmpty { rows.append((s.typeLabel, vocabulary.name(movie.type, .movieType))) }
        if !movie.nations.isEmpty {
            rows.append((s.nationsLabel, vocabulary.names(movie.nations, .nation).joined(separator: ", ")))
        }
        if !movie.genres.isEmpty {
            rows.append((s.genresLabel, vocabulary.names(movie.genres, .genre).joined(separator: ", ")))
        }
        if !movie.grades.isEmpty {
            rows.append((s.gradesLabel, vocabulary.names(movie.grades, .grade).joined(separator: ", ")))
        }
        if !movie.directors.isEmpty {
            let directors = movie.directors.map { s.person(s.leading($0.name, $0.nameEnglish)) }
            rows.append((s.directorsLabel, directors.joined(separator: ", ")))
        }
        let actors = movie.actors.prefix(8).map { actor in
            s.castMember(
                s.person(s.leading(actor.name, actor.nameEnglish)), role: s.leading(actor.role, actor.roleEnglish).name)
        }
        if !actors.isEmpty {
            let more = movie.actors.count > 8 ? s.moreActors(movie.actors.count - 8) : ""
            rows.append((s.castLabel, actors.joined(separator: ", ") + more))
        }
        rows.append(contentsOf: companyRows(movie.companies, strings: s))
        if !movie.showTypes.isEmpty {
            let formats = movie.showTypes.map(vocabulary.showType).map { "\($0.group) \($0.name)" }
            rows.append((s.showTypesLabel, formats.joined(separator: ", ")))
        }
        if movie.source == .sample { rows.append((s.sourceLabel, s.sampleData)) }
        if movie.stale { rows.append((s.noteLabel, s.stale(s.staleMovie, because: movie.staleReason))) }
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        // KOBIS's text, written as one line each: no newline or escape sequence reaches the terminal.
        return rows.map { DisplayWidth.pad($0.0, to: width) + "  " + Terminal.oneLine($0.1) }.joined(separator: "\n")
            + "\n"
    }

    /// One row per company part (제작사, 배급사, …) in KOBIS's order, its companies' names (English ones in English).
    static func companyRows(_ companies: [MovieCompany], strings s: CLIStrings) -> [(String, String)] {
        var groups: [(part: String, names: [String])] = []
        for company in companies {
            let name = s.leading(company.name, company.nameEnglish).name
            if let index = groups.firstIndex(where: { $0.part == company.part }) {
                if !groups[index].names.contains(name) { groups[index].names.append(name) }
            } else {
                groups.append((company.part, [name]))
            }
        }
        return groups.map { (s.vocabulary.name($0.part, .companyPart), $0.names.joined(separator: ", ")) }
    }

    static func table(_ page: MovieSearchPage, strings s: CLIStrings) -> String {
        let columns: [TextTable.Column] = [
            .left(s.codeLabel), .left(s.titleLabel), .left(s.openedHeader), .left(s.directorHeader),
            .left(s.genreHeader),
        ]
        let rows = page.movies.map { movie in
            [
                movie.code, DisplayWidth.truncate(s.leading(movie.title, movie.titleEnglish).name, to: 34),
                movie.openDate?.isoString ?? movie.productionYear.map(String.init) ?? "",
                DisplayWidth.truncate(movie.directors.joined(separator: ", "), to: 16),
                movie.genres.first.map { s.vocabulary.name($0, .genre) } ?? "",
            ]
        }
        let footer = s.searchPage(total: page.totalCount, page: page.page, pages: page.pageCount)
        return TextTable(columns: columns, rows: rows).rendered(whenEmpty: s.noMoviesFound, footer: [footer])
    }
}
