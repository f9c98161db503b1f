import BoxOfficeCore

/// The words of the account's webhooks page, in Korean (the default) and English.
struct WebhookPageStrings: Sendable {
    let isEnglish: Bool
    let title, intro, none, urlLabel, urlHint, eventsLabel, formatLabel, create, createdShownOnce, secretLabel: String
    let on, off, turnedOffNotice, test, delete, logTitle, logEmpty, logTime, logState, logStatus, logError: String
    let testQueued, deleted, linkLabel: String

    static let korean = WebhookPageStrings(english: false)
    static let english = WebhookPageStrings(english: true)

    static func table(for language: Language) -> WebhookPageStrings { language == .english ? english : korean }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        title = t("웹훅", "Webhooks")
        intro = t(
            "보고 싶은 영화의 알림을 다른 서비스(Discord, Slack, ntfy 등)로 보냅니다. 요청마다 비밀 키로 만든 "
                + "X-BoxOffice-Signature 서명이 붙습니다.",
            "Sends the alerts of films you want to see to another service (Discord, Slack, ntfy, …). Each request "
                + "carries an X-BoxOffice-Signature made with the hook's secret.")
        none = t("아직 웹훅이 없습니다.", "You have no webhooks yet.")
        urlLabel = t("URL", "URL")
        urlHint = t(
            "공개된 http 또는 https 주소만 쓸 수 있습니다.", "Only public http or https addresses can be used.")
        eventsLabel = t("보낼 알림", "Alerts to send")
        formatLabel = t("형식", "Format")
        create = t("웹훅 만들기", "Make a webhook")
        createdShownOnce = t(
            "웹훅을 만들었습니다. 서명 비밀 키는 지금 한 번만 보여 드립니다.",
            "The webhook is made. Its signing secret is shown now, once.")
        secretLabel = t("서명 비밀 키", "Signing secret")
        on = t("켜짐", "On")
        off = t("꺼짐", "Off")
        turnedOffNotice = t(
            "연속 10번 보내지 못해 꺼졌습니다. 주소를 확인하고 시험 메시지를 보내 보세요. 성공하면 다시 켜집니다.",
            "Turned off after 10 failed attempts in a row. Check the address and send a test: a success turns it on "
                + "again.")
        test = t("시험 메시지 보내기", "Send a test")
        delete = t("지우기", "Delete")
        logTitle = t("최근 전송 기록", "Recent deliveries")
        logEmpty = t("아직 보낸 것이 없습니다.", "Nothing sent yet.")
        logTime = t("시각", "Time")
        logState = t("상태", "State")
        logStatus = t("HTTP 상태", "HTTP status")
        logError = t("오류", "Error")
        testQueued = t("시험 메시지를 보내는 중입니다. 잠시 뒤 기록을 확인하세요.", "A test is on its way; see the log shortly.")
        deleted = t("웹훅을 지웠습니다.", "The webhook is deleted.")
        linkLabel = t("웹훅", "Webhooks")
    }

    func state(_ state: WebhookDelivery.State, attempts: Int) -> String {
        switch state {
        case .pending: return isEnglish ? "waiting (\(attempts) tried)" : "기다리는 중 (\(attempts)번 시도)"
        case .delivered: return isEnglish ? "delivered" : "보냄"
        case .failed: return isEnglish ? "failed after \(attempts) tries" : "\(attempts)번 시도 후 실패"
        }
    }

    /// "Send a test" refused: the hook, or the person over all their hooks, had their tests for the hour.
    func testLimit(_ limit: WebhookTestLimitReached) -> String {
        let minutes = max(1, (limit.retryAfterSeconds + 59) / 60)
        switch limit.scope {
        case .hook:
            let perHour = WebhookService.testsPerWindow
            return isEnglish
                ? "A hook can be sent at most \(perHour) tests an hour. Try again in \(minutes) min."
                : "시험 메시지는 웹훅마다 한 시간에 \(perHour)번까지 보낼 수 있습니다. \(minutes)분 뒤에 다시 해 보세요."
        case .person:
            let perHour = WebhookService.testsPerPersonPerWindow
            return isEnglish
                ? "You can send at most \(perHour) tests an hour over all your webhooks. Try again in \(minutes) min."
                : "시험 메시지는 모든 웹훅을 합쳐 한 시간에 \(perHour)번까지 보낼 수 있습니다. \(minutes)분 뒤에 다시 해 보세요."
        }
    }

    /// A delivery log's stored reason in the reader's words. Anything else (a raw error an older version stored)
    /// is shown only as "not delivered".
    func deliveryError(_ stored: String?) -> String {
        guard let stored, !stored.isEmpty else { return "" }
        for prefix in ["answered ", "HTTP "] where stored.hasPrefix(prefix) {
            if let status = Int(stored.dropFirst(prefix.count)), (100...999).contains(status) {
                return isEnglish ? "answered \(status)" : "\(status) 응답"
            }
        }
        switch stored {
        case WebhookFailure.couldNotConnect.summary: return isEnglish ? "could not connect" : "연결할 수 없음"
        case WebhookFailure.timedOut.summary: return isEnglish ? "timed out" : "시간 초과"
        case WebhookFailure.secureConnectionFailed.summary:
            return isEnglish ? "secure connection failed" : "보안 연결 실패"
        case WebhookFailure.turnedOff.summary: return isEnglish ? "the webhook is turned off" : "웹훅이 꺼져 있음"
        case WebhookDispatcher.refusedSummary:
            return isEnglish ? "refused: private or reserved address" : "거부됨: 사설 또는 예약된 주소"
        case "the host has no address": return isEnglish ? "the host has no address" : "호스트의 주소를 찾을 수 없음"
        case "not a valid target": return isEnglish ? "not a valid target" : "쓸 수 없는 주소"
        default: return isEnglish ? "not delivered" : "보내지 못함"
        }
    }

    func alertKind(_ kind: AlertKind) -> String {
        switch kind {
        case .opened: return isEnglish ? "Opened" : "개봉"
        case .back: return isEnglish ? "Back in cinemas" : "재개봉"
        case .top10: return isEnglish ? "In the top 10" : "10위 안"
        case .first: return isEnglish ? "Number 1" : "1위"
        case .million: return isEnglish ? "1,000,000 admissions" : "관객 100만"
        case .tenMillion: return isEnglish ? "10,000,000 admissions" : "관객 1000만"
        case .left: return isEnglish ? "Left the top 10" : "10위 밖으로"
        }
    }
}
