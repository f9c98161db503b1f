import BoxOfficeCore
import BoxOfficeText

/// 천만 전망 on the film page, already in words: what it compares, one sentence per milestone above the film's
/// admissions (shares only with enough films), its rank, and the comparables with their totals. The `movie_run`
/// partial renders it under `outlook`.
struct TenMillionOutlookViewModel: Sendable {
    struct Row: Sendable {
        var title: String
        var titleBeside: String
        var hasTitleBeside: Bool
        var url: String
        var openDate: String
        var audience: String
        /// The total, marked ≥ when it is a floor.
        var final: String
    }

    var intro: String
    var milestones: [String]
    var rank: String
    var notes: [String]
    var dayHeader: String
    var rows: [Row]
    var hasRows: Bool

    /// `englishTitles` lead the comparables' names (the caller passes them for English pages only).
    init(
        _ outlook: TenMillionOutlook, words t: RunWords, language: Language, englishTitles: [String: String] = [:]
    ) {
        let films = outlook.comparables.count
        intro = t.outlookIntro(
            day: outlook.day, audience: outlook.audience, films: films, since: outlook.since, low: outlook.low,
            high: outlook.high, nearest: outlook.nearestRange)
        milestones =
            films == 0
            ? []
            : outlook.milestones.map {
                t.outlookMilestone(
                    $0.threshold, reached: $0.films, of: films, share: outlook.percentages ? $0.share : nil)
            }
        rank = t.outlookRank(outlook.rank, of: outlook.rankedFilms, day: outlook.day)
        notes = films == 0 ? [t.outlookNone] : (outlook.percentages ? [] : [t.outlookFew])
        dayHeader = t.byDay(outlook.day)
        rows = outlook.comparables.map { film in
            let title = LeadingName(
                korean: film.title, english: englishTitles[film.movieCode] ?? "", language: language)
            return Row(
                title: title.name, titleBeside: title.beside ?? "", hasTitleBeside: title.beside != nil,
                url: LinkBuilder.link(
                    "/movies/" + film.movieCode, language == .english ? [("lang", "en")] : []),
                openDate: film.openDate?.isoString ?? "–",
                audience: t.admissions(.exact(Double(film.audience))), final: t.admissions(film.final))
        }
        hasRows = !rows.isEmpty
    }
}
