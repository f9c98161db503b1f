import KOBIS

/// Everything KOBIS tells about a film besides its figures: titles, nations, genres, credits,
/// companies, rating. Derived from the film's seed alone.
struct FilmProfile: Sendable {
    struct CastMember: Sendable {
        let person: FictionalPerson
        let role: String
        let roleEnglish: String
    }

    struct StaffMember: Sendable {
        let person: FictionalPerson
        let role: String
    }

    struct CompanyCredit: Sendable {
        let company: FictionalCompany
        let part: String
    }

    let film: FilmSpec
    let title: FilmTitle
    let nations: [CommonCodes.Nation]
    let genres: [String]
    let directors: [FictionalPerson]
    let cast: [CastMember]
    let staff: [StaffMember]
    let companies: [CompanyCredit]
    let grade: String
    let auditNumber: String
    let runtimeMinutes: Int
    let showTypes: [ShowTypeDTO]

    /// `typeNm`: every simulated film is a feature.
    static let typeName = KOBISWireVocabulary.featureType

    init(_ film: FilmSpec) {
        self.film = film
        title = FilmTitle.title(for: film)
        var random = SeededGenerator(seed: DeterministicHash.hash(.profile, seed: film.seed))

        // Nations and the name pool for credits.
        let pool: FictionalPerson.Pool
        if film.isKorean {
            nations = [CommonCodes.korea]
            pool = .korean
        } else {
            let roll = random.unit()
            let foreign = CommonCodes.foreignNations
            let first =
                roll < 0.6 ? foreign[0] : (roll < 0.75 ? foreign[1] : foreign[random.int(in: 2...(foreign.count - 1))])
            var list = [first]
            if random.chance(0.15) {
                let second = random.pick(foreign)
                if second.code != first.code { list.append(second) }
            }
            nations = list
            pool = first.code == foreign[1].code ? .japanese : .western
        }

        // Genres: a main genre and up to two more.
        let genrePool =
            film.isDiversity
            ? FictionalWords.diversityGenres
            : (film.isKorean ? FictionalWords.koreanGenres : FictionalWords.foreignGenres)
        genres = random.distinctIndices(1 + random.int(in: 0...2), below: genrePool.count).map { genrePool[$0] }

        // Credits. Alphanumeric-code films (late registrations) list no director, as KOBIS sometimes does.
        let isAlphanumeric = film.code.contains("C")
        directors =
            isAlphanumeric
            ? []
            : random.distinctIndices(random.chance(0.08) ? 2 : 1, below: pool.directors.count).map {
                FictionalPerson.person(pool, pool.directors.lowerBound + $0)
            }
        let castCount = film.isDiversity ? random.int(in: 2...4) : random.int(in: 3...7)
        var cast: [CastMember] = []
        for offset in random.distinctIndices(castCount, below: pool.actors.count) {
            let person = FictionalPerson.person(pool, pool.actors.lowerBound + offset)
            let character = FictionalPerson.person(pool, random.int(in: 0...(pool.size - 1)))
            switch pool {
            case .korean:
                cast.append(CastMember(person: person, role: character.name, roleEnglish: ""))
            case .western, .japanese:
                let given = character.name.split(separator: " ").map(String.init)
                let givenEnglish = character.nameEnglish.split(separator: " ").map(String.init)
                let korean = pool == .western ? given.first ?? character.name : given.last ?? character.name
                cast.append(CastMember(person: person, role: korean, roleEnglish: givenEnglish.first ?? ""))
            }
        }
        self.cast = cast
        let roles = random.distinctIndices(random.int(in: 2...5), below: FictionalWords.staffRoles.count)
        staff = roles.map { roleIndex in
            StaffMember(
                person: FictionalPerson.person(
                    pool, pool.staff.lowerBound + random.int(in: 0...(pool.staff.count - 1))),
                role: FictionalWords.staffRoles[roleIndex])
        }

        // Companies: a producer and a distributor for Korean films, an importer and a distributor otherwise.
        let distributor = FictionalCompany(
            kind: .distributor, index: random.int(in: 0...(FictionalCompany.Kind.distributor.count - 1)))
        if film.isKorean {
            let producer = FictionalCompany(
                kind: .producer, index: random.int(in: 0...(FictionalCompany.Kind.producer.count - 1)))
            companies = [
                CompanyCredit(company: producer, part: KOBISWireVocabulary.producerPart),
                CompanyCredit(company: distributor, part: KOBISWireVocabulary.distributorPart),
            ]
        } else {
            let importer = FictionalCompany(
                kind: .importer, index: random.int(in: 0...(FictionalCompany.Kind.importer.count - 1)))
            companies = [
                CompanyCredit(company: importer, part: KOBISWireVocabulary.importerPart),
                CompanyCredit(company: distributor, part: KOBISWireVocabulary.distributorPart),
            ]
        }

        // Rating from the main genre.
        let mainGenre = genres[0]
        let gradeRoll = random.unit()
        switch mainGenre {
        case "애니메이션", "가족", "뮤지컬", "다큐멘터리":
            grade = gradeRoll < 0.7 ? "전체관람가" : "12세이상관람가"
        case "범죄", "공포(호러)", "스릴러":
            grade = gradeRoll < 0.55 ? "15세이상관람가" : "청소년관람불가"
        default:
            grade = gradeRoll < 0.5 ? "12세이상관람가" : (gradeRoll < 0.9 ? "15세이상관람가" : "청소년관람불가")
        }
        let serial = String((film.ordinal * 37 + 11) % 100_000)
        let auditSerial = String(repeating: "0", count: 5 - serial.count) + serial
        auditNumber = "\(film.openDate.year)-\(film.isKorean ? "MF" : "FA")\(auditSerial)"
        runtimeMinutes = film.isDiversity ? random.int(in: 70...125) : random.int(in: 92...152)
        var showTypes = [ShowTypeDTO(group: "2D", name: "디지털")]
        if film.tier == .lead || film.tier == .second {
            if random.chance(0.4) { showTypes.append(ShowTypeDTO(group: "IMAX", name: "IMAX")) }
            if random.chance(0.3) { showTypes.append(ShowTypeDTO(group: "4D", name: "4D")) }
        }
        self.showTypes = showTypes
    }

    /// `prdtStatNm` as of `today`.
    func productionStatus(today: CalendarDate) -> String {
        film.openDate <= today ? KOBISWireVocabulary.releasedStatus : KOBISWireVocabulary.upcomingStatus
    }

    /// The `movieInfo` object of `searchMovieInfo`.
    func movieInfo(today: CalendarDate) -> MovieInfoDTO {
        MovieInfoDTO(
            movieCode: film.code, movieName: title.korean, movieNameEnglish: title.english,
            movieNameOriginal: title.original, runtimeMinutes: runtimeMinutes, productionYear: film.productionYear,
            openDate: film.openDate, productionStatus: productionStatus(today: today), typeName: Self.typeName,
            nations: nations.map { NationDTO(name: $0.koreanName) }, genres: genres.map { GenreDTO(name: $0) },
            directors: directors.map { DirectorDTO(name: $0.name, nameEnglish: $0.nameEnglish) },
            actors: cast.map {
                ActorDTO(
                    name: $0.person.name, nameEnglish: $0.person.nameEnglish, role: $0.role, roleEnglish: $0.roleEnglish
                )
            },
            showTypes: showTypes,
            companies: companies.map {
                MovieCompanyDTO(
                    code: $0.company.code, name: $0.company.name, nameEnglish: $0.company.nameEnglish, part: $0.part)
            },
            audits: [AuditDTO(number: auditNumber, grade: grade)],
            staffs: staff.map { StaffDTO(name: $0.person.name, nameEnglish: $0.person.nameEnglish, role: $0.role) })
    }

    /// A row of `searchMovieList`.
    func listItem(today: CalendarDate) -> MovieListItemDTO {
        MovieListItemDTO(
            movieCode: film.code, movieName: title.korean, movieNameEnglish: title.english,
            productionYear: film.productionYear, openDate: film.openDate, typeName: Self.typeName,
            productionStatus: productionStatus(today: today), nations: nations.map(\.koreanName), genres: genres,
            representativeNation: nations[0].koreanName, representativeGenre: genres[0],
            directors: directors.map { PersonNameDTO(name: $0.name) },
            companies: companies.prefix(1).map { CompanyRefDTO(code: $0.company.code, name: $0.company.name) })
    }
}
