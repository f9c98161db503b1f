import BoxOfficeCore
import BoxOfficeText
import Foundation

/// The watchlist import's words (`/watchlist/import` and the form on `/watchlist`), in Korean (the default) and
/// English.
struct WatchlistImportStrings: Sendable {
    let isEnglish: Bool
    let title, intro, button, reportTitle, backToWatchlist, skippedTitle: String

    static func table(for language: Language) -> WatchlistImportStrings {
        language == .english ? english : korean
    }

    /// What an import did, in one sentence.
    func summary(rows: Int, imported: Int, skipped: Int) -> String {
        let (r, i, s) = (
            NumberFormatting.thousands(rows), NumberFormatting.thousands(imported), NumberFormatting.thousands(skipped)
        )
        return isEnglish
            ? "\(r) film\(rows == 1 ? "" : "s") read: \(i) added to your watchlist, \(s) skipped."
            : "영화 \(r)편을 읽어 \(i)편을 보고 싶은 영화에 추가하고 \(s)편을 건너뛰었습니다."
    }

    /// What a diary's JSON import did with the file's watchlist.
    func diarySummary(rows: Int, imported: Int, skipped: Int) -> String {
        let (r, i, s) = (
            NumberFormatting.thousands(rows), NumberFormatting.thousands(imported), NumberFormatting.thousands(skipped)
        )
        return isEnglish
            ? "Watchlist: \(r) film\(rows == 1 ? "" : "s") read, \(i) added, \(s) skipped."
            : "보고 싶은 영화: \(r)편을 읽어 \(i)편을 추가하고 \(s)편을 건너뛰었습니다."
    }

    static let korean = WatchlistImportStrings(
        isEnglish: false, title: "Letterboxd 보고 싶은 영화 가져오기",
        intro:
            "Letterboxd에서 내보낸 watchlist.csv를 고르세요. 제목과 연도로 KOBIS 영화를 찾아 추가하고, 찾지 못한 영화와 이미 목록에 있는 영화는 건너뜁니다.",
        button: "가져오기", reportTitle: "가져온 결과", backToWatchlist: "보고 싶은 영화로 돌아가기",
        skippedTitle: "건너뛴 보고 싶은 영화")

    static let english = WatchlistImportStrings(
        isEnglish: true, title: "Import a Letterboxd watchlist",
        intro:
            "Choose the watchlist.csv Letterboxd exported. Films are found in KOBIS by title and year and added; films not found and films already on your list are skipped.",
        button: "Import", reportTitle: "Import report", backToWatchlist: "Back to your watchlist",
        skippedTitle: "Skipped watchlist films")
}
