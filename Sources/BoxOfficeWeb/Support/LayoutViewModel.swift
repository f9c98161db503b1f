import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// What the shared page frame (header, navigation, banners, footer) shows.
struct LayoutViewModel: Sendable {
    enum Section: Sendable { case daily, weekly, period, market, records, none }

    var languageCode: String
    var pageTitle: String
    var t: PageStrings
    var showsSampleBanner: Bool
    var isDailyActive: Bool
    var isWeeklyActive: Bool
    var isPeriodActive: Bool
    var isMarketActive: Bool
    var isRecordsActive: Bool
    var dailyURL: String
    var weeklyURL: String
    var periodURL: String
    var marketURL: String
    var recordsURL: String
    /// The market pages' tab (시장 / Market).
    var marketTab: String
    /// The records pages' tab (기록 / Records).
    var recordsTab: String
    /// The same page in the other language.
    var otherLanguageURL: String
    var search: SearchBoxViewModel
    /// The header's "log in" / "my diary" link (Pages/Diary).
    var diaryLink: DiaryHeaderLinkViewModel
    /// The web app manifest, in this page's language when the address chose it.
    var manifestURL: String

    init(request: Request, language: Language, pageTitle: String, isSampleData: Bool, section: Section) {
        let strings = PageStrings.table(for: language)
        self.languageCode = language.rawValue
        self.pageTitle = pageTitle
        self.t = strings
        self.showsSampleBanner = isSampleData
        self.isDailyActive = section == .daily
        self.isWeeklyActive = section == .weekly
        self.isPeriodActive = section == .period
        self.isMarketActive = section == .market
        self.isRecordsActive = section == .records
        let explicit = Language.explicitParameter(in: request)?.rawValue
        self.dailyURL = LinkBuilder.link("/daily", [("lang", explicit)])
        self.weeklyURL = LinkBuilder.link("/weekly", [("lang", explicit)])
        self.periodURL = LinkBuilder.link("/charts/period", [("lang", explicit)])
        self.marketURL = LinkBuilder.link("/market/years", [("lang", explicit)])
        self.marketTab = MarketStrings.table(for: language).marketTab
        self.recordsURL = LinkBuilder.link("/records/milestones", [("lang", explicit)])
        self.recordsTab = RecordsStrings.table(for: language).recordsTab
        self.manifestURL = LinkBuilder.link("/manifest.webmanifest", [("lang", explicit)])
        // A query refused for its size is not carried into the link (nor decoded again for it).
        var items =
            QueryLimit.isExceeded(by: request)
            ? []
            : request.formParameters
                .filter { $0.key != "lang" }
                .map { (name: String($0.key), value: Optional(String($0.value))) }
        items.append((name: "lang", value: strings.otherLanguageCode))
        let path = request.uri.path.hasPrefix("//") ? "/" : request.uri.path
        self.otherLanguageURL = LinkBuilder.link(path, items)
        self.search = SearchBoxViewModel(language: language, request: request)
        self.diaryLink = DiaryHeaderLinkViewModel(request: request, language: language)
    }
}

/// One `<option>` of a `<select>`.
struct SelectOptionViewModel: Sendable {
    var value: String
    var label: String
    var isSelected: Bool
}

/// The filter form shared by the chart pages.
struct ChartFilterFormViewModel: Sendable {
    var action: String
    var date: String
    var minDate: String
    var maxDate: String
    var nationOptions: [SelectOptionViewModel]
    var multiOptions: [SelectOptionViewModel]
    /// Empty when the region list could not be loaded: the select is then left out.
    var regionOptions: [SelectOptionViewModel]
    var hasRegions: Bool
    /// Hidden inputs that carry state the form does not edit (range, lang).
    var hiddenFields: [HiddenFieldViewModel]

    init(
        action: String, date: CalendarDate, minDate: CalendarDate, maxDate: CalendarDate, filters: ChartFilters,
        regions: [Region], language: Language, hiddenFields: [HiddenFieldViewModel]
    ) {
        let t = PageStrings.table(for: language)
        self.action = action
        self.date = date.isoString
        self.minDate = minDate.isoString
        self.maxDate = maxDate.isoString
        nationOptions = [
            SelectOptionViewModel(value: "", label: t.nationAll, isSelected: filters.nation == nil),
            SelectOptionViewModel(value: "K", label: t.nationKorean, isSelected: filters.nation == .korean),
            SelectOptionViewModel(value: "F", label: t.nationForeign, isSelected: filters.nation == .foreign),
        ]
        multiOptions = [
            SelectOptionViewModel(value: "", label: t.multiAll, isSelected: filters.multiMovie == nil),
            SelectOptionViewModel(value: "N", label: t.multiCommercial, isSelected: filters.multiMovie == .commercial),
            SelectOptionViewModel(value: "Y", label: t.multiDiversity, isSelected: filters.multiMovie == .diversity),
        ]
        if regions.isEmpty {
            regionOptions = []
        } else {
            let vocabulary = KOBISVocabulary.table(for: language)
            regionOptions =
                [SelectOptionViewModel(value: "", label: t.regionAll, isSelected: filters.areaCode == nil)]
                + regions.map {
                    SelectOptionViewModel(
                        value: $0.code, label: vocabulary.region($0), isSelected: $0.code == filters.areaCode)
                }
        }
        hasRegions = !regionOptions.isEmpty
        self.hiddenFields = hiddenFields
    }
}

struct HiddenFieldViewModel: Sendable {
    var name: String
    var value: String
}
