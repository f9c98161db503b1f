import Foundation
import Testing

/// KOBIS's own words (genres, nations, grades, statuses, types, company parts) in the CLI's language, English titles
/// and names first in English, and JSON that never changes with the language: the sample simulator's film
/// 20231520 (캐니언 제니스, Canyon Zenith: a Japanese musical drama, 12 and over).
@Suite("boxoffice movie and search: KOBIS's words in the reader's language", .serialized)
struct KOBISWordsLanguageTests {
    static let code = "20231520"

    /// The cells of a two-column `movie` table, by label.
    static func rows(_ table: String) -> [String: String] {
        var rows: [String: String] = [:]
        for line in table.split(separator: "\n") {
            let cells = LanguageTests.columns(String(line))
            if cells.count == 2 { rows[cells[0]] = cells[1] }
        }
        return rows
    }

    @Test("movie --lang en: English genres, nations, grade, status, type and company parts; the English title first")
    func movieInEnglish() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await LanguageTests.run(
            cli, ["movie", Self.code, "--lang", "en"], locale: LanguageTests.korean)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Self.rows(result.stdout)
        #expect(rows["Genres"] == "Musical, Drama", "\(result.stdout)")
        #expect(rows["Nations"] == "Japan")
        #expect(rows["Rating"] == "12 and over")
        #expect(rows["Status"] == "Released")
        #expect(rows["Type"] == "Feature")
        #expect(rows["Title"] == "Canyon Zenith")
        #expect(rows["Korean title"] == "캐니언 제니스")
        #expect(rows["Distributor"] != nil && rows["Importer"] != nil, "\(result.stdout)")
        #expect(rows["Directors"]?.hasSuffix("(시라카와 리쿠)") == true, "English name first, Korean beside it")
        #expect(!result.stdout.contains("뮤지컬") && !result.stdout.contains("배급사"))
        // An English locale without --lang is the same table.
        let byLocale = try await LanguageTests.run(cli, ["movie", Self.code], locale: LanguageTests.english)
        #expect(byLocale.stdout == result.stdout)
    }

    @Test("movie --lang ko: the same film in KOBIS's Korean words")
    func movieInKorean() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await LanguageTests.run(
            cli, ["movie", Self.code, "--lang", "ko"], locale: LanguageTests.english)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Self.rows(result.stdout)
        #expect(rows["장르"] == "뮤지컬, 드라마", "\(result.stdout)")
        #expect(rows["국가"] == "일본")
        #expect(rows["관람등급"] == "12세이상관람가")
        #expect(rows["상태"] == "개봉")
        #expect(rows["유형"] == "장편")
        #expect(rows["제목"] == "캐니언 제니스")
        #expect(rows["영문 제목"] == "Canyon Zenith")
        #expect(rows["배급사"] != nil && rows["수입사"] != nil, "\(result.stdout)")
        #expect(!result.stdout.contains("Musical"))
    }

    @Test("search: English titles and genres in English, Korean ones in Korean")
    func search() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let english = try await LanguageTests.run(cli, ["search", "캐니언", "--lang", "en"], locale: [:])
        let korean = try await LanguageTests.run(cli, ["search", "캐니언", "--lang", "ko"], locale: [:])
        #expect(english.status == 0 && korean.status == 0, "\(english.stderr)\(korean.stderr)")
        let englishLine = try #require(english.stdout.split(separator: "\n").first { $0.hasPrefix(Self.code) })
        let koreanLine = try #require(korean.stdout.split(separator: "\n").first { $0.hasPrefix(Self.code) })
        let englishCells = LanguageTests.columns(String(englishLine))
        let koreanCells = LanguageTests.columns(String(koreanLine))
        #expect(englishCells[1] == "Canyon Zenith" && englishCells.last == "Musical", "\(englishLine)")
        #expect(koreanCells[1] == "캐니언 제니스" && koreanCells.last == "뮤지컬", "\(koreanLine)")
    }

    @Test("movie and search JSON are the API's shape in every language")
    func jsonUnchanged() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for arguments in [["movie", Self.code, "--format", "json"], ["search", "캐니언", "--format", "json"]] {
            let korean = try await LanguageTests.run(cli, arguments, locale: LanguageTests.korean)
            let english = try await LanguageTests.run(cli, arguments + ["--lang", "en"], locale: LanguageTests.korean)
            #expect(korean.status == 0 && !korean.stdout.isEmpty, "\(korean.stderr)")
            #expect(korean.stdout == english.stdout, "\(arguments)")
            #expect(korean.stdout.contains(#""뮤지컬""#) && !korean.stdout.contains("Musical"), "\(arguments)")
        }
    }

    @Test("top: coverage.syncCommand in its JSON, the same command in its gap note, in either language")
    func topSyncCommand() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let sync = try await cli.run(["sync", "--from", "2024-03-01", "--to", "2024-03-02"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let arguments = ["top", "--from", "2024-03-01", "--to", "2024-03-04", "--format", "json"]
        let english = try await LanguageTests.run(cli, arguments, locale: LanguageTests.english)
        let korean = try await LanguageTests.run(cli, arguments, locale: LanguageTests.korean)
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout == korean.stdout)
        #expect(english.stdout.contains(#""syncCommand" : "boxoffice sync --from 2024-03-03 --to 2024-03-04""#))
        #expect(!english.stdout.contains("syncRange"))
        #expect(english.stderr.contains("Fill the gap with: boxoffice sync --from 2024-03-03 --to 2024-03-04"))
        #expect(korean.stderr.contains("빈 날은 다음 명령으로 채울 수 있습니다: boxoffice sync --from 2024-03-03 --to 2024-03-04"))
    }
}
