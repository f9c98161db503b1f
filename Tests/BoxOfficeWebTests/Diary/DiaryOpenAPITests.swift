import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: OpenAPI conformance")
    struct DiaryOpenAPITests {
        /// Sends a request and checks the answer against `/openapi.json`: the status is expected and documented for the
        /// operation, every documented header is sent, and a JSON body has the documented schema (strictly: no
        /// undocumented fields).
        @discardableResult
        static func expectConforms(
            _ method: HTTPRequest.Method, _ template: String, _ uri: String, status: HTTPResponse.Status,
            token: String? = nil,
            json: [String: Any]? = nil, text: String? = nil, client: any TestClientProtocol,
            checker: OpenAPIDocumentChecker
        ) async throws -> TestResponse {
            let response = try await client.call(method, uri, token: token, json: json, text: text)
            let label = "\(method) \(uri)"
            #expect(response.status == status, "\(label): \(response.text.prefix(300))")
            let documented = try #require(
                checker.response(
                    path: template, method: method.rawValue.lowercased(), status: Int(response.status.code)),
                "\(label): status \(response.status.code) is not documented")
            for header in (documented["headers"]?.objectValue ?? [:]).keys
            where header != "Content-Disposition" || status == .ok {
                #expect(
                    response.headers[HTTPFields.Element.Name(header)!] != nil,
                    "\(label): documented header \(header) missing")
            }
            if let schema = checker.jsonSchema(of: documented),
                response.headers[.contentType]?.hasPrefix("application/json") == true
            {
                let problems = checker.violations(of: try AnyJSON.parse(response.text), against: schema)
                #expect(problems.isEmpty, "\(label):\n\(problems.joined(separator: "\n"))")
            }
            return response
        }

        @Test("every diary route's real answers, errors included, match the document")
        func conformance() async throws {
            try await DiaryWebTestSupport.withApp(.sqlite) { client in
                let document = try await client.get("/openapi.json")
                let checker = OpenAPIDocumentChecker(document: try AnyJSON.parse(document.text))
                func check(
                    _ method: HTTPRequest.Method, _ template: String, uri: String? = nil, _ status: HTTPResponse.Status,
                    token: String? = nil, json: [String: Any]? = nil, text: String? = nil
                ) async throws -> TestResponse {
                    try await Self.expectConforms(
                        method, template, uri ?? template, status: status, token: token, json: json, text: text,
                        client: client,
                        checker: checker)
                }
                let credentials = ["username": "minji", "password": "correct horse battery"]
                _ = try await check(.post, "/api/v1/users", .created, json: credentials)
                _ = try await check(.post, "/api/v1/users", .conflict, json: credentials)
                _ = try await check(.post, "/api/v1/users", .badRequest, json: ["username": "x"])
                let login = try await check(.post, "/api/v1/tokens", .created, json: credentials)
                let token = try #require(login.jsonObject?["token"] as? String)
                _ = try await check(.get, "/api/v1/tokens", .ok, token: token)
                _ = try await check(.get, "/api/v1/tokens", .unauthorized)
                _ = try await check(
                    .delete, "/api/v1/tokens/{id}", uri: "/api/v1/tokens/\(UUID())", .notFound, token: token)

                let category = try await check(
                    .post, "/api/v1/categories", .created, token: token, json: ["name": "스릴러"])
                let categoryID = try #require(category.jsonObject?["id"] as? String)
                _ = try await check(.post, "/api/v1/categories", .conflict, token: token, json: ["name": "스릴러"])
                _ = try await check(.get, "/api/v1/categories", .ok, token: token)
                _ = try await check(
                    .patch, "/api/v1/categories/{id}", uri: "/api/v1/categories/\(categoryID)", .ok, token: token,
                    json: ["visible": false])

                let code = try #require(try await client.sampleMovieCodes().first)
                let note = try await check(
                    .post, "/api/v1/notes", .created, token: token,
                    json: [
                        "movieCode": code, "watchedOn": "2024-03-01", "rating": 4.5, "categoryId": categoryID,
                        "place": "home",
                    ])
                let noteID = try #require(note.jsonObject?["id"] as? String)
                _ = try await check(
                    .post, "/api/v1/notes", .created, token: token,
                    json: ["movieCode": code, "watchedOn": "2024-03-01"])
                _ = try await check(
                    .post, "/api/v1/notes", .badRequest, token: token,
                    json: ["movieCode": code, "watchedOn": "2099-01-01"])
                _ = try await check(
                    .get, "/api/v1/notes", uri: "/api/v1/notes?sort=rating&perPage=1", .ok, token: token)
                _ = try await check(.get, "/api/v1/notes", uri: "/api/v1/notes?sort=nope", .badRequest, token: token)
                _ = try await check(.get, "/api/v1/notes/{id}", uri: "/api/v1/notes/\(noteID)", .ok, token: token)
                _ = try await check(.get, "/api/v1/notes/{id}", uri: "/api/v1/notes/\(UUID())", .notFound, token: token)
                _ = try await check(
                    .patch, "/api/v1/notes/{id}", uri: "/api/v1/notes/\(noteID)", .ok, token: token,
                    json: ["rating": NSNull(), "memo": "x"])
                _ = try await check(.get, "/api/v1/stats", .ok, token: token)
                _ = try await check(.get, "/api/v1/stats", uri: "/api/v1/stats?year=2024", .ok, token: token)
                _ = try await check(
                    .get, "/api/v1/notes/export", uri: "/api/v1/notes/export?format=json", .ok, token: token)
                _ = try await check(
                    .get, "/api/v1/notes/export", uri: "/api/v1/notes/export?format=pdf", .badRequest, token: token)
                let csv = try await client.call(.get, "/api/v1/notes/export?format=csv", token: token).text
                _ = try await check(
                    .post, "/api/v1/notes/import", uri: "/api/v1/notes/import?format=csv", .ok, token: token, text: csv)
                _ = try await check(
                    .post, "/api/v1/notes/import", uri: "/api/v1/notes/import?format=json", .badRequest, token: token,
                    text: "{")
                _ = try await check(
                    .delete, "/api/v1/categories/{id}", uri: "/api/v1/categories/\(categoryID)", .conflict, token: token
                )
                _ = try await check(
                    .delete, "/api/v1/categories/{id}", uri: "/api/v1/categories/\(categoryID)?notes=uncategorize",
                    .noContent, token: token)
                _ = try await check(
                    .delete, "/api/v1/notes/{id}", uri: "/api/v1/notes/\(noteID)", .noContent, token: token)
                for _ in 0..<5 {
                    _ = try await check(
                        .post, "/api/v1/tokens", .unauthorized, json: ["username": "minji", "password": "wrong guess"])
                }
                _ = try await check(.post, "/api/v1/tokens", .tooManyRequests, json: credentials)
            }
        }
    }
}
