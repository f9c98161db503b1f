import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// Everything the movie page shows, already formatted for one language.
struct MovieViewModel: Sendable {
    struct Fact: Sendable {
        var label: String
        var value: String
    }

    struct PersonLink: Sendable {
        var name: String
        /// The Korean name beside an English one (English pages), else `nil`.
        var nameBeside: String?
        var searchURL: String
    }

    struct CastMember: Sendable {
        var name: String
        /// The Korean name beside an English one (English pages), else `nil`.
        var nameBeside: String?
        /// "김형사 역" / "as Detective Kim", empty when KOBIS has no role.
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
    /// The English title on English pages when KOBIS has one, else the Korean title.
    var title: String
    /// The Korean title beside an English heading, else `nil`.
    var titleBeside: String?
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
    /// The stale notice: the stored copy, and why KOBIS's answer is not shown.
    var staleText = ""
    /// The film's run in the local archive (set by the controller).
    var trend: MovieTrendViewModel?
    var run: FilmRunViewModel?

    init(movie: Movie, language: Language, request: Request) {
        let m = MoviePageStrings.table(for: language)
        let vocabulary = KOBISVocabulary.table(for: language)
        self.m = m
        let heading = LeadingName(korean: movie.title, english: movie.titleEnglish, language: language)
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: heading.name, isSampleData: movie.source == .sample,
            section: .none)
        code = movie.code
        title = heading.name
        titleBeside = heading.beside
        let explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        // Roles and company names: English alone where KOBIS has it.
        func localized(_ name: String, _ nameEnglish: String) -> String {
            LeadingName(korean: name, english: nameEnglish, language: language).name
        }

        var alternates: [Fact] = []
        if heading.beside == nil, !movie.titleEnglish.isEmpty, movie.titleEnglish != movie.title {
            alternates.append(Fact(label: m.englishTitle, value: movie.titleEnglish))
        }
        if !movie.titleOriginal.isEmpty, movie.titleOriginal != movie.title, movie.titleOriginal != movie.titleEnglish {
            alternates.append(Fact(label: m.originalTitle, value: movie.titleOriginal))
        }
        alternateTitles = alternates
        hasAlternateTitles = !alternates.isEmpty
        posterURL = "/movies/\(movie.code)/poster"
        posterAlt = m.poster(of: heading.name)

        var facts: [Fact] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { facts.append(Fact(label: label, value: value)) }
        }
        add(m.openDate, movie.openDate?.isoString)
        add(m.runtime, movie.runtimeMinutes.map(m.minutes))
        add(m.productionYear, movie.productionYear.map(String.init))
        add(m.genres, vocabulary.names(movie.genres, .genre).joined(separator: ", "))
        add(m.nations, vocabulary.names(movie.nations, .nation).joined(separator: ", "))
        add(m.grades, vocabulary.names(movie.grades, .grade).joined(separator: ", "))
        add(m.type, movie.type.isEmpty ? nil : vocabulary.name(movie.type, .movieType))
        add(m.status, movie.status.isEmpty ? nil : vocabulary.name(movie.status, .productionStatus))
        add(m.showTypes, Self.showTypeText(movie.showTypes, vocabulary: vocabulary))
        self.facts = facts

        directors = movie.directors.map { person in
            let shown = LeadingName(korean: person.name, english: person.nameEnglish, language: language)
            return PersonLink(
                name: shown.name, nameBeside: shown.beside,
                searchURL: LinkBuilder.link("/movies", [("director", person.name), ("lang", explicitLanguage)]))
        }
        hasDirectors = !directors.isEmpty
        cast = movie.actors.map { actor in
            let shown = LeadingName(korean: actor.name, english: actor.nameEnglish, language: language)
            let role = localized(actor.role, actor.roleEnglish)
            return CastMember(
                name: shown.name, nameBeside: shown.beside, role: role.isEmpty ? "" : m.role(role),
                hasRole: !role.isEmpty)
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
        companies = groups.map {
            CompanyGroup(part: vocabulary.name($0.part, .companyPart), names: $0.names.joined(separator: ", "))
        }
        hasCompanies = !companies.isEmpty
        isStale = movie.stale
        staleText = movie.stale ? ReasonText(language).stale(m.staleMovie, because: movie.staleReason) : ""
    }

    /// "2D: 필름, 디지털 · 3D: 디지털" — formats grouped as KOBIS lists them.
    static func showTypeText(_ showTypes: [ShowType], vocabulary: KOBISVocabulary) -> String {
        var groups: [(group: String, names: [String])] = []
        for showType in showTypes.map(vocabulary.showType) {
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
