import BoxOfficeCore
import Hummingbird

/// Everything the movie page shows, already formatted for one language.
struct MovieViewModel: Sendable {
    struct Fact: Sendable {
        var label: String
        var value: String
    }

    struct PersonLink: Sendable {
        var name: String
        var searchURL: String
    }

    struct CastMember: Sendable {
        var name: String
        /// "역 김형사" / "as Detective Kim", empty when KOBIS has no role.
        var role: String
        var hasRole: Bool
    }

    struct CompanyGroup: Sendable {
        var part: String
        var names: String
    }

    var layout: LayoutViewModel
    var m: MoviePageStrings
    var code: String
    var title: String
    /// The English or original title under the heading, when it differs.
    var alternateTitles: [Fact]
    var hasAlternateTitles: Bool
    var posterURL: String
    var posterAlt: String
    var facts: [Fact]
    var directors: [PersonLink]
    var hasDirectors: Bool
    var cast: [CastMember]
    var hasCast: Bool
    var companies: [CompanyGroup]
    var hasCompanies: Bool
    var isStale: Bool
    /// The film's run in the local archive (set by the controller).
    var trend: MovieTrendViewModel?

    init(movie: Movie, language: Language, request: Request) {
        let m = MoviePageStrings.table(for: language)
        self.m = m
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: movie.title, isSampleData: movie.source == .sample,
            section: .none)
        code = movie.code
        title = movie.title
        let explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        let english = language == .english
        func localized(_ name: String, _ nameEnglish: String) -> String {
            english && !nameEnglish.isEmpty ? nameEnglish : name
        }

        var alternates: [Fact] = []
        if !movie.titleEnglish.isEmpty, movie.titleEnglish != movie.title {
            alternates.append(Fact(label: m.englishTitle, value: movie.titleEnglish))
        }
        if !movie.titleOriginal.isEmpty, movie.titleOriginal != movie.title, movie.titleOriginal != movie.titleEnglish {
            alternates.append(Fact(label: m.originalTitle, value: movie.titleOriginal))
        }
        alternateTitles = alternates
        hasAlternateTitles = !alternates.isEmpty
        posterURL = "/movies/\(movie.code)/poster"
        posterAlt = m.poster(of: movie.title)

        var facts: [Fact] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { facts.append(Fact(label: label, value: value)) }
        }
        add(m.openDate, movie.openDate?.isoString)
        add(m.runtime, movie.runtimeMinutes.map(m.minutes))
        add(m.productionYear, movie.productionYear.map(String.init))
        add(m.genres, movie.genres.joined(separator: ", "))
        add(m.nations, movie.nations.joined(separator: ", "))
        add(m.grades, movie.grades.joined(separator: ", "))
        add(m.type, movie.type)
        add(m.status, movie.status)
        add(m.showTypes, Self.showTypeText(movie.showTypes))
        self.facts = facts

        directors = movie.directors.map { person in
            PersonLink(
                name: localized(person.name, person.nameEnglish),
                searchURL: LinkBuilder.link("/movies", [("director", person.name), ("lang", explicitLanguage)]))
        }
        hasDirectors = !directors.isEmpty
        cast = movie.actors.map { actor in
            let role = localized(actor.role, actor.roleEnglish)
            let roleText = role.isEmpty ? "" : m.role(role)
            return CastMember(name: localized(actor.name, actor.nameEnglish), role: roleText, hasRole: !role.isEmpty)
        }
        hasCast = !cast.isEmpty
        var groups: [(part: String, names: [String])] = []
        for company in movie.companies {
            let name = localized(company.name, company.nameEnglish)
            if let index = groups.firstIndex(where: { $0.part == company.part }) {
                if !groups[index].names.contains(name) { groups[index].names.append(name) }
            } else {
                groups.append((company.part, [name]))
            }
        }
        companies = groups.map { CompanyGroup(part: $0.part, names: $0.names.joined(separator: ", ")) }
        hasCompanies = !companies.isEmpty
        isStale = movie.stale
    }

    /// "2D: 필름, 디지털 · 3D: 디지털" — formats grouped as KOBIS lists them.
    static func showTypeText(_ showTypes: [ShowType]) -> String {
        var groups: [(group: String, names: [String])] = []
        for showType in showTypes {
            if let index = groups.firstIndex(where: { $0.group == showType.group }) {
                if !groups[index].names.contains(showType.name) { groups[index].names.append(showType.name) }
            } else {
                groups.append((showType.group, [showType.name]))
            }
        }
        return groups.map { group in
            let names = group.names.filter { !$0.isEmpty }.joined(separator: ", ")
            return names.isEmpty ? group.group : "\(group.group): \(names)"
        }.joined(separator: " · ")
    }
}
