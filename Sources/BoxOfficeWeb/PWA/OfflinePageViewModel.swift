import BoxOfficeCore
import Hummingbird

/// `/offline`: what the service worker shows for a page it has never saved while there is no connection.
struct OfflinePageViewModel: Sendable {
    var layout: LayoutViewModel
    var s: AppShellStrings
    var retryURL: String

    init(request: Request, isSampleData: Bool) {
        let language = Language(request: request)
        s = AppShellStrings.table(for: language)
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: s.offlineTitle, isSampleData: isSampleData,
            section: .none)
        retryURL = LinkBuilder.link("/daily", [("lang", Language.explicitParameter(in: request)?.rawValue)])
    }
}
