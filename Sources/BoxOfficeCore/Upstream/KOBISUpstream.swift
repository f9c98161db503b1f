public import Foundation
public import KOBIS

/// ``BoxOfficeUpstream`` over the KOBIS client, mapping wire DTOs to domain values.
public struct KOBISUpstream: BoxOfficeUpstream {
    public let source: ChartSource
    private let client: KOBISClient
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - client: the KOBIS client (real transport, or the simulator's in sample mode).
    ///   - source: `.sample` when the client talks to the built-in simulator.
    public init(client: KOBISClient, source: ChartSource, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.source = source
        self.now = now
    }

    public func fetchChart(_ query: ChartQuery) async throws -> Chart {
        let result: BoxOfficeResultDTO
        do {
            if let weekly = query.kind.weeklyRange {
                result = try await client.weeklyBoxOffice(
                    query.range.start, range: weekly, multiMovie: query.filters.multiMovie,
                    nation: query.filters.nation, wideAreaCode: query.filters.areaCode)
            } else {
                result = try await client.dailyBoxOffice(
                    query.range.start, multiMovie: query.filters.multiMovie, nation: query.filters.nation,
                    wideAreaCode: query.filters.areaCode)
            }
        } catch {
            throw BoxOfficeError.upstream(error)
        }
        // A chart of another period (a whole week for a weekend, the day before) would be kept, and shown, as the one
        // asked for.
        if let shown = result.showRangeDates, shown.start != query.range.start || shown.end != query.range.end {
            throw BoxOfficeError.upstream(
                KOBISError.malformedResponse("showRange is not the period asked for"))
        }
        return DomainMapping.chart(result, query: query, source: source, fetchedAt: now())
    }

    public func fetchMovie(code: String) async throws -> Movie? {
        let info: MovieInfoDTO
        do {
            info = try await client.movieInfo(code)
        } catch {
            throw BoxOfficeError.upstream(error)
        }
        // KOBIS answers a code it does not know with an empty film; every film it knows has a title, so one without
        // is that answer too, whatever code it echoes.
        if info.movieName.isEmpty { return nil }
        // KOBIS answers with the code asked about; another (or none, with details) is a broken answer, and would be
        // kept and shown under the wrong film.
        guard info.movieCode == code else {
            throw BoxOfficeError.upstream(.malformedResponse("movieInfo names another film"))
        }
        return DomainMapping.movie(info, source: source, fetchedAt: now())
    }

    public func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchPage {
        let request = MovieListRequest(
            page: query.page, itemsPerPage: query.perPage, movieName: query.title, directorName: query.director,
            openStartYear: query.year, openEndYear: query.year)
        do {
            let result = try await client.send(request)
            return MovieSearchPage(
                totalCount: result.totalCount, page: query.page, perPage: query.perPage,
                movies: result.movies.map(DomainMapping.summary))
        } catch {
            throw BoxOfficeError.upstream(error)
        }
    }

    public func fetchMovieNations(openYear: Int, page: Int, perPage: Int) async throws -> MovieNationPage {
        let page = max(1, page)
        let perPage = min(max(1, perPage), 100)
        // Unfiltered by nation, so every film of the year is listed with its exact `repNationNm`.
        let request = MovieListRequest(
            page: page, itemsPerPage: perPage, openStartYear: openYear, openEndYear: openYear)
        do {
            let result = try await client.send(request)
            return DomainMapping.movieNations(result, year: openYear, page: page, perPage: perPage)
        } catch {
            throw BoxOfficeError.upstream(error)
        }
    }

    public func fetchRegions() async throws -> [Region] {
        do {
            return try await client.send(CodeListRequest.wideAreas).map {
                Region(code: $0.code, koreanName: $0.koreanName, englishName: $0.englishName)
            }
        } catch {
            throw BoxOfficeError.upstream(error)
        }
    }
}
