import BoxOfficeCore
import BoxOfficeText
import Foundation

/// The watchlist's and notifications' page text, in Korean (the default) and English.
struct WatchlistPageStrings: Sendable {
    let isEnglish: Bool
    let watchlistTitle, notificationsTitle, sortLabel, sortAdded, sortOpenDate, sortTitle: String
    let emptyWatchlist, emptyNotifications, remove, add, openDateLabel, addedLabel, unknownDate: String
    let stateUpcoming, stateShowing, stateLeft, unreadBadge, listLabel: String
    /// The marks the page script puts on cached pages: the header's alerts link (its count follows the word, the
    /// hidden rest completes what a screen reader says), a listed film's badge, the add/remove toggle, what it says.
    let alertsLink, unreadSuffix, listedBadge, toggleLabel, toggleFailed: String
    /// The account page's choice for a film a note is logged about, and the offer after saving such a note.
    let removalTitle, removalHint, removalAsk, removalAlways, removalNever, removalSave, removalSaved: String
    let offerText, takenOff: String
    /// The notifications page's button (the page script presses it for the reader once the list is shown).
    let markRead: String

    static func table(for language: Language) -> WatchlistPageStrings {
        language == .english ? english : korean
    }

    /// The state of a listed film in words.
    func state(_ state: WatchState) -> String {
        switch state {
        case .upcoming: return stateUpcoming
        case .showing: return stateShowing
        case .left: return stateLeft
        case .charted(let rank, let days, let total):
            let audience = isEnglish ? NumberFormatting.thousands(total) : NumberFormatting.koreanCount(total)
            if isEnglish {
                return "#\(rank) on the latest chart" + (days.map { ", day \($0 + 1)" } ?? "")
                    + ", \(audience) admissions"
            }
            return "최근 박스오피스 \(rank)위" + (days.map { " · 개봉 \($0 + 1)일째" } ?? "") + " · 누적 \(audience)명"
        }
    }

    /// What the toggle's live region says after adding `title` ("{title}" is filled in by the page script).
    var addedAnnouncement: String {
        isEnglish ? "Added to your watchlist: {title}" : "보고 싶은 영화에 추가했습니다: {title}"
    }

    var removedAnnouncement: String {
        isEnglish ? "Taken off your watchlist: {title}" : "보고 싶은 영화에서 뺐습니다: {title}"
    }

    /// The one button offered after logging a note about a listed film.
    func offerButton(_ title: String) -> String {
        isEnglish ? "Take \(title) off my watchlist" : "‘\(title)’ 보고 싶은 영화에서 빼기"
    }

    /// An alert in words, as a headline after the film's title (`기생충 개봉`).
    func alert(_ kind: AlertKind) -> String {
        switch kind {
        case .opened: return isEnglish ? "opened" : "개봉"
        case .back: return isEnglish ? "is back in cinemas (re-release)" : "재개봉"
        case .top10: return isEnglish ? "entered the daily top 10" : "일별 박스오피스 10위 진입"
        case .first: return isEnglish ? "is #1 on the daily chart" : "일별 박스오피스 1위"
        case .million: return isEnglish ? "passed 1 million admissions" : "누적 관객 100만 명 돌파"
        case .tenMillion:
            return isEnglish ? "passed 10 million admissions" : "누적 관객 1000만 명 돌파"
        case .left: return isEnglish ? "left the daily top 10" : "일별 박스오피스 10위 밖으로"
        }
    }

    static let korean = WatchlistPageStrings(
        isEnglish: false,
        watchlistTitle: "보고 싶은 영화", notificationsTitle: "알림", sortLabel: "정렬", sortAdded: "추가한 순",
        sortOpenDate: "개봉일 순", sortTitle: "제목 순",
        emptyWatchlist: "아직 보고 싶은 영화가 없습니다. 박스오피스나 영화 페이지에서 추가하세요.",
        emptyNotifications: "알림이 없습니다.", remove: "목록에서 빼기", add: "보고 싶은 영화에 추가",
        openDateLabel: "개봉일", addedLabel: "추가한 날", unknownDate: "미정", stateUpcoming: "개봉 예정",
        stateShowing: "상영 중 (순위 밖)", stateLeft: "박스오피스에서 내려감", unreadBadge: "새 알림", listLabel: "목록",
        alertsLink: "알림", unreadSuffix: "건 읽지 않음", listedBadge: "보고 싶은 영화",
        toggleLabel: "보고 싶어요", toggleFailed: "보고 싶은 영화를 바꾸지 못했습니다. 잠시 후 다시 시도하세요.",
        removalTitle: "보고 싶은 영화를 기록하면",
        removalHint: "목록에 있는 영화를 일기에 기록했을 때 목록에서 뺄지 고르세요.",
        removalAsk: "뺄지 물어보기", removalAlways: "항상 빼기", removalNever: "그대로 두기", removalSave: "저장",
        removalSaved: "보고 싶은 영화 설정을 저장했습니다.",
        offerText: "이 영화는 보고 싶은 영화 목록에 있습니다.", takenOff: "보고 싶은 영화에서 뺐습니다.",
        markRead: "모두 읽음으로 표시")

    static let english = WatchlistPageStrings(
        isEnglish: true,
        watchlistTitle: "Watchlist", notificationsTitle: "Notifications", sortLabel: "Sort",
        sortAdded: "Recently added",
        sortOpenDate: "Opening date", sortTitle: "Title",
        emptyWatchlist: "Nothing on your watchlist yet. Add films from the charts or a movie's page.",
        emptyNotifications: "No notifications.", remove: "Remove from watchlist", add: "Add to watchlist",
        openDateLabel: "Opens", addedLabel: "Added", unknownDate: "not set", stateUpcoming: "Upcoming",
        stateShowing: "Showing (not charted)", stateLeft: "Left the chart", unreadBadge: "New", listLabel: "List",
        alertsLink: "Alerts", unreadSuffix: " unread", listedBadge: "On my watchlist", toggleLabel: "Want to see",
        toggleFailed: "Your watchlist could not be changed. Try again in a moment.",
        removalTitle: "When you log a film from your watchlist",
        removalHint: "Whether a film comes off your watchlist when you log a note about it.",
        removalAsk: "Ask me", removalAlways: "Always take it off", removalNever: "Leave it on", removalSave: "Save",
        removalSaved: "Your watchlist preference is saved.",
        offerText: "This film is on your watchlist.", takenOff: "Taken off your watchlist.",
        markRead: "Mark all as read")
}
