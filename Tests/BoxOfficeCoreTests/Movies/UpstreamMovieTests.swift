import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// What KOBIS's movie-info answer means for a film page.
@Suite("A film as KOBIS answers it")
struct UpstreamMovieTests {
    /// Answers every movie-info request with `info`.
    struct FixedInfoTransport: HTTPTransport {
        let info: String

        func get(_ url: URL) async throws -> HTTPTransportResponse {
            HTTPTransportResponse(statusCode: 200, body: Data(#"{"movieInfoResult":{"movieInfo":\#(info)}}"#.utf8))
        }
    }

    func fetch(_ code: String, answer info: String) async throws -> Movie? {
        let client = KOBISClient(
            apiKey: "k", baseURL: URL(string: "http://127.0.0.1:9/kobis")!, transport: FixedInfoTransport(info: info))
        return try await KOBISUpstream(client: client, source: .kobis).fetchMovie(code: code)
    }

    @Test(
        "an empty film is no film, whether or not it echoes the code",
        arguments: [#"{}"#, #"{"movieCd":"20249999","movieNm":""}"#, #"{"movieCd":"20249999","movieNm":" "}"#])
    func emptyFilm(info: String) async throws {
        #expect(try await fetch("20249999", answer: info) == nil)
    }

    @Test("a film with a title under the code asked about is that film; under another code, a broken answer")
    func titled() async throws {
        let movie = try await fetch("20249999", answer: #"{"movieCd":"20249999","movieNm":"가상 영화"}"#)
        #expect(movie?.title == "가상 영화")
        await #expect(throws: BoxOfficeError.self) {
            _ = try await fetch("20249999", answer: #"{"movieCd":"20240001","movieNm":"다른 영화"}"#)
        }
    }
}
