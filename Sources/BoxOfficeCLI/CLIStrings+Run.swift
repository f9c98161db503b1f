import BoxOfficeCore
import BoxOfficeText

// The words only `boxoffice run` says, in Korean and English (CLIStrings.swift holds the rest); the words it shares
// with the film page are `runWords`, from BoxOfficeText.
extension CLIStrings {
    /// The words of a film's run the CLI shares with the film page.
    var runWords: RunWords { RunWords.table(for: language) }

    func runTitle(_ title: String?, code: String, openDate: CalendarDate?) -> String {
        let opened = openDate.map { isEnglish ? " · opened \($0.isoString)" : " · \($0.isoString) 개봉" } ?? ""
        // A title may end with the Korean one in brackets: the code follows after a dot, not in brackets again.
        return (title.map { "\($0) · " } ?? "") + code + opened
    }

    func runCompared(_ title: String, day: Int, audience: Int64) -> String {
        isEnglish
            ? "Compared: \(title), \(NumberFormatting.thousands(audience)) by day \(day)"
            : "비교: \(title), 개봉 \(day)일째까지 \(NumberFormatting.koreanCount(audience))명"
    }

    /// A film compared that has no line: KOBIS gives it no open date, or the archive has no day of its run.
    func runComparedWithoutDays(_ title: String, lacksOpenDate: Bool) -> String {
        (isEnglish ? "Compared: " : "비교: ") + title + ", " + runWords.comparedWithoutDays(lacksOpenDate: lacksOpenDate)
    }
}
