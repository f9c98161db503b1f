import ArgumentParser
import BoxOfficeCore
import Foundation

/// `boxoffice movie CODE`: a movie's details.
struct MovieCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "movie", abstract: "Show a movie's details.")

    @Argument(help: "The KOBIS movie code, e.g. 20124079.")
    var code: String

    @Option(help: "table or json.")
    var format: DetailFormat = .table

    func run() async throws {
        let output = try await ServiceRunner.run { services in
            let movie = try await services.movies.movie(code: code.trimmingCharacters(in: .whitespaces))
            return format == .json ? try ChartRenderer.json(movie) : MovieRenderer.table(movie)
        }
        Terminal.write(output)
    }
}

/// `boxoffice search TITLE`: find movies.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search movies by title, director and release year.")

    @Argument(help: "Words of the title.")
    var title: String

    @Option(help: "Director's name.")
    var director: String?

    @Option(help: "Release year, YYYY.")
    var year: Int?

    @Option(help: "Result page.")
    var page: Int = 1

    @Option(help: "table or json.")
    var format: DetailFormat = .table

    func run() async throws {
        if let year, !(1900...2100).contains(year) { throw CLIError("--year must be a year such as 2022, got \(year)") }
        if page < 1 { throw CLIError("--page must be 1 or more") }
        let query = MovieSearchQuery(title: title, director: director, year: year, page: page)
        if query.isEmpty { throw CLIError("give a title (or --director / --year) to search for") }
        let output = try await ServiceRunner.run { services in
            let results = try await services.movies.search(query)
            return format == .json ? try ChartRenderer.json(results) : MovieRenderer.table(results)
        }
        Terminal.write(output)
    }
}

/// Movie and search tables.
enum MovieRenderer {
    static func table(_ movie: Movie) -> String {
        var rows: [(String, String)] = [
            ("코드", movie.code), ("제목", movie.title),
        ]
        if !movie.titleEnglish.isEmpty { rows.append(("영문 제목", movie.titleEnglish)) }
        if !movie.titleOriginal.isEmpty { rows.append(("원제", movie.titleOriginal)) }
        if let runtime = movie.runtimeMinutes { rows.append(("상영시간", "\(runtime)분")) }
        if let year = movie.productionYear { rows.append(("제작연도", String(year))) }
        if let open = movie.openDate { rows.append(("개봉일", open.isoString)) }
        if !movie.status.isEmpty { rows.append(("상태", movie.status)) }
        if !movie.nations.isEmpty { rows.append(("국가", movie.nations.joined(separator: ", "))) }
        if !movie.genres.isEmpty { rows.append(("장르", movie.genres.joined(separator: ", "))) }
        if !movie.grades.isEmpty { rows.append(("관람등급", movie.grades.joined(separator: ", "))) }
        if !movie.directors.isEmpty { rows.append(("감독", movie.directors.map(\.name).joined(separator: ", "))) }
        let actors = movie.actors.prefix(8).map { $0.role.isEmpty ? $0.name : "\($0.name) (\($0.role))" }
        if !actors.isEmpty {
            rows.append(
                ("출연", actors.joined(separator: ", ") + (movie.actors.count > 8 ? " 외 \(movie.actors.count - 8)명" : ""))
            )
        }
        if !movie.distributors.isEmpty { rows.append(("배급", movie.distributors.map(\.name).joined(separator: ", "))) }
        if !movie.showTypes.isEmpty {
            rows.append(("상영형태", movie.showTypes.map { "\($0.group) \($0.name)" }.joined(separator: ", ")))
        }
        if movie.source == .sample { rows.append(("출처", "샘플 데이터")) }
        if movie.stale { rows.append(("참고", "KOBIS에 연결할 수 없어 저장된 정보를 표시합니다")) }
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        return rows.map { DisplayWidth.pad($0.0, to: width) + "  " + $0.1 }.joined(separator: "\n") + "\n"
    }

    static func table(_ page: MovieSearchPage) -> String {
        guard !page.movies.isEmpty else { return "검색 결과가 없습니다 (no movies found).\n" }
        let headers = ["코드", "제목", "개봉", "감독", "장르"]
        let rows = page.movies.map { movie in
            [
                movie.code, DisplayWidth.truncate(movie.title, to: 34),
                movie.openDate?.isoString ?? movie.productionYear.map(String.init) ?? "",
                DisplayWidth.truncate(movie.directors.joined(separator: ", "), to: 16), movie.genres.first ?? "",
            ]
        }
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { DisplayWidth.pad($1, to: widths[$0]) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = [line(headers)] + rows.map(line)
        lines.append("\(page.totalCount)편 중 \(page.page)/\(page.pageCount) 페이지")
        return lines.joined(separator: "\n") + "\n"
    }
}
