import BoxOfficeCore
import BoxOfficeText
import Testing

@testable import BoxOfficeWeb

@Suite("Web string tables")
struct PageStringsTests {
    @Test("rank change marks and spoken labels in both languages")
    func rankChange() {
        let korean = PageStrings.korean
        let english = PageStrings.english
        #expect(korean.rankChange(.new) == "신작")
        #expect(english.rankChange(.new) == "NEW")
        #expect(korean.rankChange(.up(2)) == "▲2")
        #expect(english.rankChange(.down(1)) == "▼1")
        #expect(korean.rankChange(.same) == "-")
        #expect(korean.spokenRank(3, change: .up(2)) == "3위, 2계단 상승")
        #expect(korean.spokenRank(1, change: .new) == "1위, 신작")
        #expect(korean.spokenRank(4, change: .down(1)) == "4위, 1계단 하락")
        #expect(korean.spokenRank(5, change: .same) == "5위, 변동 없음")
        #expect(english.spokenRank(4, change: .down(1)) == "Rank 4, down 1")
        #expect(english.spokenRank(1, change: .new) == "Rank 1, new entry")
        #expect(english.spokenRank(2, change: .up(3)) == "Rank 2, up 3")
        #expect(english.spokenRank(6, change: .same) == "Rank 6, no change")
    }

    @Test("table(for:) answers each language's table")
    func tables() {
        #expect(!PageStrings.table(for: .korean).isEnglish)
        #expect(PageStrings.table(for: .english).isEnglish)
        #expect(PageStrings.table(for: .english).archive.isEnglish)
        #expect(MoviePageStrings.table(for: .english).isEnglish)
        #expect(!ArchiveStrings.table(for: .korean).isEnglish)
        #expect(KOBISVocabulary.table(for: .english).isEnglish)
    }

    /// Every text a template reads is filled in, in both languages (English has no unit after a head count).
    @Test("no table leaves a text empty")
    func noEmptyTexts() {
        let allowedEmpty: Set<String> = ["peopleUnit"]
        let tables: [(String, Any)] = [
            ("PageStrings.korean", PageStrings.korean), ("PageStrings.english", PageStrings.english),
            ("MoviePageStrings.korean", MoviePageStrings.korean),
            ("MoviePageStrings.english", MoviePageStrings.english),
            ("ArchiveStrings.korean", ArchiveStrings.korean), ("ArchiveStrings.english", ArchiveStrings.english),
            ("AdminStrings.korean", AdminStrings.korean), ("AdminStrings.english", AdminStrings.english),
            ("DiaryPageStrings.korean", DiaryPageStrings.korean),
            ("DiaryPageStrings.english", DiaryPageStrings.english),
        ]
        for (name, table) in tables {
            for child in Mirror(reflecting: table).children {
                guard let label = child.label, let text = child.value as? String else { continue }
                #expect(!text.isEmpty || allowedEmpty.contains(label), "\(name).\(label) is empty")
            }
        }
    }

    @Test("the words with numbers")
    func methods() {
        #expect(PageStrings.korean.isoWeekLabel("202411") == "2024년 11주차")
        #expect(PageStrings.english.isoWeekLabel("202411") == "Week 11, 2024")
        #expect(
            PageStrings.english.audienceLine("Today", audience: 64050, total: 6_252_827)
                == "Today 64,050 / Total 6,252,827")
        #expect(MoviePageStrings.korean.minutes(131) == "131분")
        #expect(MoviePageStrings.english.minutes(131) == "131 min")
        #expect(MoviePageStrings.korean.role("김형사") == "김형사 역")
        #expect(MoviePageStrings.english.role("Detective Kim") == "as Detective Kim")
        #expect(MoviePageStrings.english.rangeLabel(first: 21, last: 40, total: 1234) == "21–40 of 1,234")
        #expect(MoviePageStrings.korean.rangeLabel(first: 21, last: 40, total: 1234) == "총 1,234편 중 21–40")
        #expect(ArchiveStrings.english.nationCell(.foreign, nation: "USA") == "Foreign · USA")
        #expect(ArchiveStrings.korean.nationCell(.korean, nation: nil) == "한국")
        #expect(RecordsStrings.korean.leader(titles: ["가"], figure: "36일") == "1위: 가, 36일.")
        #expect(MarketStrings.english.change(.range(-1.6, -1.4)) == "≈ −1.5%")
        #expect(MarketStrings.english.change(.range(-0.18, 0.21)) == "≈ 0.0%")
        #expect(MarketStrings.korean.change(.range(55, 56.4)) == "≈ +55.7%")
        #expect(RecordsStrings.korean.totalsCaption(bySales: true, year: 2019) == "2019년 개봉작 매출액 순위")
        #expect(
            RecordsStrings.english.totalsCaption(bySales: false, year: 2019) == "Films opened in 2019, by admissions")
        #expect(RecordsStrings.english.totalsCaption(bySales: true, year: nil) == "By sales")
        #expect(RecordsStrings.korean.leader(titles: ["가", "나"], figure: "36일") == "공동 1위: 가, 나, 각 36일.")
        #expect(
            RecordsStrings.english.leader(titles: ["A", "B"], figure: "36 days")
                == "Joint first: A and B, 36 days each.")
        #expect(
            RecordsStrings.english.leader(titles: ["A", "B", "C", "D"], figure: "1 day")
                == "Joint first: A, B, C and 1 more, 1 day each.")
        #expect(
            RecordsStrings.english.leader(titles: ["A (가)"], figure: "≥ ₩144 billion")
                == "First: A (가), ≥ ₩144 billion.")
        #expect(
            MarketStrings.english.comparison(days: 1, sales: "a", previous: "b", change: "c")
                == "On the one day archived in both: a, a year before b (c).")
        #expect(
            MarketStrings.english.comparison(days: 2, sales: "a", previous: "b", change: "c").hasPrefix("On the 2 days")
        )
    }
}
