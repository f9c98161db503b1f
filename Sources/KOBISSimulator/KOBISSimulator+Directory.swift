public import KOBIS

// The directory services: movie list, companies, people, common codes. They search the lazily
// built catalog of all films.
extension KOBISSimulator {
    private var catalog: FilmCatalog { catalogCache.catalog(covering: horizon) }

    /// One page of `items` and the total count, for the list services (`curPage`, `itemPerPage`).
    private func page<Item>(_ items: [Item], page: Int?, itemsPerPage: Int?) -> [Item] {
        let size = min(100, max(1, itemsPerPage ?? 10))
        // A huge curPage must not overflow (it would crash simulate-kobis): past the end is an empty page.
        let (start, overflow) = (max(1, page ?? 1) - 1).multipliedReportingOverflow(by: size)
        guard !overflow, start < items.count else { return [] }
        return Array(items[start..<min(items.count, start + size)])
    }

    /// 영화목록: films released up to today plus those opening in the next
    /// ``upcomingWindowDays`` days (개봉예정), latest first, filtered like KOBIS's search.
    /// Names match as case-insensitive substrings, ignoring spaces; `openStartYear`…`openEndYear`
    /// and the production years are inclusive year ranges.
    public func movieList(_ request: MovieListRequest) -> MovieListResultDTO {
        let today = self.today
        let horizon = self.horizon
        let name = request.movieName.map(FilmCatalog.normalize).flatMap { $0.isEmpty ? nil : $0 }
        let director = request.directorName.map(FilmCatalog.normalize).flatMap { $0.isEmpty ? nil : $0 }
        let nationCodes = Set(request.nationCodes.filter { !$0.isEmpty })
        let typeCodes = Set(request.movieTypeCodes.filter { !$0.isEmpty })
        let matches = catalog.entries.filter { entry in
            let film = entry.film
            guard film.openDay <= horizon else { return false }
            let openYear = film.openDate.year
            if let start = request.openStartYear, openYear < start { return false }
            if let end = request.openEndYear, openYear > end { return false }
            if let start = request.productionStartYear, film.productionYear < start { return false }
            if let end = request.productionEndYear, film.productionYear > end { return false }
            if let name, !entry.searchableTitles.contains(where: { $0.contains(name) }) { return false }
            if let director, !entry.searchableDirectors.contains(where: { $0.contains(director) }) { return false }
            if !nationCodes.isEmpty, !nationCodes.contains(entry.profile.nations[0].code) { return false }
            if !typeCodes.isEmpty, !typeCodes.contains(CommonCodes.featureTypeCode) { return false }
            return true
        }
        let movies = page(matches, page: request.page, itemsPerPage: request.itemsPerPage).map {
            $0.profile.listItem(today: today)
        }
        return MovieListResultDTO(totalCount: matches.count, movies: movies)
    }

    /// The films credited to `credits`, released or upcoming, latest first.
    private func filmography(_ credits: [FilmCatalog.Credit], in catalog: FilmCatalog) -> [FilmographyDTO] {
        let horizon = self.horizon
        return credits.compactMap { credit in
            let entry = catalog.entries[credit.entry]
            guard entry.film.openDay <= horizon else { return nil }
            return FilmographyDTO(movieCode: entry.film.code, movieName: entry.profile.title.korean, part: credit.part)
        }
    }

    // MARK: Companies

    /// The most titles a company list row names before it ends with KOBIS's `...총 N편` marker.
    static let companyListFilmographyLimit = 20

    /// 영화사목록, filtered by `companyName` and `ceoName` (substrings). `filmoNames` joins titles with commas,
    /// latest first, and a longer filmography ends after ``companyListFilmographyLimit`` titles with the full
    /// count (``CompanyListItemDTO/filmographyTotal``).
    public func companyList(_ request: CompanyListRequest) -> CompanyListResponseDTO.Result {
        let catalog = self.catalog
        let name = request.companyName.map(FilmCatalog.normalize).flatMap { $0.isEmpty ? nil : $0 }
        let ceo = request.ceoName.map(FilmCatalog.normalize).flatMap { $0.isEmpty ? nil : $0 }
        let matches = FictionalCompany.everyone.filter { company in
            if let name, !FilmCatalog.normalize(company.name).contains(name),
                !FilmCatalog.normalize(company.nameEnglish).contains(name)
            {
                return false
            }
            if let ceo, !FilmCatalog.normalize(company.ceoName).contains(ceo) { return false }
            return true
        }
        let companies = page(matches, page: request.page, itemsPerPage: request.itemsPerPage).map { company in
            let films = filmography(catalog.credits(of: company), in: catalog)
            // As KOBIS does, a long filmography is cut short and ends with the full count ("...총 N편").
            let isCut = films.count > Self.companyListFilmographyLimit
            return CompanyListItemDTO(
                code: company.code, name: company.name, nameEnglish: company.nameEnglish,
                partNames: [company.kind.partName], ceoName: company.ceoName,
                filmographyNames: films.prefix(Self.companyListFilmographyLimit).map(\.movieName),
                filmographyTotal: isCut ? films.count : nil)
        }
        return CompanyListResponseDTO.Result(totalCount: matches.count, companies: companies)
    }

    /// 영화사 상세정보, or `nil` for an unknown code.
    public func companyInfo(code: String) -> CompanyInfoDTO? {
        guard let company = FictionalCompany(code: code) else { return nil }
        let catalog = self.catalog
        let films = filmography(catalog.credits(of: company), in: catalog)
        var parts: [String] = []
        for film in films where !parts.contains(film.part) { parts.append(film.part) }
        return CompanyInfoDTO(
            code: company.code, name: company.name, nameEnglish: company.nameEnglish, ceoName: company.ceoName,
            parts: parts.isEmpty ? [company.kind.partName] : parts, filmography: films)
    }

    // MARK: People

    /// 영화인목록, filtered by `peopleName` and `filmographyName` (substrings).
    public func peopleList(_ request: PeopleListRequest) -> PeopleListResponseDTO.Result {
        let catalog = self.catalog
        let horizon = self.horizon
        let name = request.peopleName.map(FilmCatalog.normalize).flatMap { $0.isEmpty ? nil : $0 }
        let title = request.filmographyName.map(FilmCatalog.normalize).flatMap { $0.isEmpty ? nil : $0 }
        let matches = FictionalPerson.everyone.filter { person in
            if let name, !FilmCatalog.normalize(person.name).contains(name),
                !FilmCatalog.normalize(person.nameEnglish).contains(name)
            {
                return false
            }
            if let title {
                let credits = catalog.credits(of: person)
                let matches = credits.contains { credit in
                    let entry = catalog.entries[credit.entry]
                    return entry.film.openDay <= horizon && entry.searchableTitles[0].contains(title)
                }
                if !matches { return false }
            }
            return true
        }
        let people = page(matches, page: request.page, itemsPerPage: request.itemsPerPage).map { person in
            PeopleListItemDTO(
                code: person.code, name: person.name, nameEnglish: person.nameEnglish,
                representativeRole: person.role.rawValue,
                filmographyNames: filmography(catalog.credits(of: person), in: catalog).map(\.movieName))
        }
        return PeopleListResponseDTO.Result(totalCount: matches.count, people: people)
    }

    /// 영화인 상세정보, or `nil` for an unknown code.
    public func peopleInfo(code: String) -> PeopleInfoDTO? {
        guard let person = FictionalPerson(code: code) else { return nil }
        let catalog = self.catalog
        return PeopleInfoDTO(
            code: person.code, name: person.name, nameEnglish: person.nameEnglish, sex: person.sex,
            representativeRole: person.role.rawValue, homepages: [],
            filmography: filmography(catalog.credits(of: person), in: catalog))
    }

    // MARK: Codes

    /// 공통코드 for `comCode` (`0105000000` wide areas, `2204` nations, `2201` movie types);
    /// empty for other lists.
    public func codeList(_ comCode: String) -> [CommonCodeDTO] {
        CommonCodes.list(comCode) ?? []
    }
}
