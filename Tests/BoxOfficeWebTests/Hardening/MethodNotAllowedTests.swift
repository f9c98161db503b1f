import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("405 Method Not Allowed and Allow")
struct MethodNotAllowedTests {
    @Test(
        "an address that exists under other methods answers 405 with Allow (JSON under /api and for /session and /openapi.json, a page elsewhere)",
        arguments: [
            (HTTPRequest.Method.delete, "/api/v1/daily", "GET, HEAD, OPTIONS"),
            (.init("TRACE")!, "/api/v1/weekly?date=2024-03-13", "GET, HEAD, OPTIONS"),
            (.post, "/api/v1/movies/20231520", "GET, HEAD, OPTIONS"),
            (.put, "/api/v1/notes/6F1B6F37-0A6B-4C33-9A4F-5E7C1E7B1A01", "GET, HEAD, PATCH, DELETE, OPTIONS"),
            (.patch, "/api/v1/notes/export", "GET, HEAD, OPTIONS"),
            (.get, "/api/v1/notes/import", "POST, OPTIONS"),
            (.put, "/api/v1/users", "POST, OPTIONS"),
            (.delete, "/daily", "GET, HEAD, OPTIONS"),
            (.post, "/movies/20231520", "GET, HEAD, OPTIONS"),
            (.put, "/logout", "GET, HEAD, POST, OPTIONS"),
            (.post, "/session", "GET, HEAD, OPTIONS"),
            (.delete, "/openapi.json", "GET, HEAD, OPTIONS"),
        ])
    func methodNotAllowed(method: HTTPRequest.Method, uri: String, allow: String) async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            let response = try await client.send(method, uri)
            #expect(
                response.status == .methodNotAllowed,
                "\(method) \(uri): \(response.status) \(response.text.prefix(200))")
            #expect(response.headers[.allow] == allow, "\(method) \(uri)")
            if uri.hasPrefix("/api/") || uri == "/session" || uri == "/openapi.json" {
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.apiErrorMessage?.contains("not allowed") == true, "\(response.text)")
            } else {
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.text.contains(#"<p class="error-message">"#), "\(response.text.prefix(300))")
            }
        }
    }

    @Test("OPTIONS answers 204 with Allow on every address that exists, and 404 elsewhere")
    func options() async throws {
        try await HardeningTestSupport.withApp { client, _, logs in
            let notes = try await client.send(.options, "/api/v1/notes")
            #expect(notes.status == .noContent)
            #expect(notes.headers[.allow] == "GET, HEAD, POST, OPTIONS")
            #expect(notes.body.readableBytes == 0)
            #expect(logs.requestLines.last?.metadata["route"] == "/api/v1/notes", "logged under its route")
            #expect(try await client.send(.put, "/api/v1/notes").status == .methodNotAllowed)
            #expect(logs.requestLines.last?.metadata["route"] == "/api/v1/notes")
            #expect(logs.requestLines.last?.metadata["status"] == "405")
            let page = try await client.send(.options, "/categories/6F1B6F37-0A6B-4C33-9A4F-5E7C1E7B1A01/rename")
            #expect(page.status == .noContent)
            #expect(page.headers[.allow] == "POST, OPTIONS")
            #expect(try await client.send(.options, "/no/such/page").status == .notFound)
        }
    }

    @Test("addresses that do not exist stay 404 whatever the method, and so do handlers' own 404s")
    func notFoundStays() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            for (method, uri) in [
                (HTTPRequest.Method.post, "/api/v1/no-such-route"), (.delete, "/api/v2/daily"), (.put, "/no/such/page"),
                (.post, "/static/style.css"), (.get, "/api/v1/movies/00000000"), (.get, "/api/v1/daily/extra"),
            ] {
                let response = try await client.send(method, uri)
                #expect(response.status == .notFound, "\(method) \(uri): \(response.status)")
                #expect(response.headers[.allow] == nil, "\(method) \(uri)")
            }
        }
    }

    @Test("HEAD works wherever GET does, with the GET's status and headers and no body")
    func head() async throws {
        try await HardeningTestSupport.withApp { client, _, _ in
            for uri in [
                "/daily?date=\(WebTestSupport.settledDate)", "/api/v1/daily?date=\(WebTestSupport.settledDate)",
                "/health",
            ] {
                let get = try await client.send(.get, uri)
                let head = try await client.send(.head, uri)
                #expect(head.status == get.status, "\(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
                #expect(head.body.readableBytes == 0, "\(uri)")
            }
            #expect(try await client.send(.head, "/api/v1/daily?date=2099-01-01").status == .badRequest)
        }
    }

    @Test("the route table prefers literal segments over captures, and never answers for a catch-all")
    func routeTable() {
        let table = RouteMethodTable()
        table.load([
            ("/api/v1/notes/export", .get), ("/api/v1/notes/{id}", .get), ("/api/v1/notes/{id}", .patch),
            ("/api/v1/notes/{id}", .delete), ("/api/**", .get), ("/static/*", .get), ("/files/{name}.csv", .post),
        ])
        #expect(table.allowedMethods(for: "/api/v1/notes/export") == [.get, .head])
        #expect(table.allowedMethods(for: "/api/v1/notes/abc") == [.get, .head, .patch, .delete])
        #expect(table.allowedMethods(for: "/api/v1/notes/abc/") == [.get, .head, .patch, .delete])
        #expect(table.allowedMethods(for: "/api/v1/other") == nil, "only the catch-all matches")
        #expect(table.allowedMethods(for: "/api/v1/notes/abc/def") == nil)
        #expect(table.allowedMethods(for: "/static/a.css") == [.get, .head])
        #expect(table.allowedMethods(for: "/files/report.csv") == [.post])
        #expect(table.allowedMethods(for: "/") == nil)
        #expect(
            RouteMethodTable.allowHeader([.delete, .get, .head, .options, .init("PURGE")!])
                == "GET, HEAD, DELETE, OPTIONS, PURGE")
    }
}
