import BoxOfficeCore
import Hummingbird

/// An error page: the status, the message and a way onward.
struct ErrorPageViewModel: Sendable {
    var layout: LayoutViewModel
    var statusCode: Int
    var message: String
    /// For server-side failures, the same address again; for bad input, the page without the bad parameters.
    var retryURL: String
    var retryLabel: String

    init(presentation: ErrorPresentation, request: Request, language: Language, isSampleData: Bool) {
        let t = PageStrings.table(for: language)
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: "\(t.errorTitle) \(presentation.status.code)",
            isSampleData: isSampleData, section: Self.section(of: request.uri.path))
        statusCode = presentation.status.code
        message = presentation.message
        let path = request.uri.path
        if presentation.status.code >= 500, path.hasPrefix("/"), !path.hasPrefix("//") {
            retryURL = request.uri.description
            retryLabel = t.retry
        } else if DiaryHeaderLinkViewModel.diaryPaths.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
            // A diary page (a note or category that is not there, a refused form): back to the notes.
            retryURL = LinkBuilder.link("/notes", [("lang", Language.explicitParameter(in: request)?.rawValue)])
            retryLabel = DiaryPageStrings.table(for: language).backToNotes
        } else {
            let explicit = Language.explicitParameter(in: request)?.rawValue
            retryURL = LinkBuilder.link(Self.section(of: path) == .weekly ? "/weekly" : "/daily", [("lang", explicit)])
            retryLabel = t.backToCharts
        }
    }

    private static func section(of path: String) -> LayoutViewModel.Section {
        if path.hasPrefix("/weekly") { return .weekly }
        if path.hasPrefix("/daily") { return .daily }
        return .none
    }
}
