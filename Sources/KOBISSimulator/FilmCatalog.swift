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
    /// Credits per `peopleCd`.
    let creditsByPerson: [String: [Credit]]
    /// Credits per `companyCd`.
    let creditsByCompany: [String: [Credit]]
    /// The last day (days since epoch) whose films are all included.
    let lastDay: Int

    /// The latest day the catalog always covers: the end of 2030.
    static let standardLastDay = CalendarDate(year: 2030, month: 12, day: 31)!.daysSinceEpoch

    init(throughDay requestedLastDay: Int) {
        let lastDay = max(requestedLastDay, Self.standardLastDay)
        var entries: [Entry] = []
        for week in FilmSchedule.firstWeek...FilmSchedule.week(ofDay: lastDay) {
            for film in FilmSchedule.films(inWeek: week) {
                let profile = FilmProfile(film)
                entries.append(
                    Entry(
                        profile: profile,
                        searchableTitles: [Self.normalize(profile.title.korean), Self.normalize(profile.title.english)],
                        searchableDirectors: profile.directors.map { Self.normalize($0.name) }))
            }
        }
        entries.sort { lhs, rhs in
            lhs.film.openDay != rhs.film.openDay ? lhs.film.openDay > rhs.film.openDay : lhs.film.code > rhs.film.code
        }
        var byPerson: [String: [Credit]] = [:]
        var byCompany: [String: [Credit]] = [:]
        for (index, entry) in entries.enumerated() {
            for credit in entry.profile.credits {
                byPerson[credit.person.code, default: []].append(Credit(entry: index, part: credit.part))
            }
            for credit in entry.profile.companies {
                byCompany[credit.company.code, default: []].append(Credit(entry: index, part: credit.part))
            }
        }
        self.entries = entries
        self.creditsByPerson = byPerson
        self.creditsByCompany = byCompany
        self.lastDay = lastDay
    }

    /// Lowercased, with all whitespace removed: how searches compare names.
    static func normalize(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}

/// Builds the ``FilmCatalog`` on first use and shares it between copies of a simulator.
final class FilmCatalogCache: Sendable {
    private let catalog = LockedValue<FilmCatalog?>(nil)

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
