import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// How a chart list is laid out: rows (`list`) or poster cards (`grid`).
enum ChartViewMode: String, Sendable, CaseIterable {
    case list, grid
}

/// The reader's chosen chart layout. `?view=list|grid` wins and is remembered in the `view` cookie
/// for a year; otherwise the cookie decides. A cookie with any other value is ignored (it is only a
/// preference, and it may have been written by an older page script), while a bad `?view=` is a 400
/// like every other bad query parameter.
struct ChartViewPreference: Sendable, Equatable {
    static let parameterName = "view"
    static let cookieName = "view"
    static let cookieMaxAge = 365 * 24 * 60 * 60

    var mode: ChartViewMode
    /// `true` when the mode came from the query: the response then stores it in the cookie.
    var isExplicit: Bool

    init(mode: ChartViewMode = .list, isExplicit: Bool = false) {
        self.mode = mode
        self.isExplicit = isExplicit
    }

    init(request: Request) throws(BoxOfficeError) {
        try self.init(request: request, parameters: request.formParameters)
    }

    /// The same, with the request's query already decoded (a chart page decodes it once).
    init(request: Request, parameters: Parameters) throws(BoxOfficeError) {
        if let text = parameters.nonEmpty(Self.parameterName) {
            guard let mode = ChartViewMode(rawValue: text.lowercased()) else {
                throw .invalid("view", .oneOf(["list", "grid"]), value: text)
            }
            self.init(mode: mode, isExplicit: true)
        } else if let stored = request.cookies[Self.cookieName]?.value, let mode = ChartViewMode(rawValue: stored) {
            self.init(mode: mode)
        } else {
            self.init()
        }
    }

    /// A chart page's response to `request` for `body` (in the encoding asked for, or a `304`), remembering an
    /// explicitly chosen mode. The layout follows the `view` cookie, so the answer varies by `Cookie` (and, as every
    /// page, by `Accept-Language`): a shared cache never hands one reader's layout to another.
    func htmlResponse(_ body: EncodedBody, to request: Request) -> Response {
        var response = body.response(to: request, headers: [.vary: "Cookie"])
        remember(in: &response)
        return response
    }

    /// Remembers an explicitly chosen mode. Not HttpOnly: the page script writes the same cookie when it
    /// switches the layout in place, and the value is no secret.
    private func remember(in response: inout Response) {
        guard isExplicit else { return }
        response.setCookie(
            Cookie(
                name: Self.cookieName, value: mode.rawValue, maxAge: Self.cookieMaxAge, path: "/", httpOnly: false,
                sameSite: .lax))
    }
}

/// One row (list) or card (grid) of a chart list.
struct ChartRowViewModel: Sendable {
    var rank: Int
    var changeSymbol: String
    /// `change-new`, `change-up`, `change-down` or `change-same`: red for new and up, blue for down.
    var changeClass: String
    /// "3위, 2계단 상승".
    var spokenLabel: String
    /// The title to show: KOBIS's English one on English pages when the archive keeps it, else KOBIS's Korean one.
    var title: String
    /// KOBIS's Korean title, shown beside an English ``title``; `nil` when ``title`` is already it.
    var originalTitle: String?
    /// The page script's key for the reader's watchlist marks (`data-movie-code`).
    var movieCode: String
    var movieURL: String
    /// The poster image (an image or an SVG placeholder), shown on grid cards.
    var posterURL: String
    /// "오늘 64,050 / 총 6,252,827".
    var audienceText: String
    /// On the daily chart, the day of run as kobis.or.kr users know it ("3일째" / "day 3"), after the audience.
    var dayOfRunText: String?
    /// "Add to my diary" with the chart day and rank (set by ``ChartListViewModel``; Pages/Diary).
    var diaryURL = ""

    init(entry: ChartEntry, strings: PageStrings, periodLabel: String, englishTitle: String? = nil) {
        rank = entry.rank
        changeSymbol = strings.rankChange(entry.change)
        switch entry.change.tone {
        case .new: changeClass = "change-new"
        case .rise: changeClass = "change-up"
        case .fall: changeClass = "change-down"
        case .steady: changeClass = "change-same"
        }
        spokenLabel = strings.spokenRank(entry.rank, change: entry.change)
        title = englishTitle ?? entry.title
        originalTitle = englishTitle == nil || englishTitle == entry.title ? nil : entry.title
        movieCode = entry.movieCode
        movieURL = "/movies/" + Self.pathSegment(entry.movieCode)
        posterURL = movieURL + "/poster"
        audienceText = strings.audienceLine(periodLabel, audience: entry.audience, total: entry.audienceTotal)
    }

    /// A movie code as one path segment (codes are opaque strings).
    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// The list part of a chart page: the layout switch, the refresh control, and rows or an empty
/// state with a stale notice. The part inside `data-chart-region` is what the page script swaps in
/// place on refresh.
struct ChartListViewModel: Sendable {
    var rows: [ChartRowViewModel]
    var isEmpty: Bool
    var isStale: Bool
    /// Why KOBIS's answer is not shown, after the stale notice and the stored copy's time (empty when unknown).
    var staleWhy = ""
    var fetchedAt: String
    /// `list` or `grid`; also the list's class (`chart-list`, `chart-grid`).
    var viewMode: String
    var isList: Bool
    var isGrid: Bool
    /// The same page with `view=list` / `view=grid`: the switch works without JavaScript.
    var listURL: String
    var gridURL: String
    /// The same page again: a plain reload without JavaScript, an in-place refresh with it.
    var refreshURL: String
    /// The wide screens' table of the same rows.
    var table: ChartTableViewModel
    /// The day's market, on an unfiltered daily chart whose rows pin it.
    var market: MarketSummaryViewModel?
    /// The words of the table and the market.
    var words: ChartTableStrings

    /// `englishTitles` (movie code → KOBIS's English title) are shown on English pages, the Korean title beside.
    init(
        chart: Chart, language: Language, periodLabel: String, viewMode: ChartViewMode, request: Request,
        englishTitles: [String: String] = [:]
    ) {
        let strings = PageStrings.table(for: language)
        let titles = language == .english ? englishTitles : [:]
        rows = chart.entries.map {
            ChartRowViewModel(
                entry: $0, strings: strings, periodLabel: periodLabel, englishTitle: titles[$0.movieCode])
        }
        let lang = Language.explicitParameter(in: request)?.rawValue
        for index in rows.indices {
            rows[index].diaryURL = DiaryChartLinks.url(for: chart.entries[index], in: chart, lang: lang)
        }
        words = ChartTableStrings.table(for: language)
        if chart.kind == .daily {
            for (index, entry) in zip(rows.indices, chart.entries) {
                rows[index].dayOfRunText = words.compactDayOfRun(chart.dayOfRun(of: entry))
            }
        }
        table = ChartTableViewModel(chart: chart, compactRows: rows, words: words)
        market = chart.market.map { MarketSummaryViewModel($0, language: language) }
        isEmpty = rows.isEmpty
        isStale = chart.stale
        staleWhy = chart.staleReason.map { ReasonText(language).upstream($0) } ?? ""
        fetchedAt = chart.fetchedAt.formatted(.iso8601)
        self.viewMode = viewMode.rawValue
        isList = viewMode == .list
        isGrid = viewMode == .grid
        // Only ever a local path: "//host" would make the links leave the site.
        let path = request.uri.path.hasPrefix("//") ? "/" : request.uri.path
        let query = request.formParameters.map { (name: String($0.key), value: Optional(String($0.value))) }
        let others = query.filter { $0.name != ChartViewPreference.parameterName }
        listURL = LinkBuilder.link(path, others + [(name: ChartViewPreference.parameterName, value: "list")])
        gridURL = LinkBuilder.link(path, others + [(name: ChartViewPreference.parameterName, value: "grid")])
        refreshURL = LinkBuilder.link(path, query)
    }
}
