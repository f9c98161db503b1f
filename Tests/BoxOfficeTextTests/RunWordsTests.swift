import BoxOfficeCore
import BoxOfficeText
import Testing

@Suite("RunWords: the words of a film's run the film page and the CLI share")
struct RunWordsTests {
    static let korean = RunWords.korean
    static let english = RunWords.english

    @Test("table(for:) answers each language's table")
    func tables() {
        #expect(!RunWords.table(for: .korean).isEnglish)
        #expect(RunWords.table(for: .english).isEnglish)
    }

    @Test("milestones in 만 and in millions, every threshold a whole name")
    func milestones() {
        #expect(Milestone.thresholds.map(Self.korean.milestone) == ["100만", "200만", "300만", "500만", "700만", "1000만"])
        #expect(Self.english.milestone(1_000_000) == "1 million")
        #expect(Self.english.milestone(10_000_000) == "10 million")
        #expect(Self.korean.fastest(10_000_000) == "1000만 관객 최단 돌파")
        #expect(Self.english.fastest(1_000_000) == "Fastest to 1 million admissions")
        // Not a whole 만 or million: the large-number words.
        #expect(Self.korean.milestone(1_500) == "1,500")
        #expect(Self.english.milestone(1_500_000) == "1.50 million")
    }

    @Test("a milestone's day of run, exact or a range, and the days it may lie in")
    func crossingDay() {
        #expect(Self.korean.crossingDay(.exact(12)) == "12일 만에")
        #expect(Self.english.crossingDay(.exact(12)) == "day 12")
        #expect(Self.korean.crossingDay(.range(11, 12)) == "≈ 11~12일 만에")
        #expect(Self.english.crossingDay(.range(11, 12)) == "≈ days 11–12")
        let open = CalendarDate("2024-03-01")!
        let exact = MilestoneCrossing(threshold: 1_000_000, earliest: open, latest: open, openDate: open)
        #expect(Self.korean.reached(exact) == "2024-03-01")
        let range = MilestoneCrossing(
            threshold: 1_000_000, earliest: open, latest: CalendarDate("2024-03-03")!, openDate: open)
        #expect(Self.english.reached(range) == "≈ 2024-03-01 – 2024-03-03")
        #expect(Self.korean.byDay(12) == "개봉 12일째 누적")
        #expect(Self.english.byDay(12) == "By day 12")
    }

    @Test("counts of days, admissions, drops and legs with their marks")
    func figures() {
        #expect(Self.korean.days(12) == "12일")
        #expect(Self.english.days(1) == "1 day")
        #expect(Self.english.days(1_200) == "1,200 days")
        #expect(Self.korean.admissions(.floor(1_234_567)) == "≥ 123만 4,567명")
        #expect(Self.korean.admissions(.exact(123_456_789)) == "1억 2,345만 6,789명")
        #expect(Self.korean.admissions(.exact(9_999)) == "9,999명")
        #expect(Self.korean.admissions(.exact(17_610_000)) == "1,761만 명")
        #expect(Self.english.admissions(.exact(1_234_567)) == "1,234,567")
        #expect(Self.korean.admissions(.exact(5), on: CalendarDate("2024-03-10")!) == "5명 (2024-03-10)")
        #expect(Self.korean.admissionsInUnits(.floor(17_614_321)) == "≥ 1,761만 4,321명")
        #expect(Self.english.admissionsInUnits(.floor(17_614_321)) == "≥ 17.6 million")
        // A floor never reads more than it is: 13,186,913 is at least 13.1 million, not 13.2.
        #expect(Self.english.admissionsInUnits(.floor(13_186_913)) == "≥ 13.1 million")
        #expect(Self.english.admissionsInUnits(.exact(13_186_913)) == "13.2 million")
        #expect(Self.english.drop(.exact(0.624)) == "62.4%")
        #expect(Self.english.legs(.floor(6.5249)) == "≥ 6.52×")
        #expect(Self.korean.legs(.exact(3)) == "3.00배")
        #expect(Self.korean.days(27, floor: true) == "≥ 27일" && Self.english.days(1, floor: false) == "1 day")
        // Legs from a corrupt archive (every audiAcc -9e18) once stopped the film page here.
        #expect(Self.english.legs(.floor(-9e18)) == "≥ -9e+18×")
    }

    @Test("a notice for every reach but the full one")
    func notices() {
        #expect(Self.korean.notice(.full) == nil)
        for reach in [FilmRun.Reach.noArchivedDay, .noOpenDate, .openedBeforeArchive, .archivedLate, .noFirstRun] {
            #expect(Self.korean.notice(reach)?.isEmpty == false)
            #expect(Self.english.notice(reach)?.isEmpty == false)
            #expect(Self.korean.notice(reach) != Self.english.notice(reach))
        }
        #expect(Self.english.eraNote == "Before 2011 KOBIS counted only some of the screens.")
    }

    @Test("the outlook's sentences")
    func outlook() {
        #expect(
            Self.korean.outlookMilestone(10_000_000, reached: 3, of: 14, share: 3.0 / 14)
                == "14편 중 3편이 1000만 관객을 넘었습니다 (21.4%).")
        #expect(
            Self.english.outlookMilestone(10_000_000, reached: 3, of: 14, share: nil)
                == "3 of 14 passed 10 million admissions.")
        #expect(Self.korean.outlookRank(4, of: 120, day: 12) == "개봉 12일째 누적 관객으로 보관된 영화 120편 중 4위입니다.")
        #expect(
            Self.english.outlookRank(655, of: 2_344, day: 3)
                == "#655 of 2,344 films in the archive by admissions on day 3.")
        #expect(
            Self.english.outlookIntro(day: 5, audience: 10, films: 1, since: 2011, low: 1, high: 2, nearest: (2, 2))
                .contains("the 1 film "))
        // The window is what may be compared; the films compared are the nearest, and their own range is given.
        #expect(
            Self.korean.outlookIntro(
                day: 12, audience: 8_250_000, films: 20, since: 2011, low: 6_600_000, high: 10_312_500,
                nearest: (8_025_629, 8_448_392))
                == "개봉 12일째 누적 관객 825만 명. 2011년 이후 개봉해 상영을 마친 영화 가운데 개봉 12일째 누적이 이와 가장 가까운 20편"
                + "(802만 5,629~844만 8,392명)과 견줍니다. 같은 날 누적이 660만~1,031만 2,500명이던 영화에서 골랐습니다.")
        #expect(
            Self.english.outlookIntro(day: 12, audience: 8_250_000, films: 0, since: 2011, low: 1, high: 2)
                .hasSuffix("No film opened since 2011 whose first run is over had 1–2 by day 12."))
    }
}
