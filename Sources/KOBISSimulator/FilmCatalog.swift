import KOBIS

/// An in-memory index of every film from late 2003 through at least 2030, for the searches that
/// must look at all films (movie list, people and company filmographies). Built once, lazily.
final class FilmCatalog: Sendable {
    struct Entry: Sendable {
        let profile: FilmProfile
        /// Korean and English titles, lowercased and without spaces.
        let searchableTitles: [String]
        /// Director names, lowercased and without spaces.
        let searchableDirectors: [String]
        var film: FilmSpec { profile.film }
    }

    /// A film credit: an index into ``entries`` and the part played.
    struct Credit: Sendable {
        let entry: Int
        let part: String
    }

    /// All films, latest opening first (then by code, descending).
    let entries: [Entry]
    /// Credits per person, by ``FictionalPerson/globalIndex``.
    private let creditsByPerson: [[Credit]]
    /// Credits per company, by ``FictionalCompany/globalIndex``.
    private let creditsByCompany: [[Credit]]
    /// The last day (days since epoch) whose films are all included.
    let lastDay: Int

    /// The latest day the catalog always covers: the end of 2030.
    static let standardLastDay = CalendarDate(year: 2030, month: 12, day: 31)!.daysSinceEpoch

    init(throughDay requestedLastDay: Int) {
        let lastDay = max(requestedLastDay, Self.standardLastDay)
        var films: [FilmSpec] = []
        for week in FilmSchedule.firstWeek...FilmSchedule.week(ofDay: lastDay) {
            films += FilmSchedule.films(inWeek: week)
        }
        films.sort { lhs, rhs in lhs.openDay != rhs.openDay ? lhs.openDay > rhs.openDay : lhs.code > rhs.code }
        let entries = films.map { film in
            let profile = FilmProfile(film)
            return Entry(
                profile: profile,
                searchableTitles: [Self.normalize(profile.title.korean), Self.normalize(profile.title.english)],
                searchableDirectors: profile.directors.map { Self.normalize($0.name) })
        }
        var byPerson = [[Credit]](repeating: [], count: FictionalPerson.everyone.count)
        var byCompany = [[Credit]](repeating: [], count: FictionalCompany.everyone.count)
        for (index, entry) in entries.enumerated() {
            let profile = entry.profile
            for director in profile.directors {
                byPerson[director.globalIndex].append(Credit(entry: index, part: "감독"))
            }
            for member in profile.cast {
                byPerson[member.person.globalIndex].append(Credit(entry: index, part: "배우"))
            }
            for member in profile.staff {
                byPerson[member.person.globalIndex].append(Credit(entry: index, part: member.role))
            }
            for credit in profile.companies {
                byCompany[credit.company.globalIndex].append(Credit(entry: index, part: credit.part))
            }
        }
        self.entries = entries
        self.creditsByPerson = byPerson
        self.creditsByCompany = byCompany
        self.lastDay = lastDay
    }

    /// The films `person` is credited on, with their parts.
    func credits(of person: FictionalPerson) -> [Credit] { creditsByPerson[person.globalIndex] }

    /// The films `company` is credited on, with its parts.
    func credits(of company: FictionalCompany) -> [Credit] { creditsByCompany[company.globalIndex] }

    /// Lowercased, with all whitespace removed: how searches compare names.
    static func normalize(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}

/// Builds the ``FilmCatalog`` on first use and shares it between copies of a simulator.
final class FilmCatalogCache: Sendable {
    private let catalog = Locked<FilmCatalog?>(nil)

    /// Whether the catalog has been built (charts and movie info never need it).
    var isBuilt: Bool { catalog.withLock { $0 != nil } }

    /// A catalog that includes every film opening on or before `day`.
    func catalog(covering day: Int) -> FilmCatalog {
        catalog.withLock { current in
            if let current, current.lastDay >= day { return current }
            let built = FilmCatalog(throughDay: day)
            current = built
            return built
        }
    }
}
