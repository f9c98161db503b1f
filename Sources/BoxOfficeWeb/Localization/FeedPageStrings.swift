import BoxOfficeCore

/// The words of the account's feeds page, in Korean (the default) and English.
struct FeedPageStrings: Sendable {
    let isEnglish: Bool
    let title, publicTitle, dailyFeed, weeklyFeed, personalTitle, personalIntro, noAddress, create, rotate: String
    let rotateHint, revoke, shownOnce, alertsLabel, calendarLabel, rotated, revoked: String

    static let korean = FeedPageStrings(english: false)
    static let english = FeedPageStrings(english: true)

    static func table(for language: Language) -> FeedPageStrings { language == .english ? english : korean }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        title = t("피드와 캘린더", "Feeds and calendar")
        publicTitle = t("박스오피스 피드", "Box office feeds")
        dailyFeed = t("일별 박스오피스 (Atom)", "Daily box office (Atom)")
        weeklyFeed = t("주간 박스오피스 (Atom)", "Weekly box office (Atom)")
        personalTitle = t("나만의 주소", "Your personal address")
        personalIntro = t(
            "알림 피드와 캘린더(보고 싶은 영화의 개봉일, 영화를 본 날)를 로그인 없이 구독할 수 있는 비밀 주소입니다. "
                + "주소를 아는 사람은 누구나 볼 수 있으니 공유하지 마세요.",
            "A secret address for your alerts feed and your calendar (opening days of films you want to see, days you "
                + "watched films), for apps that cannot log in. Anyone with the address can read them: do not share it."
        )
        noAddress = t("아직 주소가 없습니다.", "You have no personal address yet.")
        create = t("주소 만들기", "Make an address")
        rotate = t("새 주소 만들기", "Make a new address")
        rotateHint = t(
            "주소는 만들 때 한 번만 보여 드립니다. 새 주소를 만들면 이전 주소는 더 이상 쓸 수 없습니다.",
            "The address is shown once, when it is made. Making a new one stops the old one working.")
        revoke = t("주소 끄기", "Turn the address off")
        shownOnce = t(
            "지금 복사해 두세요. 이 주소는 다시 보여 드리지 않습니다.", "Copy it now: this address is not shown again.")
        alertsLabel = t("알림 피드 (Atom)", "Alerts feed (Atom)")
        calendarLabel = t("캘린더 (iCalendar)", "Calendar (iCalendar)")
        rotated = t("새 주소를 만들었습니다. 이전 주소는 이제 쓸 수 없습니다.", "A new address is made; the old one no longer works.")
        revoked = t("주소를 껐습니다.", "The address is turned off.")
    }

    func madeOn(_ day: String) -> String {
        isEnglish ? "You have an address made on \(day)." : "\(day)에 만든 주소가 있습니다."
    }
}
