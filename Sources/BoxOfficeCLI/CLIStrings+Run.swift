import BoxOfficeCore
import BoxOfficeText

// The words only `boxoffice run` says, in Korean and English (CLIStrings.swift holds the rest); the words it shares
// with the film page are `runWords`, from BoxOfficeText.
extension CLIStrings {
    /// The words of a film's run the CLI shares with the film page.
    var runWords: RunWords { RunWords.table(for: language) }

    func runTitle(_ title: String, code: String, openDate: CalendarDate?) -> String {
        let opened = openDate.map { isEnglish ? " · opened \($0.isoString)" : " · \($0.isoString) 개봉" } ?? ""
        // A title may end with the Korean one in brackets: the code follows after a dot, not in brackets again.
        return "\(title) · \(code)\(opened)"
    }

    func runCompared(_ title: String, day: Int, audience: Int64) -> String {
        isEnglish
            ? "Compared: \(title), \(NumberFormatting.thousands(audience)) by day \(day)"
            : "비교: \(title), 개봉 \(day)일째까지 \(NumberFormatting.thousands(audience))명"
    }

    /// A film compared that the archived charts never show from its opening day on (a code with no archived day).
    func runComparedWithoutDays(_ title: String) -> String {
        isEnglish
            ? "Compared: \(title), no day of its run in the archived charts"
            : "비교: \(title), 보관된 차트에 개봉 뒤 기록이 없습니다"
    }

    /// A film compared that the archive charts but KOBIS gives no open date.
    func runComparedWithoutOpenDate(_ title: String) -> String {
        isEnglish
            ? "Compared: \(title), KOBIS gives it no open date, so its days of run cannot be counted"
            : "비교: \(title), KOBIS에 개봉일이 없어 개봉 며칠째인지 셀 수 없습니다"
    }
}
