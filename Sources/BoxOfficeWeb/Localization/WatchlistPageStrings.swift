import BoxOfficeCore
import Foundation

/// The watchlist's and notifications' page text, in Korean (the default) and English.
struct WatchlistPageStrings: Sendable {
    let isEnglish: Bool
    let watchlistTitle, notificationsTitle, sortLabel, sortAdded, sortOpenDate, sortTitle: String
    let emptyWatchlist, emptyNotifications, remove, add, openDateLabel, addedLabel, unknownDate: String
    let stateUpcoming, stateShowing, stateLeft, markAllRead, markRead, unreadBadge, listLabel: String

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
            let audience = total.formatted(.number.locale(Locale(identifier: isEnglish ? "en" : "ko")))
            if isEnglish {
                return "#\(rank) on the latest chart" + (days.map { ", day \($0 + 1)" } ?? "")
                    + ", \(audience) admissions"
            }
            return "최근 박스오피스 \(rank)위" + (days.map { " · 개봉 \($0 + 1)일째" } ?? "") + " · 누적 \(audience)명"
        }
    }

    /// An alert in words.
    func alert(_ kind: AlertKind) -> String {
        switch kind {
        case .opened: return isEnglish ? "opened" : "개봉했습니다"
        case .back: return isEnglish ? "is back in cinemas (re-release)" : "재개봉했습니다"
        case .top10: return isEnglish ? "entered the daily top 10" : "일별 박스오피스 10위 안에 들었습니다"
        case .first: return isEnglish ? "is #1 on the daily chart" : "일별 박스오피스 1위에 올랐습니다"
        case .million: return isEnglish ? "passed 1 million admissions" : "누적 관객 100만 명을 넘었습니다"
        case .tenMillion:
            return isEnglish ? "passed 10 million admissions" : "누적 관객 1,000만 명을 넘었습니다"
        case .left: return isEnglish ? "left the daily top 10" : "일별 박스오피스 10위 밖으로 나갔습니다"
        }
    }

    static let korean = WatchlistPageStrings(
        isEnglish: false,
        watchlistTitle: "보고 싶은 영화", notificationsTitle: "알림", sortLabel: "정렬", sortAdded: "추가한 순",
        sortOpenDate: "개봉일 순", sortTitle: "제목 순",
        emptyWatchlist: "아직 보고 싶은 영화가 없습니다. 박스오피스나 영화 페이지에서 추가하세요.",
        emptyNotifications: "알림이 없습니다.", remove: "목록에서 빼기", add: "보고 싶은 영화에 추가",
        openDateLabel: "개봉일", addedLabel: "추가한 날", unknownDate: "미정", stateUpcoming: "개봉 예정",
        stateShowing: "상영 중 (순위 밖)", stateLeft: "박스오피스에서 내려감", markAllRead: "모두 읽음으로 표시",
        markRead: "읽음으로 표시", unreadBadge: "새 알림", listLabel: "목록")

    static let english = WatchlistPageStrings(
        isEnglish: true,
        watchlistTitle: "Watchlist", notificationsTitle: "Notifications", sortLabel: "Sort",
        sortAdded: "Recently added",
        sortOpenDate: "Opening date", sortTitle: "Title",
        emptyWatchlist: "Nothing on your watchlist yet. Add films from the charts or a movie's page.",
        emptyNotifications: "No notifications.", remove: "Remove from watchlist", add: "Add to watchlist",
        openDateLabel: "Opens", addedLabel: "Added", unknownDate: "not set", stateUpcoming: "Upcoming",
        stateShowing: "Showing (not charted)", stateLeft: "Left the chart", markAllRead: "Mark all as read",
        markRead: "Mark as read", unreadBadge: "New", listLabel: "List")
}
