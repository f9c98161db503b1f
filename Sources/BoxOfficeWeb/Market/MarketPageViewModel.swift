import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// A tab of the market pages, or a link that may be the current page.
struct MarketLinkViewModel: Sendable {
    var label: String
    var url: String
    var isCurrent: Bool
}

/// What every market page shows around its own part: the frame, the words, the tabs, the notes and the JSON link.
struct MarketPageViewModel: Sendable {
    var layout: LayoutViewModel
    var m: MarketStrings
    var title: String
    var tabs: [MarketLinkViewModel]
    /// KOBIS counted only part of the screens before 2011.
    var showsEraNote: Bool
    var jsonURL: String
    var hiddenLanguage: String
    var hasHiddenLanguage: Bool

    enum Page: Sendable { case years, days, holidays }

    init(
        page: Page, title: String, source: ChartSource, showsEraNote: Bool, jsonItems: [(name: String, value: String?)],
        language: Language, request: Request
    ) {
        let m = MarketStrings.table(for: language)
        self.m = m
        self.title = title
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: title, isSampleData: source == .sample, section: .market)
        let explicit = Language.explicitParameter(in: request)?.rawValue
        hiddenLanguage = explicit ?? ""
        hasHiddenLanguage = explicit != nil
        tabs = [
            MarketLinkViewModel(
                label: m.yearsTab, url: LinkBuilder.link("/market/years", [("lang", explicit)]),
                isCurrent: page == .years),
            MarketLinkViewModel(
                label: m.daysTab, url: LinkBuilder.link("/market/days", [("lang", explicit)]), isCurrent: page == .days),
            MarketLinkViewModel(
                label: m.holidaysTab, url: LinkBuilder.link("/market/holidays", [("lang", explicit)]),
                isCurrent: page == .holidays),
        ]
        self.showsEraNote = showsEraNote
        let path: String
        switch page {
        case .years: path = "/api/v1/market/years"
        case .days: path = "/api/v1/market/days"
        case .holidays: path = "/api/v1/market/holidays"
        }
        jsonURL = LinkBuilder.link(path, jsonItems)
    }

    /// A link to another page in the page's language.
    func link(_ path: String, _ items: [(name: String, value: String?)]) -> String {
        LinkBuilder.link(path, items + [("lang", hasHiddenLanguage ? hiddenLanguage : nil)])
    }
}
