import Foundation
import KOBIS
import Testing

/// The later real responses in `../shared/kobis-samples/more/` (see SOURCES.md there), each decoded with its figures.
@Suite(
    "Real KOBIS responses from ../shared/kobis-samples/more",
    .enabled(if: SharedSamples.moreIsPresent, Comment(rawValue: SharedSamples.moreAbsentMessage)))
struct MoreSampleDecodingTests {
    @Test("daily charts: every row exact; 2019-10-18's rank 10 is NEW though it opened on 2019-07-11")
    func dailyCharts() throws {
        let october = try SharedSamples.chart("more/daily-20191018.extracted.json")
        #expect(october.entries.count == 10)
        #expect(october.entries[0].movieName == "말레피센트 2" && october.entries[0].audience == 105_104)
        let late = october.entries[9]
        #expect(late.rank == 10 && late.status == .new && late.movieCode == "20191845")
        #expect(late.openDate == CalendarDate("2019-07-11"))
        #expect(late.audience == 1_887 && late.audienceTotal == 12_040)
        #expect(october.entries.filter { $0.status == .new }.count == 1)

        let sunday = try SharedSamples.chart("more/daily-20221030.extracted.json")
        #expect(sunday.entries.count == 10)
        #expect(sunday.entries[0].movieName == "자백" && sunday.entries[0].audienceTotal == 253_013)
        #expect(sunday.entries[6].salesTotal == 70_675_410_867)
        #expect(sunday.entries.allSatisfy { $0.status == .old })

        let january = try SharedSamples.chart("more/daily-20260119-rows.extracted.json")
        #expect(january.showRange == "20260119~20260119")
        #expect(january.entries.count == 10)
        #expect(january.entries[0].movieCode == "20249255" && january.entries[0].audience == 48_031)
        // A preview: NEW, opening two days after the chart's day.
        #expect(january.entries[7].status == .new && january.entries[7].openDate == CalendarDate("2026-01-21"))
        #expect(january.entries[9].salesTotal == 51_535_245_505)
    }

    @Test("week charts (weekGb=0): every row exact, ISO weeks, decimal changes")
    func weekCharts() throws {
        let yearEnd = try SharedSamples.chart("more/weekly-week-20141229.extracted.json")
        #expect(yearEnd.boxOfficeType == KOBISWireVocabulary.weekChartType)
        #expect(yearEnd.yearWeekTime == "201501")
        #expect(yearEnd.showRangeDates?.start == CalendarDate("2014-12-29"))
        #expect(yearEnd.showRangeDates?.end == CalendarDate("2015-01-04"))
        #expect(yearEnd.entries.count == 4)
        #expect(yearEnd.entries[0].audience == 3_471_300 && yearEnd.entries[0].salesAmount == 27_120_029_765)
        #expect(yearEnd.entries[1].status == .new && yearEnd.entries[1].salesChange == 100)
        let penguins = yearEnd.entries[2]
        #expect(penguins.salesChange == Decimal(string: "38399.0"))
        #expect(penguins.audienceChange == Decimal(string: "44510.8"))
        #expect(penguins.rankDelta == 26)
        #expect(yearEnd.entries[3].salesDelta == -4_693_793_813)

        let january = try SharedSamples.chart("more/weekly-week-20210104.extracted.json")
        #expect(january.yearWeekTime == "202101" && january.showRange == "20210104~20210110")
        #expect(january.entries.count == 2)
        // A re-release keeps its first opening day.
        #expect(january.entries[1].movieName == "화양연화" && january.entries[1].openDate == CalendarDate("2000-10-20"))

        let july = try SharedSamples.chart("more/weekly-week-20190708.extracted.json")
        #expect(july.yearWeekTime == "201928" && july.entries.count == 1)
        #expect(july.entries[0].audience == 2_163_519 && july.entries[0].shows == 61_772)
    }

    @Test("the weekend and the week ending 2019-07-14 give the same film different totals: KOBIS revised them")
    func revisedFigures() throws {
        let weekend = try SharedSamples.chart("more/weekly-weekend-20190712.extracted.json")
        let week = try SharedSamples.chart("more/weekly-week-20190708.extracted.json")
        #expect(weekend.boxOfficeType == KOBISWireVocabulary.weekendChartType)
        #expect(weekend.yearWeekTime == "201928" && weekend.showRange == "20190712~20190714")
        let (a, b) = (try #require(weekend.entries.first), try #require(week.entries.first))
        #expect(a.movieCode == b.movieCode)
        #expect(a.audienceTotal == 6_685_143 && b.audienceTotal == 6_685_136)
        #expect(a.salesTotal == 57_709_375_740 && b.salesTotal == 57_709_310_340)
    }

    @Test("movie info of 2026 and movie list of 2021")
    func movies() throws {
        let result = try SharedSamples.decode(MovieInfoResponseDTO.self, "more/movieinfo-20249255-2026.extracted.json")
            .movieInfoResult
        let info = result.movieInfo
        #expect(info.movieCode == "20249255" && info.movieNameEnglish == "Once We Were Us")
        #expect(info.runtimeMinutes == 114 && info.productionYear == 2024)
        #expect(info.openDate == CalendarDate("2025-12-31"))
        #expect(info.nations.map(\.name) == [KOBISWireVocabulary.koreaNationName])
        #expect(info.actors.count == 4 && info.actors[2].role == "클럽장")
        #expect(
            info.companies.map(\.part) == [KOBISWireVocabulary.producerPart, KOBISWireVocabulary.distributorPart, "제공"])
        #expect(info.audits.map(\.number) == ["2025-MF03222"])

        let list = try SharedSamples.decode(
            MovieListResponseDTO.self, "more/movielist-2021-j25ng-records.extracted.json"
        )
        .movieListResult
        #expect(list.totalCount == 1860 && list.movies.count == 5)
        #expect(
            list.movies.map { $0.openDate?.compactString ?? "" } == [
                "20210701", "20210603", "20210915", "20211014", "20211014",
            ])
        #expect(list.movies[1].genres == ["액션", "범죄"])
        #expect(list.movies[3].genres.isEmpty)
        #expect(list.movies.map(\.companies.count) == [1, 1, 0, 1, 0])
    }

    @Test("company list: comma-joined titles, the 420-film marker read as a total, empty names as nil")
    func companyList() throws {
        let name = "more/companylist-j25ng-records.extracted.json"
        let result = try SharedSamples.decode(CompanyListResponseDTO.self, name).companyListResult
        #expect(result.totalCount == 13315)
        #expect(result.companies.map(\.code) == ["20157408", "20217881", "20242543", "20242361", "20231"])
        let raw = try #require(
            (try SharedSamples.json(name)["companyListResult"] as? [String: Any])?["companyList"] as? [[String: String]]
        )
        // `이,기적인 남자` is one film whose title has a bare comma: the wire cannot tell it from two.
        #expect(result.companies[0].filmographyNames == ["천국", "평평남녀", "영하의 바람", "이", "기적인 남자", "영도"])
        #expect(result.companies[0].filmographyNames.joined(separator: ",") == raw[0]["filmoNames"])
        #expect(result.companies[0].filmographyTotal == nil)
        let long = result.companies[1]
        #expect(long.filmographyTotal == 420)
        #expect(long.filmographyNames.count == 96)
        #expect(long.filmographyNames.last == "청소 아줌마가 좋아죽는 대물맛")
        #expect(!long.filmographyNames.contains { $0.contains("총") })
        #expect(long.partNames == ["제작사", "배급사", "수입사"])
        #expect(long.nameEnglish == nil)
        #expect(result.companies[2].ceoName == nil && result.companies[2].filmographyNames == ["양지뜸"])
        #expect(result.companies[3].name == "원코리아미디컴")
        #expect(result.companies[4].filmographyNames.isEmpty && result.companies[4].ceoName == "유영경")
    }

    @Test("company info: null English name and CEO; a full one with three parts")
    func companyInfo() throws {
        let nulls = try SharedSamples.decode(
            CompanyInfoResponseDTO.self, "more/companyinfo-j25ng-null-names.extracted.json"
        ).companyInfoResult.companyInfo
        #expect(nulls.code == "20141208" && nulls.name == "영화사 새사람")
        #expect(nulls.nameEnglish == nil && nulls.ceoName == nil)
        #expect(nulls.parts == [KOBISWireVocabulary.importerPart])
        #expect(nulls.filmography.count == 42)
        #expect(nulls.filmography[0].part == KOBISWireVocabulary.producerPart)
        #expect(nulls.filmography.contains { $0.movieName == "미라클맨" })

        let full = try SharedSamples.decode(CompanyInfoResponseDTO.self, "more/companyinfo-j25ng-full.extracted.json")
            .companyInfoResult.companyInfo
        #expect(full.nameEnglish == "Brunch Mate Film Co.,Ltd" && full.ceoName == "김영신")
        #expect(full.parts == ["제작사", "배급사", "수입사"])
        #expect(full.filmography.count == 8)
        #expect(full.filmography.first == FilmographyDTO(movieCode: "20157022", movieName: "더 커널", part: "수입사"))
    }

    @Test("people list: '|'-joined titles, padded ones trimmed, filmoNames null, empty role")
    func peopleList() throws {
        let result = try SharedSamples.decode(
            PeopleListResponseDTO.self, "more/peoplelist-j25ng-records.extracted.json"
        )
        .peopleListResult
        #expect(result.totalCount == 10000 && result.people.count == 6)
        #expect(result.people.map(\.filmographyNames.count) == [2, 2, 12, 0, 35, 1])
        #expect(result.people[1].filmographyNames == ["아브델", "뱀파이어"])
        let padded = result.people[4].filmographyNames
        #expect(padded.contains("이은미-가슴큰누나") && padded.contains("수상한동거"))
        #expect(padded.contains("생, 날선생"))
        #expect(padded.allSatisfy { $0 == $0.trimmingCharacters(in: .whitespaces) })
        #expect(result.people[3].filmographyNames.isEmpty && result.people[3].representativeRole == "사운드팀")
        #expect(result.people[5].representativeRole == nil)
        #expect(result.people[2].nameEnglish == nil)
    }

    @Test("people info: null sex and role; homepages")
    func peopleInfo() throws {
        let nulls = try SharedSamples.decode(
            PeopleInfoResponseDTO.self, "more/peopleinfo-j25ng-null-sex-role.extracted.json"
        ).peopleInfoResult.peopleInfo
        #expect(nulls.code == "20395213" && nulls.nameEnglish == "Han Seung-Jae")
        #expect(nulls.sex == nil && nulls.representativeRole == nil)
        #expect(nulls.filmography == [FilmographyDTO(movieCode: "20249185", movieName: "푸하하하", part: "배우")])

        let full = try SharedSamples.decode(
            PeopleInfoResponseDTO.self, "more/peopleinfo-j25ng-homepages.extracted.json"
        )
        .peopleInfoResult.peopleInfo
        #expect(full.sex == "남자" && full.representativeRole == "VFX 슈퍼바이저")
        #expect(full.homepages == ["http://www.instagram.com/moggoji.media.vfx"])
        #expect(full.filmography.count == 12)
        #expect(full.filmography.last?.movieCode == "20191845")
    }

    @Test("wide areas: 17 with 세종시, every English name empty")
    func wideAreas() throws {
        let codes = try SharedSamples.decode(
            CodeListResponseDTO.self, "more/codelist-wideareas-0105000000.extracted.json"
        )
        .codes
        #expect(codes.count == 17)
        let expected: [String] = (1...17).map { String(format: "0105%03d", $0) }
        #expect(codes.map(\.code) == expected)
        #expect(codes.last?.koreanName == "세종시")
        #expect(codes.allSatisfy { $0.englishName.isEmpty })
    }

    @Test(
        "faults keep KOBIS's code and message",
        arguments: [
            ("more/faultinfo-320010-invalid-key.extracted.json", KOBISError.invalidKeyCode, "유효하지않은 키값입니다."),
            (
                "more/faultinfo-320102-missing-targetDt.extracted.json", KOBISError.missingDateCode,
                "날짜는 필수항목입니다.[parameterName=targetDt,parameterValue=null]"
            ),
            (
                "more/faultinfo-320103-bad-targetDt.extracted.json", KOBISError.malformedDateCode,
                "날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=2025]"
            ),
        ])
    func faults(file: String, code: String, message: String) throws {
        #expect(throws: KOBISError.fault(code: code, message: message)) {
            try SharedSamples.decode(BoxOfficeResponseDTO.self, file)
        }
    }
}
