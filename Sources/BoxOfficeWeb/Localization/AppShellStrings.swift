import BoxOfficeCore

/// The words of the installed app, in Korean (the default) and English: the manifest's names, the offline page, and
/// what the page script shows (reached from templates as `t.app.…`). `{time}` is filled in by the script.
struct AppShellStrings: Sendable {
    let appName, shortName, description: String
    let offlineTitle, offlineLead, offlineHint, offlineRetry: String
    let offlineSavedAt, updateReady, updateReload: String
    let installHintLabel, iosHint, close: String
    let waitingHeading, waitingOffline, waitingSignedOut, waitingRefused, discard: String
    /// Notes another account wrote on this device: never listed or sent here. `{count}` is filled in by the script.
    let waitingOtherAccount: String

    static let korean = AppShellStrings(english: false)
    static let english = AppShellStrings(english: true)

    static func table(for language: Language) -> AppShellStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        appName = t("박스오피스", "Box Office")
        shortName = t("박스오피스", "Box Office")
        description = t(
            "영화진흥위원회 KOBIS의 일별·주간 박스오피스와 나의 영화 일기.",
            "Korea's daily and weekly box office from KOBIS, and your film diary.")
        offlineTitle = t("오프라인입니다", "You are offline")
        offlineLead = t(
            "이 페이지는 아직 이 기기에 저장되지 않았습니다.", "This page has not been saved on this device yet.")
        offlineHint = t(
            "전에 열어 본 순위표, 영화 페이지와 나의 일기는 연결 없이도 볼 수 있습니다.",
            "Charts, movie pages and your diary that you opened before can be read without a connection.")
        offlineRetry = t("다시 시도", "Try again")
        offlineSavedAt = t("오프라인 — {time}에 저장된 화면입니다.", "Offline — saved at {time}.")
        updateReady = t("새 버전이 있습니다.", "A new version is ready.")
        updateReload = t("새로고침", "Reload")
        installHintLabel = t("앱으로 설치", "Install the app")
        iosHint = t(
            "홈 화면에 추가하려면 공유 버튼을 누른 뒤 ‘홈 화면에 추가’를 고르세요.",
            "To install, tap the Share button, then “Add to Home Screen”.")
        close = t("닫기", "Close")
        waitingHeading = t("보내기를 기다리는 기록", "Notes waiting to be sent")
        waitingOffline = t(
            "이 기기에 저장했습니다. 연결되면 한 번 보냅니다.",
            "Kept on this device; each is sent once when the connection returns.")
        waitingSignedOut = t(
            "로그인이 만료되었습니다. 다시 로그인하면 보냅니다.",
            "Your session has ended; they are sent after you log in again.")
        waitingRefused = t("저장되지 않았습니다(서버가 받지 않은 내용).", "not saved: the server refused it.")
        discard = t("지우기", "Discard")
        waitingOtherAccount = t(
            "이 기기에 다른 계정의 기록 {count}개가 보내기를 기다립니다. 그 계정으로 로그인하면 보냅니다.",
            "Notes waiting for another account on this device: {count}. They are sent when that account logs in.")
    }
}
