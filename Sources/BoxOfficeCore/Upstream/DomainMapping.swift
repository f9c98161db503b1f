public import Foundation
public import KOBIS

/// The one place wire DTOs become domain values.
public enum DomainMapping {
    /// A chart from a daily or weekly box-office result. A film listed twice keeps its higher row only: every sum
    /// over a chart (the market, the Korean share, the shows) counts a film once.
    public static func chart(_ result: BoxOfficeResultDTO, query: ChartQuery, source: ChartSource, fetchedAt: Date)
        -> Chart
    {
        let range: DateRange
        if let shown = result.showRangeDates {
            range = DateRange(start: shown.start, end: shown.end)
        } else {
            range = query.range
        }
        let yearWeek =
            query.kind == .daily ? nil : (result.yearWeekTime ?? BoxOfficeCalendar.isoYearWeek(of: range.start))
        return Chart(
            kind: query.kind, range: range, filters: query.filters, yearWeek: yearWeek, source: source,
            stale: false, fetchedAt: fetchedAt, entries: firstRows(result.entries).map(entry))
    }

    /// The rows in rank order, each film's first only.
    static func firstRows(_ rows: [BoxOfficeEntryDTO]) -> [BoxOfficeEntryDTO] {
        var seen: Set<String> = []
        return rows.sorted { $0.rank < $1.rank }.filter { seen.insert($0.movieCode).inserted }
    }

    /// A chart row from a box-office row.
    public static func entry(_ dto: BoxOfficeEntryDTO) -> ChartEntry {
        ChartEntry(
            rank: dto.rank, change: RankChange(isNew: dto.status == .new, rankDelta: dto.rankDelta),
            movieCode: dto.movieCode, title: dto.movieName, openDate: dto.openDate, audience: dto.audience,
            audienceTotal: dto.audienceTotal, sales: dto.salesAmount,
            salesShare: NSDecimalNumber(decimal: dto.salesShare).doubleValue, salesTotal: dto.salesTotal,
            screens: dto.screens, shows: dto.shows)
    }

    /// Movie details from movie info.
    public static func movie(_ info: MovieInfoDTO, source: ChartSource, fetchedAt: Date) -> Movie {
        var grades: [String] = []
        for audit in info.audits where !audit.grade.isEmpty && !grades.contains(audit.grade) {
            grades.append(audit.grade)
        }
        return Movie(
            code: info.movieCode, title: info.movieName, titleEnglish: info.movieNameEnglish,
            titleOriginal: info.movieNameOriginal, runtimeMinutes: info.runtimeMinutes,
            productionYear: info.productionYear, openDate: info.openDate, status: info.productionStatus,
            type: info.typeName, nations: info.nations.map(\.name).filter { !$0.isEmpty },
            genres: info.genres.map(\.name).filter { !$0.isEmpty },
            directors: info.directors.map { MoviePerson(name: $0.name, nameEnglish: $0.nameEnglish) },
            actors: info.actors.map {
                MovieActor(name: $0.name, nameEnglish: $0.nameEnglish, role: $0.role, roleEnglish: $0.roleEnglish)
            },
            grades: grades,
            companies: info.companies.map {
                MovieCompany(code: $0.code, name: $0.name, nameEnglish: $0.nameEnglish, part: $0.part)
            },
            showTypes: info.showTypes.map { ShowType(group: $0.group, name: $0.name) },
            staff: info.staffs.map { MovieStaff(name: $0.name, nameEnglish: $0.nameEnglish, role: $0.role) },
            source: source, stale: false, fetchedAt: fetchedAt)
    }

    /// A search hit from a movie list row.
    public static func summary(_ item: MovieListItemDTO) -> MovieSummary {
        MovieSummary(
            code: item.movieCode, title: item.movieName, titleEnglish: item.movieNameEnglish,
            productionYear: item.productionYear, openDate: item.openDate, type: item.typeName,
            status: item.productionStatus, nations: item.nations, genres: item.genres,
            directors: item.directors.map(\.name).filter { !$0.isEmpty })
    }

    /// A page of a year's movie list as films, their representative nations (`repNationNm`, trimmed) and English
    /// titles (`movieNmEn`, trimmed; none when blank).
    public static func movieNations(_ result: MovieListResultDTO, year: Int, page: Int, perPage: Int)
        -> MovieNationPage
    {
        MovieNationPage(
            year: year, totalCount: result.totalCount, page: page, perPage: perPage,
            movies: result.movies.map {
                ListedMovieNation(
                    code: $0.movieCode, openDate: $0.openDate,
                    representativeNation: $0.representativeNation.trimmingCharacters(in: .whitespaces),
                    englishTitle: nonBlank($0.movieNameEnglish))
            })
    }

    /// `text` trimmed, or `nil` when nothing is left.
    static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
