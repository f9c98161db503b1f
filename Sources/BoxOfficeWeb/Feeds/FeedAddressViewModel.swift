import BoxOfficeCore
import Foundation

/// The account's feeds page: the public chart feeds, and the person's secret address (made, shown once, rotated or
/// turned off).
struct FeedAddressViewModel: Sendable {
    struct NewAddress: Sendable {
        var alertsURL: String
        var calendarURL: String
        /// The addresses are paths (no `BOXOFFICE_PUBLIC_URL`): the page script completes them with its origin.
        var isRelative: Bool

        init(alertsURL: String, calendarURL: String) {
            self.alertsURL = alertsURL
            self.calendarURL = calendarURL
            isRelative = alertsURL.hasPrefix("/")
        }
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var f: FeedPageStrings
    var nav: DiaryNavViewModel
    var csrf: String
    var flash: String?
    var dailyFeedURL: String
    var weeklyFeedURL: String
    var madeOn: String?
    var newAddress: NewAddress?
    var rotateAction: String
    var revokeAction: String

    init(
        environment: DiaryPageEnvironment, session: DiarySession, createdAt: Date?, flash: String? = nil,
        newAddress: NewAddress? = nil
    ) {
        let f = FeedPageStrings.table(for: environment.language)
        s = environment.strings
        self.f = f
        layout = environment.layout(title: f.title)
        nav = environment.navigation(session, active: .account)
        csrf = session.csrfToken
        self.flash = flash
        dailyFeedURL = environment.link("/feeds/daily.atom")
        weeklyFeedURL = environment.link("/feeds/weekly.atom")
        madeOn = createdAt.map { f.madeOn(DiaryFormatting.minute($0)) }
        self.newAddress = newAddress
        rotateAction = environment.link("/account/feeds/rotate")
        revokeAction = environment.link("/account/feeds/revoke")
    }
}
