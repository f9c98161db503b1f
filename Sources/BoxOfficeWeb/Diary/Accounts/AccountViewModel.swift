import BoxOfficeCore
import Foundation
import Hummingbird

/// The account page: change the password, and the API tokens (create, list, revoke). A new token's
/// secret is shown on the page that created it, once.
struct AccountViewModel: Sendable {
    struct TokenRow: Sendable {
        var name: String
        var createdAt: String
        var lastUsed: String
        var revokeAction: String
        var revokeLabel: String
    }

    struct NewToken: Sendable {
        var name: String
        var secret: String
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var csrf: String
    var username: String
    var memberSince: String
    var flash: String?
    var passwordAction: String
    var passwordErrors: [String]
    var hasPasswordErrors: Bool
    var tokenAction: String
    var deleteAction: String
    var deleteErrors: [String]
    var hasDeleteErrors: Bool
    var exportURL: String
    var tokenErrors: [String]
    var hasTokenErrors: Bool
    var tokenName: String
    var tokens: [TokenRow]
    var hasTokens: Bool
    var newToken: NewToken?
    var passwordMinimum: Int
    var tokenNameLimit: Int
    /// The feeds page: the chart feeds and the person's secret feed and calendar address.
    var feedsURL: String
    var feedsLabel: String
    var webhooksURL: String
    var webhooksLabel: String
    /// What logging a note about a watchlisted film does (set by the controller).
    var removal: WatchlistRemovalViewModel?
    /// The header's link to the administrator's pages, for administrators only (set by the controller).
    var adminLink: AdminLinkViewModel?

    init(
        environment: DiaryPageEnvironment, session: DiarySession, tokens: [DiaryToken], flash: String? = nil,
        passwordErrors: [String] = [], tokenErrors: [String] = [], tokenName: String = "", newToken: NewToken? = nil,
        deleteErrors: [String] = []
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: s.accountTitle)
        nav = environment.navigation(session, active: .account)
        csrf = session.csrfToken
        username = session.user.username
        memberSince = s.memberSince(DiaryFormatting.day(session.user.createdAt))
        self.flash = flash
        passwordAction = environment.link("/account/password")
        self.passwordErrors = passwordErrors
        hasPasswordErrors = !passwordErrors.isEmpty
        tokenAction = environment.link("/account/tokens")
        deleteAction = environment.link("/account/delete")
        self.deleteErrors = deleteErrors
        hasDeleteErrors = !deleteErrors.isEmpty
        exportURL = environment.link("/import-export")
        self.tokenErrors = tokenErrors
        hasTokenErrors = !tokenErrors.isEmpty
        self.tokenName = tokenName
        self.tokens = tokens.map { token in
            TokenRow(
                name: token.name, createdAt: DiaryFormatting.minute(token.createdAt),
                lastUsed: token.lastUsedAt.map(DiaryFormatting.minute) ?? s.never,
                revokeAction: environment.link("/account/tokens/\(token.id.uuidString)/revoke"),
                revokeLabel: s.revokeToken(token.name))
        }
        hasTokens = !tokens.isEmpty
        self.newToken = newToken
        passwordMinimum = DiaryValidation.passwordMinimumCharacters
        tokenNameLimit = DiaryValidation.tokenNameLimit
        feedsURL = environment.link("/account/feeds")
        feedsLabel = FeedPageStrings.table(for: environment.language).title
        webhooksURL = environment.link("/account/webhooks")
        webhooksLabel = WebhookPageStrings.table(for: environment.language).title
    }
}
