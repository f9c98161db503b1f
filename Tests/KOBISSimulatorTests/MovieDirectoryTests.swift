import Foundation
import KOBIS
import Testing
@testable import KOBISSimulator

@Suite("Movie info and directory services")
struct MovieDirectoryTests {
    static let grades: Set<String> = ["전체관람가", "12세이상관람가", "15세이상관람가", "청소년관람불가"]

    @Test("every charted film has full, consistent movie info")
    func movieInfoForChartedFilms() throws {
        let simulator = Fixture.simulator
        var codes: [String: BoxOfficeEntryDTO] = [:]
        for day in Fixture.days(from: "2019-01-01", count: 40) + Fixture.days(from: "2004-02-01", count: 10) {
            for entry in simulator.dailyBoxOffice(day).entries
                + simulator.dailyBoxOffice(day, multiMovie: .diversity).entries
            {
                codes[entry.movieCode] = entry
            }
        }
        #expect(codes.count > 40)
        for (code, entry) in codes {
            let info = try #require(simulator.movieInfo(code: code))
            #expect(info.movieCode == code)
            #expect(info.movieName == entry.movieName)
            // A re-release's chart rows carry KOBIS's blank openDt; its details keep the date.
            #expect(info.openDate != nil)
            #expect(
                entry.openDate == nil
                    ? FilmSchedule.film(code: code)?.isReRelease == true : info.openDate == entry.openDate)
            #expect(!info.movieNameEnglish.isEmpty)
            #expect(info.productionYear.map { (2002...2027).contains($0) } == true)
            #expect(info.runtimeMinutes.map { (60...180).contains($0) } == true)
            #expect(info.productionStatus == "개봉")
            #expect(info.typeName == "장편")
            #expect(!info.nations.isEmpty && !info.genres.isEmpty && !info.actors.isEmpty && !info.showTypes.isEmpty)
            #expect(info.directors.isEmpty == code.contains("C"))
            #expect(info.actors.allSatisfy { !$0.name.isEmpty && !$0.nameEnglish.isEmpty && !$0.role.isEmpty })
            #expect(Set(info.companies.map(\.part)).contains("배급사"))
            #expect(Set(info.companies.map(\.part)).contains(info.nations[0].name == "한국" ? "제작사" : "수입사"))
            #expect(info.audits.count == 1 && Self.grades.contains(info.audits[0].grade))
            #expect(info.movieNameOriginal.isEmpty == (info.nations[0].name == "한국"))
        }
    }

    @Test("unknown codes answer an empty movieInfo object")
    func unknownMovie() throws {
        let simulator = Fixture.simulator
        for code in ["99999999", "20241999", "abc", "2024C999", ""] {
            #expect(simulator.movieInfo(code: code) == nil, "\(code)")
        }
        let response = Fixture.get("movie/searchMovieInfo", ["key": "k", "movieCd": "99999999"])
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"movieInfoResult":{"movieInfo":{},"source":"영화진흥위원회"}}"#)
        let decoded = try KOBISClient.decode(
            MovieInfoResponseDTO.self, from: .init(statusCode: 200, body: response.body))
        #expect(decoded.movieInfoResult.movieInfo.movieCode.isEmpty)
        // Films further ahead than the upcoming window are not known yet.
        let farFuture = FilmSchedule.films(
            inWeek: FilmSchedule.week(ofDay: Fixture.today.adding(days: 120).daysSinceEpoch))[0]
        #expect(simulator.movieInfo(code: farFuture.code) == nil)
        let upcoming = FilmSchedule.films(
            inWeek: FilmSchedule.week(ofDay: Fixture.today.adding(days: 14).daysSinceEpoch))[0]
        #expect(simulator.movieInfo(code: upcoming.code)?.productionStatus == "개봉예정")
    }

    @Test("the catalog: unique codes and titles, every code resolves back to its film")
    func catalog() {
        let catalog = FilmCatalog(throughDay: Fixture.today.daysSinceEpoch)
        #expect((5_000...10_000).contains(catalog.entries.count))
        let codes = catalog.entries.map(\.film.code)
        #expect(Set(codes).count == codes.count)
        let titles = catalog.entries.map { FilmCatalog.normalize($0.profile.title.korean) }
        #expect(Set(titles).count == titles.count)
        #expect(codes.allSatisfy { $0.count == 8 })
        #expect(codes.contains { $0.contains("C") })
        for entry in catalog.entries {
            #expect(FilmSchedule.film(code: entry.film.code) == entry.film)
        }
        #expect(FictionalCompany(code: "20001001")?.name == "가상필름")
    }

    @Test("movie list: paging, totCnt, and every filter")
    func movieList() throws {
        let simulator = Fixture.simulator
        let everything = simulator.movieList(MovieListRequest(itemsPerPage: 100))
        #expect(everything.totalCount > 5_000)
        #expect(everything.movies.count == 100)
        // totCnt is a JSON number.
        let wire = try #require(
            (try Fixture.json(Fixture.get("movie/searchMovieList", ["key": "k"])) as? [String: Any])?["movieListResult"]
                as? [String: Any])
        #expect(wire["totCnt"] is NSNumber && !(wire["totCnt"] is String))
        #expect((wire["movieList"] as? [Any])?.count == 10)
        #expect(wire["source"] as? String == "영화진흥위원회")

        // Pages partition the results.
        let query = MovieListRequest(itemsPerPage: 7, openStartYear: 2015, openEndYear: 2015)
        let total = simulator.movieList(query).totalCount
        #expect((200...450).contains(total))
        var seen: [String] = []
        for page in 1...((total + 6) / 7) {
            var request = query
            request.page = page
            let result = simulator.movieList(request)
            #expect(result.totalCount == total)
            seen += result.movies.map(\.movieCode)
            #expect(result.movies.allSatisfy { $0.openDate?.year == 2015 })
        }
        #expect(seen.count == total && Set(seen).count == total)
        var beyond = query
        beyond.page = 1_000
        #expect(simulator.movieList(beyond).movies.isEmpty)

        // Upcoming films: open after today, within the window.
        let recent = simulator.movieList(MovieListRequest(itemsPerPage: 100, openStartYear: 2026, openEndYear: 2026))
        let upcoming = recent.movies.filter { $0.productionStatus == "개봉예정" }
        #expect(!upcoming.isEmpty)
        #expect(upcoming.allSatisfy { $0.openDate! > Fixture.today })
        #expect(
            recent.movies.allSatisfy { $0.openDate! <= Fixture.today.adding(days: KOBISSimulator.upcomingWindowDays) })
        #expect(recent.movies.filter { $0.productionStatus == "개봉" }.allSatisfy { $0.openDate! <= Fixture.today })

        // Names: case-insensitive substrings that ignore spaces, Korean or English title.
        let film = try #require(everything.movies.first { $0.movieName.contains(" ") && $0.directors.count == 1 })
        let squeezed = film.movieName.replacingOccurrences(of: " ", with: "")
        for name in [film.movieName, squeezed, film.movieNameEnglish.uppercased()] {
            let found = simulator.movieList(MovieListRequest(itemsPerPage: 5, movieName: name))
            #expect(found.movies.contains { $0.movieCode == film.movieCode }, "\(name)")
            #expect((1...5).contains(found.totalCount))
        }
        let byDirector = simulator.movieList(MovieListRequest(itemsPerPage: 100, directorName: film.directors[0].name))
        #expect(byDirector.movies.contains { $0.movieCode == film.movieCode })
        #expect(byDirector.movies.allSatisfy { $0.directors.contains { $0.name.contains(film.directors[0].name) } })
        let noMatch = simulator.movieList(MovieListRequest(movieName: "존재하지않는제목"))
        #expect(noMatch.totalCount == 0 && noMatch.movies.isEmpty)

        // Production years and nations.
        let produced = simulator.movieList(
            MovieListRequest(itemsPerPage: 100, productionStartYear: 2010, productionEndYear: 2011))
        #expect(produced.movies.allSatisfy { (2010...2011).contains($0.productionYear ?? 0) })
        let korean = simulator.movieList(MovieListRequest(itemsPerPage: 100, nationCodes: ["22041011"]))
        #expect(korean.movies.allSatisfy { $0.representativeNation == "한국" })
        #expect(korean.totalCount < everything.totalCount && korean.totalCount > everything.totalCount / 3)

        // The same search over the wire, with a percent-decoded Korean name.
        let response = Fixture.get("movie/searchMovieList", ["key": "k", "movieNm": squeezed, "itemPerPage": "5"])
        let decoded = try KOBISClient.decode(
            MovieListResponseDTO.self, from: .init(statusCode: 200, body: response.body))
        #expect(decoded.movieListResult.movies.contains { $0.movieCode == film.movieCode })
    }

    @Test("people and companies are consistent with movie info")
    func peopleAndCompanies() throws {
        let simulator = Fixture.simulator
        let code = simulator.dailyBoxOffice(Fixture.date("2024-03-15")).entries[0].movieCode
        let info = try #require(simulator.movieInfo(code: code))
        let actor = info.actors[0]
        let people = simulator.peopleList(PeopleListRequest(itemsPerPage: 100, peopleName: actor.name))
        let person = try #require(people.people.first { $0.filmographyNames.contains(info.movieName) })
        #expect(person.name == actor.name)
        let detail = try #require(simulator.peopleInfo(code: person.code))
        #expect(detail.filmography.contains { $0.movieCode == code && $0.part == "배우" })
        #expect(["남자", "여자"].contains(detail.sex ?? ""))
        let byFilm = simulator.peopleList(PeopleListRequest(itemsPerPage: 100, filmographyName: info.movieName))
        #expect(byFilm.people.contains { $0.code == person.code })

        let distributor = try #require(info.companies.first { $0.part == "배급사" })
        let company = try #require(simulator.companyInfo(code: distributor.code))
        #expect(company.name == distributor.name)
        #expect(company.filmography.contains { $0.movieCode == code })
        #expect(company.parts.contains("배급사"))
        let companies = simulator.companyList(CompanyListRequest(companyName: "가상"))
        #expect(companies.companies.contains { $0.name == "가상필름" })
        #expect(companies.companies.allSatisfy { $0.name.contains("가상") })

        // Unknown codes answer empty objects that decode as "not found".
        #expect(simulator.peopleInfo(code: "123") == nil)
        #expect(simulator.companyInfo(code: "99999999") == nil)
        let emptyPerson = Fixture.get("people/searchPeopleInfo", ["key": "k", "peopleCd": "1"])
        let decodedPerson = try KOBISClient.decode(
            PeopleInfoResponseDTO.self, from: .init(statusCode: 200, body: emptyPerson.body))
        #expect(decodedPerson.peopleInfoResult.peopleInfo.code.isEmpty)
        let emptyCompany = Fixture.get("company/searchCompanyInfo", ["key": "k", "companyCd": "1"])
        let decodedCompany = try KOBISClient.decode(
            CompanyInfoResponseDTO.self, from: .init(statusCode: 200, body: emptyCompany.body))
        #expect(decodedCompany.companyInfoResult.companyInfo.code.isEmpty)
        // Lists decode over the wire.
        let list = Fixture.get("people/searchPeopleList", ["key": "k", "peopleNm": actor.name])
        let decodedList = try KOBISClient.decode(
            PeopleListResponseDTO.self, from: .init(statusCode: 200, body: list.body))
        #expect(decodedList.peopleListResult.totalCount >= 1)
        let companyList = Fixture.get("company/searchCompanyList", ["key": "k", "itemPerPage": "100"])
        let decodedCompanies = try KOBISClient.decode(
            CompanyListResponseDTO.self, from: .init(statusCode: 200, body: companyList.body))
        #expect(decodedCompanies.companyListResult.totalCount == decodedCompanies.companyListResult.companies.count)
    }

    @Test("common code lists")
    func codeLists() throws {
        func codes(_ comCode: String) throws -> [CommonCodeDTO] {
            let response = Fixture.get("code/searchCodeList", ["key": "k", "comCode": comCode])
            return try KOBISClient.decode(CodeListResponseDTO.self, from: .init(statusCode: 200, body: response.body))
                .codes
        }
        let areas = try codes("0105000000")
        #expect(areas == KOBISSimulator.wideAreas)
        #expect(areas.map(\.code) == (1...17).map { String(format: "0105%03d", $0) })
        // As in KOBIS's real answers: a Korean name for every area, an empty English one.
        #expect(areas.allSatisfy { !$0.koreanName.isEmpty && $0.englishName.isEmpty })
        #expect(areas.last?.koreanName == "세종시")
        #expect(try codes("2204").contains { $0.code == "22041011" && $0.koreanName == "한국" })
        #expect(try codes("2201").contains { $0.code == "220101" && $0.koreanName == "장편" })
        #expect(try codes("9999").isEmpty)
    }
}
