import KOBIS

/// The numeric identity of one fictional film: everything the audience model needs, derived from
/// the week it opens in and its slot in that week. Titles and credits live in ``FilmProfile``.
struct FilmSpec: Sendable, Hashable {
    /// How a film is pitched, which sets its audience range.
    enum Tier: Sendable, Hashable {
        /// The week's big release.
        case lead
        /// The week's second commercial release.
        case second
        /// A smaller commercial release.
        case regular
        /// A diversity (independent/art) film: `multiMovieYn=Y`.
        case diversity
    }

    /// Weeks since ``FilmSchedule/referenceMonday`` (negative before it).
    let week: Int
    /// Position among the films opening that week (0 is the lead).
    let slot: Int
    /// A hash identifying the film, the root of all its other hashes.
    let seed: UInt64
    let tier: Tier
    /// Korean (`repNationCd=K`) or foreign (`F`).
    let isKorean: Bool
    /// The release day, as days since 1970-01-01.
    let openDay: Int
    /// Audience on an average weekday at opening, before weekday, season and noise factors.
    let popularity: Double
    /// Days for the audience to fall by a factor of e.
    let decayDays: Double
    /// Days in release, counting the opening day; at most ``FilmSchedule/maximumRunDays``.
    let runDays: Int
    /// Days before opening of the first of two preview days (a weekend), or 0 for none.
    let previewLead: Int
    /// The film's base ticket price in KRW.
    let ticketPrice: Int
    let productionYear: Int
    /// `movieCd`: usually `YYYY` + 4 digits, sometimes alphanumeric (`2019C123`).
    let code: String
    /// A re-release (재개봉) of a diversity film: its chart rows carry KOBIS's blank `openDt` (`" "`), as KOBIS
    /// sends for some re-releases. Its movie list and movie info keep the date.
    let isReRelease: Bool

    var isDiversity: Bool { tier == .diversity }
    var openDate: CalendarDate { CalendarDate(daysSinceEpoch: openDay) }
    /// The first day with admissions (a preview day if there are previews).
    var firstShowDay: Int { previewLead > 0 ? openDay - previewLead : openDay }
    /// The last day in release.
    var lastShowDay: Int { openDay + runDays - 1 }
    /// Whether `day` is a preview day.
    func isPreview(_ day: Int) -> Bool {
        previewLead > 0 && day >= openDay - previewLead && day <= openDay - previewLead + 1
    }
    /// Whether the film can have admissions on `day`.
    func isScheduled(on day: Int) -> Bool { (day >= openDay && day <= lastShowDay) || isPreview(day) }
    /// A unique small integer per film: the order of `(week, slot)`.
    var ordinal: Int { (week - FilmSchedule.firstWeek) * FilmSchedule.maximumFilmsPerWeek + slot }
}
