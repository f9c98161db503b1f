import Foundation
import KOBIS

// The wire face: one KOBIS GET in, status and JSON body out.
extension KOBISSimulator {
    /// The nine KOBIS REST services, by path below `/rest/` without the extension.
    enum Service: String, CaseIterable {
        case dailyBoxOffice = "boxoffice/searchDailyBoxOfficeList"
        case weeklyBoxOffice = "boxoffice/searchWeeklyBoxOfficeList"
        case codeList = "code/searchCodeList"
        case movieList = "movie/searchMovieList"
        case movieInfo = "movie/searchMovieInfo"
        case companyList = "company/searchCompanyList"
        case companyInfo = "company/searchCompanyInfo"
        case peopleList = "people/searchPeopleList"
        case peopleInfo = "people/searchPeopleInfo"

        /// The service for a request path: the part after `/rest/` (or the last two components)
        /// must be a service path with `.json`.
        init?(path: String) {
            let relative: Substring
            if let range = path.range(of: "/rest/") {
                relative = path[range.upperBound...]
            } else {
                relative = Substring(path.split(separator: "/").suffix(2).joined(separator: "/"))
            }
            guard relative.hasSuffix(".json") else { return nil }
            self.init(rawValue: String(relative.dropLast(".json".count)))
        }
    }

    /// Answers one KOBIS GET.
    ///
    /// - Parameters:
    ///   - path: the request path, e.g. `/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json`
    ///     (only the part after `/rest/`, or the last two components, matters).
    ///   - query: the decoded query parameters, including `key`.
    /// - Returns: 404 for an unknown service; otherwise HTTP 200 with the service's JSON, or with a
    ///   `faultInfo` body for a missing key (320010) or a missing or malformed `targetDt` (320102, 320103).
    public func respond(path: String, query: [String: String]) -> SimulatorResponse {
        guard let service = Service(path: path) else { return .notFound }
        guard let key = query["key"], !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .json(KOBISWireFormat.invalidKey)
        }
        func text(_ name: String) -> String? {
            guard let value = query[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        func number(_ name: String) -> Int? { text(name).flatMap { Int($0) } }

        switch service {
        case .dailyBoxOffice, .weeklyBoxOffice:
            guard let rawDate = text("targetDt") else { return .json(KOBISWireFormat.missingTargetDate) }
            guard rawDate.count == 8, rawDate.allSatisfy({ $0.isASCII && $0.isNumber }),
                let date = CalendarDate(rawDate)
            else { return .json(KOBISWireFormat.malformedTargetDate(rawDate)) }
            let nation = text("repNationCd").flatMap { NationFilter(rawValue: $0.uppercased()) }
            let multiMovie = text("multiMovieYn").flatMap { MultiMovieFilter(rawValue: $0.uppercased()) }
            let rows = number("itemPerPage") ?? BoxOfficeChartBuilder.maximumRows
            let area = text("wideAreaCd")
            let result: BoxOfficeResultDTO
            if service == .dailyBoxOffice {
                result = dailyBoxOffice(
                    date, nation: nation, multiMovie: multiMovie, wideAreaCode: area, itemsPerPage: rows)
            } else {
                let range = text("weekGb").flatMap(WeeklyRange.init(rawValue:)) ?? .weekend
                result = weeklyBoxOffice(
                    date, range: range, nation: nation, multiMovie: multiMovie, wideAreaCode: area, itemsPerPage: rows)
            }
            return .json(KOBISWireFormat.encode(BoxOfficeResponseDTO(boxOfficeResult: result)))

        case .codeList:
            return .json(KOBISWireFormat.encode(CodeListResponseDTO(codes: codeList(text("comCode") ?? ""))))

        case .movieList:
            func list(_ name: String) -> [String] {
                (text(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let request = MovieListRequest(
                page: number("curPage"), itemsPerPage: number("itemPerPage"), movieName: text("movieNm"),
                directorName: text("directorNm"), openStartYear: number("openStartDt"),
                openEndYear: number("openEndDt"),
                productionStartYear: number("prdtStartYear"), productionEndYear: number("prdtEndYear"),
                nationCodes: list("repNationCd"), movieTypeCodes: list("movieTypeCd"))
            return .json(KOBISWireFormat.encode(MovieListResponseDTO(movieListResult: movieList(request))))

        case .movieInfo:
            guard let info = text("movieCd").flatMap({ movieInfo(code: $0) }) else {
                return .json(KOBISWireFormat.emptyMovieInfo)
            }
            return .json(
                KOBISWireFormat.encode(
                    MovieInfoResponseDTO(movieInfoResult: .init(movieInfo: info, source: KOBISWireFormat.source))))

        case .companyList:
            let request = CompanyListRequest(
                page: number("curPage"), itemsPerPage: number("itemPerPage"), companyName: text("companyNm"),
                ceoName: text("ceoNm"), companyPartCode: text("companyPartCd"))
            return .json(KOBISWireFormat.encode(CompanyListResponseDTO(companyListResult: companyList(request))))

        case .companyInfo:
            guard let info = text("companyCd").flatMap({ companyInfo(code: $0) }) else {
                return .json(KOBISWireFormat.emptyCompanyInfo)
            }
            return .json(KOBISWireFormat.encode(CompanyInfoResponseDTO(companyInfoResult: .init(companyInfo: info))))

        case .peopleList:
            let request = PeopleListRequest(
                page: number("curPage"), itemsPerPage: number("itemPerPage"), peopleName: text("peopleNm"),
                filmographyName: text("filmoNames"))
            return .json(KOBISWireFormat.encode(PeopleListResponseDTO(peopleListResult: peopleList(request))))

        case .peopleInfo:
            guard let info = text("peopleCd").flatMap({ peopleInfo(code: $0) }) else {
                return .json(KOBISWireFormat.emptyPeopleInfo)
            }
            return .json(KOBISWireFormat.encode(PeopleInfoResponseDTO(peopleInfoResult: .init(peopleInfo: info))))
        }
    }
}
