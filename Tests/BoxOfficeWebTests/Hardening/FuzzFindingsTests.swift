import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Testing

@testable import BoxOfficeWeb

/// What schemathesis (Tests/fuzz/run.sh) found, kept as plain tests so each stays fixed.
@Suite("API fuzzing findings")
struct FuzzFindingsTests {
    @Test("a huge search page is a 400, not an overflow that crashed the server; the last allowed page is empty")
    func hugePage() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            for uri in [
                "/api/v1/movies?q=a&page=2305843009213693951", "/api/v1/movies?page=10001",
                "/movies?q=a&page=9223372036854775807",
            ] {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest, "\(uri): \(response.status)")
            }
            let api = try await client.get("/api/v1/movies?page=2305843009213693951")
            #expect(
                api.apiErrorMessage?.contains("page must be a whole number from 1 to 10,000") == true, "\(api.text)")
            let last = try await client.get("/api/v1/movies?page=10000")
            #expect(last.status == .ok, "\(last.text.prefix(300))")
            #expect((last.jsonObject?["movies"] as? [Any])?.isEmpty == true, "\(last.text.prefix(300))")
        }
    }

    @Test("query values are judged as sent: blank but not empty, or padded with spaces, is a 400; empty is absent")
    func paddedValues() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let settled = WebTestSupport.settledDate
            for uri in [
                "/api/v1/daily?area=%C2%A0", "/api/v1/daily?area=%200105001", "/api/v1/daily?date=%20\(settled)",
                "/api/v1/weekly?range=week%20", "/api/v1/daily?nation=%09K", "/api/v1/movies?year=%202024",
                "/daily?date=\(settled)%20",
            ] {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest, "\(uri): \(response.status)")
            }
            for uri in [
                "/api/v1/daily?date=\(settled)&area=&nation=&multi=", "/api/v1/movies?q=%20%20",
                "/api/v1/movies?q=%20a%20",
            ] {
                let response = try await client.get(uri)
                #expect(response.status == .ok, "\(uri): \(response.status) \(response.text.prefix(200))")
            }
        }
    }

    @Test("the simulator answers a huge curPage with an empty page instead of crashing")
    func simulatorHugePage() {
        let simulator = KOBISSimulator(now: { WebTestSupport.fixedNow })
        let list = simulator.movieList(MovieListRequest(page: Int.max, itemsPerPage: 100))
        #expect(list.movies.isEmpty)
        #expect(!simulator.movieList(MovieListRequest(page: 1, itemsPerPage: 10)).movies.isEmpty)
    }

    @Test("an X-Request-ID that is not sane is accepted and replaced, as the document now says")
    func insaneRequestID() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let response = try await client.send(
                .get, "/api/v1/daily?date=\(WebTestSupport.settledDate)",
                headers: [HTTPFields.Element.Name("X-Request-ID")!: "x?"])
            #expect(response.status == .ok)
            let id = try #require(response.headers[HTTPFields.Element.Name("X-Request-ID")!])
            #expect(id != "x?")
        }
    }

    @Test("DELETE of a category with a malformed `to` is a 400 even without notes=move; nothing is deleted")
    func malformedMoveTarget() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let token = try await client.account("fuzz_user")
            let created = try await client.call(.post, "/api/v1/categories", token: token, json: ["name": "kept"])
            let id = try #require(created.jsonObject?["id"] as? String)
            let response = try await client.call(.delete, "/api/v1/categories/\(id)?to=%C3%8BE", token: token)
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.apiErrorMessage?.hasPrefix("to must be a UUID") == true)
            let list = try await client.call(.get, "/api/v1/categories", token: token)
            #expect((list.jsonObject?["categories"] as? [Any])?.count == 1, "nothing was deleted")
        }
    }

    @Test("null for an optional field means the same as leaving it out, as the document says")
    func nullFields() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let token = try await client.account("null_user")
            let created = try await client.call(
                .post, "/api/v1/categories", token: token, json: ["name": "films", "visible": NSNull()])
            #expect(created.status == .created, "\(created.text)")
            #expect(created.jsonObject?["visible"] as? Bool == true)
            let id = try #require(created.jsonObject?["id"] as? String)
            let unchanged = try await client.call(
                .patch, "/api/v1/categories/\(id)", token: token, json: ["name": NSNull(), "visible": false])
            #expect(unchanged.status == .ok, "\(unchanged.text)")
            #expect(unchanged.jsonObject?["name"] as? String == "films")
            let nothing = try await client.call(
                .patch, "/api/v1/categories/\(id)", token: token, json: ["name": NSNull()])
            #expect(nothing.status == .badRequest, "only nulls: nothing to change")
        }
    }

    /// What the boundary fuzzer (Tests/fuzz/boundary.py) found, or the review's W1: `month=9999-12` counted the
    /// month's days with `CalendarDate(year: 10000, …)!`, which ended the process for every reader at once.
    @Test(
        "months, years and days at the calendar's edges are a 400 in the reader's language, never a trap",
        arguments: [
            "month=9999-12", "month=9999-11", "month=0001-01", "month=0001-12", "month=10000-01", "month=0000-00",
            "month=2024-13", "year=9999", "year=0001", "year=10000", "year=0", "year=-1",
            "from=9999-12-31&to=9999-12-31", "from=0001-01-01&to=0001-01-01", "from=0001-01-01&to=9999-12-31",
            "from=10000-01-01&to=10000-01-01", "from=2023-02-29&to=2023-03-01", "limit=9223372036854775808",
        ])
    func calendarEdges(query: String) async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            for language in ["en", "ko"] {
                let headers: HTTPFields = [.acceptLanguage: language]
                let page = try await client.send(.get, "/charts/period?\(query)", headers: headers)
                #expect(page.status == .badRequest, "\(query): \(page.status)")
                #expect(page.text.contains("<html lang=\"\(language)\""), "\(query)")
                let api = try await client.send(.get, "/api/v1/charts/period?\(query)", headers: headers)
                #expect(api.status == .badRequest, "\(query): \(api.status)")
                let message = try #require(api.apiErrorMessage, "\(query): \(api.text)")
                let hangul = message.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
                #expect(hangul == (language == "ko"), "\(query) [\(language)]: \(message)")
            }
            #expect(try await client.get("/health").status == .ok)
        }
    }

    @Test("a refusal of the generated API code (a required query missing) is worded in the reader's language")
    func generatedRefusalLanguage() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let token = try await client.account("words_user")
            for (language, korean) in [("ko", true), ("en", false)] {
                let response = try await client.call(
                    .post, "/api/v1/watchlist/import", token: token, text: "Name,Year\n",
                    headers: [.acceptLanguage: language, .contentType: "text/csv"])
                #expect(response.status == .badRequest)
                let message = try #require(response.apiErrorMessage, "\(response.text)")
                #expect(message != "Bad Request")
                let hangul = message.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
                #expect(hangul == korean, "\(language): \(message)")
            }
        }
    }

    /// A cursor whose instant is ~10^300 s away reached PostgresNIO, which traps turning a `Date` into `Int64` µs.
    @Test("a forged note-list cursor far from now is a 400 on both databases", arguments: DiaryWebBackend.enabled)
    func forgedCursor(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let token = try await client.account("cursor_user")
            for seconds in ["1e300", "-1e300", "1e12"] {
                let json = #"{"s":"watchedOn","a":false,"w":"2024-03-15","c":\#(seconds),"i":"\#(UUID().uuidString)"}"#
                let cursor = Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                let response = try await client.call(.get, "/api/v1/notes?cursor=\(cursor)", token: token)
                #expect(response.status == .badRequest, "\(seconds): \(response.status) \(response.text)")
            }
            #expect(try await client.get("/health").status == .ok)
        }
    }
}
