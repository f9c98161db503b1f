import BoxOfficeCore
import Hummingbird

/// What a page with a string table of its own (the diary's, the administrator's) is built from: the request's
/// language, the strings, the page frame, and links that keep an explicit `?lang=` across pages.
struct PageEnvironment<Strings: Sendable>: Sendable {
    let language: Language
    let strings: Strings
    /// `en`/`ko` when the address chose the language (`?lang=`), so links and redirects carry it on.
    let explicitLanguage: String?
    let isSampleData: Bool
    let request: Request
    let today: CalendarDate

    init(request: Request, site: PageSite, strings table: (Language) -> Strings) {
        self.request = request
        language = Language(request: request)
        strings = table(language)
        explicitLanguage = Language.explicitParameter(in: request)?.rawValue
        isSampleData = site.isSampleData
        today = site.calendar.today
    }

    /// `path?items…&lang=…`, absent values dropped.
    func link(_ path: String, _ items: [(name: String, value: String?)] = []) -> String {
        LinkBuilder.link(path, items + [(name: "lang", value: explicitLanguage)])
    }

    /// The shared page frame with `title`.
    func layout(title: String) -> LayoutViewModel {
        LayoutViewModel(
            request: request, language: language, pageTitle: title, isSampleData: isSampleData, section: .none)
    }

    /// A `303 See Other` to `path` (with the language carried on): the answer to every successful form post.
    func redirect(_ path: String, _ items: [(name: String, value: String?)] = []) -> Response {
        .redirect(to: link(path, items), type: .normal)
    }
}
