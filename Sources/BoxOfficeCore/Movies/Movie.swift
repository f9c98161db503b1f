public import Foundation
public import KOBIS

/// A person credited on a movie.
public struct MoviePerson: Codable, Hashable, Sendable {
    public var name: String
    public var nameEnglish: String
    public init(name: String, nameEnglish: String = "") {
        self.name = name
        self.nameEnglish = nameEnglish
    }
}

/// An actor and the role played.
public struct MovieActor: Codable, Hashable, Sendable {
    public var name: String
    public var nameEnglish: String
    public var role: String
    public var roleEnglish: String
    public init(name: String, nameEnglish: String = "", role: String = "", roleEnglish: String = "") {
        self.name = name
        self.nameEnglish = nameEnglish
        self.role = role
        self.roleEnglish = roleEnglish
    }
}

/// A company and its part (제작사, 배급사, …).
public struct MovieCompany: Codable, Hashable, Sendable {
    public var code: String
    public var name: String
    public var nameEnglish: String
    public var part: String
    public init(code: String = "", name: String, nameEnglish: String = "", part: String) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.part = part
    }
    /// 배급사: the distributor.
    public var isDistributor: Bool { part == KOBISWireVocabulary.distributorPart }
}

/// A screening format.
public struct ShowType: Codable, Hashable, Sendable {
    public var group: String
    public var name: String
    public init(group: String, name: String) {
        self.group = group
        self.name = name
    }
}

/// A staff credit.
public struct MovieStaff: Codable, Hashable, Sendable {
    public var name: String
    public var nameEnglish: String
    public var role: String
    public init(name: String, nameEnglish: String = "", role: String) {
        self.name = name
        self.nameEnglish = nameEnglish
        self.role = role
    }
}

/// A movie's details: the JSON of `/api/v1/movies/{code}` and `boxoffice movie`.
public struct Movie: Codable, Hashable, Sendable {
    public var code: String
    public var title: String
    public var titleEnglish: String
    public var titleOriginal: String
    public var runtimeMinutes: Int?
    public var productionYear: Int?
    public var openDate: CalendarDate?
    /// 개봉, 개봉예정, …
    public var status: String
    /// 장편, 단편, …
    public var type: String
    public var nations: [String]
    public var genres: [String]
    public var directors: [MoviePerson]
    public var actors: [MovieActor]
    /// Watch grades (전체관람가, 12세이상관람가, …), in KOBIS's order, without repeats.
    public var grades: [String]
    public var companies: [MovieCompany]
    public var showTypes: [ShowType]
    public var staff: [MovieStaff]
    public var source: ChartSource
    public var stale: Bool
    /// What KOBIS (or the way to it) failed with, when ``stale``. Not part of the movie's JSON.
    public var staleReason: KOBISError? = nil
    public var fetchedAt: Date

    // The JSON is the Contract's: why a copy is stale is said by the surfaces, never written.
    enum CodingKeys: String, CodingKey {
        case code, title, titleEnglish, titleOriginal, runtimeMinutes, productionYear, openDate, status, type, nations
        case genres, directors, actors, grades, companies, showTypes, staff, source, stale, fetchedAt
    }

    public init(
        code: String, title: String, titleEnglish: String = "", titleOriginal: String = "", runtimeMinutes: Int? = nil,
        productionYear: Int? = nil, openDate: CalendarDate? = nil, status: String = "", type: String = "",
        nations: [String] = [], genres: [String] = [], directors: [MoviePerson] = [], actors: [MovieActor] = [],
        grades: [String] = [], companies: [MovieCompany] = [], showTypes: [ShowType] = [], staff: [MovieStaff] = [],
        source: ChartSource, stale: Bool = false, fetchedAt: Date
    ) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.titleOriginal = titleOriginal
        self.runtimeMinutes = runtimeMinutes
        self.productionYear = productionYear
        self.openDate = openDate
        self.status = status
        self.type = type
        self.nations = nations
        self.genres = genres
        self.directors = directors
        self.actors = actors
        self.grades = grades
        self.companies = companies
        self.showTypes = showTypes
        self.staff = staff
        self.source = source
        self.stale = stale
        self.fetchedAt = fetchedAt
    }

    /// The distributors (배급사).
    public var distributors: [MovieCompany] { companies.filter(\.isDistributor) }
}

extension Movie {
    /// An English title as the archive keeps it beside a film's nation: trimmed; nil when blank (KOBIS gives many
    /// films none).
    public static func keptEnglishTitle(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// One search hit.
public struct MovieSummary: Codable, Hashable, Sendable {
    public var code: String
    public var title: String
    public var titleEnglish: String
    public var productionYear: Int?
    public var openDate: CalendarDate?
    public var type: String
    public var status: String
    public var nations: [String]
    public var genres: [String]
    public var directors: [String]

    public init(
        code: String, title: String, titleEnglish: String = "", productionYear: Int? = nil,
        openDate: CalendarDate? = nil,
        type: String = "", status: String = "", nations: [String] = [], genres: [String] = [], directors: [String] = []
    ) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.productionYear = productionYear
        self.openDate = openDate
        self.type = type
        self.status = status
        self.nations = nations
        self.genres = genres
        self.directors = directors
    }
}

/// A movie search: title and/or director, optional release year, a page.
public struct MovieSearchQuery: Hashable, Sendable {
    public var title: String?
    public var director: String?
    public var year: Int?
    public var page: Int
    public var perPage: Int

    public init(title: String? = nil, director: String? = nil, year: Int? = nil, page: Int = 1, perPage: Int = 20) {
        func clean(_ s: String?) -> String? {
            guard let t = s?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
            return t
        }
        self.title = clean(title)
        self.director = clean(director)
        self.year = year
        self.page = max(1, page)
        self.perPage = min(max(1, perPage), 100)
    }

    /// True when there is nothing to search for.
    public var isEmpty: Bool { title == nil && director == nil && year == nil }
    /// A stable key for caching.
    public var key: String {
        "t=\(title ?? "")|d=\(director ?? "")|y=\(year.map(String.init) ?? "")|p=\(page)|n=\(perPage)"
    }
}

/// A page of search results.
public struct MovieSearchPage: Codable, Hashable, Sendable {
    public var totalCount: Int
    public var page: Int
    public var perPage: Int
    public var movies: [MovieSummary]

    public init(totalCount: Int, page: Int, perPage: Int, movies: [MovieSummary]) {
        self.totalCount = totalCount
        self.page = page
        self.perPage = perPage
        self.movies = movies
    }

    public var pageCount: Int { max(1, (totalCount + perPage - 1) / perPage) }
    public var hasNextPage: Bool { page < pageCount }
}

/// A region for the chart's region filter (KOBIS common code `0105000000`).
public struct Region: Codable, Hashable, Sendable {
    public var code: String
    public var koreanName: String
    public var englishName: String
    public init(code: String, koreanName: String, englishName: String) {
        self.code = code
        self.koreanName = koreanName
        self.englishName = englishName
    }
}

/// A film's representative nation as the movie list gives it (`repNationNm`), with its opening date and English
/// title.
public struct ListedMovieNation: Codable, Hashable, Sendable {
    public var code: String
    /// `nil` when KOBIS lists no opening date.
    public var openDate: CalendarDate?
    /// `한국`, `미국`, … (`""` when KOBIS lists none).
    public var representativeNation: String
    /// The English title the list gives (`movieNmEn`, trimmed), `nil` when it gives none.
    public var englishTitle: String?

    public init(code: String, openDate: CalendarDate?, representativeNation: String, englishTitle: String? = nil) {
        self.code = code
        self.openDate = openDate
        self.representativeNation = representativeNation
        self.englishTitle = englishTitle
    }
}

/// One page of the films opening in a year (the movie list unfiltered by nation), with their nations.
public struct MovieNationPage: Codable, Hashable, Sendable {
    public var year: Int
    /// How many films open in `year` (KOBIS's `totCnt`).
    public var totalCount: Int
    public var page: Int
    public var perPage: Int
    public var movies: [ListedMovieNation]

    public init(year: Int, totalCount: Int, page: Int, perPage: Int, movies: [ListedMovieNation]) {
        self.year = year
        self.totalCount = totalCount
        self.page = page
        self.perPage = perPage
        self.movies = movies
    }

    /// Pages of `perPage` that list every film of the year (at least 1).
    public var pageCount: Int { max(1, (totalCount + perPage - 1) / perPage) }
}
