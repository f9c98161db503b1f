import BoxOfficeAPIClient
import Foundation
import HummingbirdTesting
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension DiaryAPITests {
    @Suite("BoxOfficeAPIClient against a real server")
    struct APIClientTests {
        @Test(
            "the generated client reads a chart and a movie, signs up, logs in, writes and lists a note, reads an error",
            arguments: DiaryWebBackend.enabled)
        func roundTrip(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { server in
                let port = try #require(server.port, "the app runs on loopback")
                let serverURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
                let client = Client(serverURL: serverURL)

                let chart = try await client.getDailyChart(query: .init(date: WebTestSupport.settledDate)).ok.body.json
                #expect(chart.kind == .daily)
                #expect(chart.range.start == WebTestSupport.settledDate)
                let first = try #require(chart.entries.first)
                #expect(first.rank == 1)

                let movie = try await client.getMovie(path: .init(code: first.movieCode)).ok.body.json
                #expect(movie.code == first.movieCode)
                #expect(!movie.title.isEmpty)

                let user = try await client.createUser(
                    body: .json(.init(username: "client-user", password: "correct horse battery"))
                ).created.body.json
                #expect(user.username == "client-user")
                let issued = try await client.createToken(
                    body: .json(.init(username: "client-user", password: "correct horse battery", name: "app"))
                ).created.body.json
                #expect(issued.name == "app")

                let diary = Client(serverURL: serverURL, middlewares: [BearerTokenMiddleware(token: issued.token)])
                let saved = try await diary.createNote(
                    body: .json(.init(movieCode: first.movieCode, watchedOn: WebTestSupport.settledDate, rating: 4.5))
                ).created.body.json
                #expect(saved.movieCode == first.movieCode)
                let notes = try await diary.listNotes().ok.body.json
                #expect(notes.total == 1)
                #expect(notes.notes.map(\.id) == [saved.id])

                let unknown = try await client.getMovie(path: .init(code: "00000000"))
                guard case .notFound(let notFound) = unknown else {
                    Issue.record("an unknown movie code answers 404, not \(unknown)")
                    return
                }
                #expect(!(try notFound.body.json.error.message).isEmpty)
                let anonymous = try await client.listNotes()
                guard case .unauthorized(let refusal) = anonymous else {
                    Issue.record("notes without a token answer 401, not \(anonymous)")
                    return
                }
                #expect(refusal.headers.wwwAuthenticate == "Bearer realm=\"BoxOffice\"")
            }
        }
    }
}
