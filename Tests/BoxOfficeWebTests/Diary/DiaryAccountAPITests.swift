import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DiaryAPITests {
    @Suite("Diary API: accounts and tokens")
    struct DiaryAccountAPITests {
        @Test(
            "sign up, log in for a token, list and revoke tokens; secrets are never echoed",
            arguments: DiaryWebBackend.enabled)
        func accounts(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let signUp = try await client.call(
                    .post, "/api/v1/users", json: ["username": "MinJi", "password": "correct horse battery"])
                #expect(signUp.status == .created)
                #expect(signUp.headers[.cacheControl] == "no-store")
                let user = try #require(signUp.jsonObject)
                #expect(user["username"] as? String == "MinJi")
                #expect(user["id"] is String && user["createdAt"] is String)
                #expect(!signUp.text.contains("correct horse"))

                let taken = try await client.call(
                    .post, "/api/v1/users", json: ["username": "minji", "password": "another one!"])
                #expect(taken.status == .conflict)
                #expect(taken.apiErrorMessage == "The username \"minji\" is taken.")

                let login = try await client.call(
                    .post, "/api/v1/tokens",
                    json: ["username": "minji", "password": "correct horse battery", "name": "cli"])
                #expect(login.status == .created)
                let token = try #require(login.jsonObject?["token"] as? String)
                #expect(token.hasPrefix("bo_"))
                #expect(login.jsonObject?["name"] as? String == "cli")
                let second = try await client.account("jisoo")

                let list = try await client.call(.get, "/api/v1/tokens", token: token)
                #expect(list.status == .ok)
                let tokens = try #require(list.jsonObject?["tokens"] as? [[String: Any]])
                #expect(tokens.map { $0["name"] as? String } == ["cli"])
                #expect(tokens.first?["lastUsedAt"] is String)
                #expect(!list.text.contains(token))
                let id = try #require(tokens.first?["id"] as? String)

                // Someone else's token does not exist for them.
                #expect(try await client.call(.delete, "/api/v1/tokens/\(id)", token: second).status == .notFound)
                #expect(try await client.call(.delete, "/api/v1/tokens/not-an-id", token: token).status == .notFound)
                #expect(try await client.call(.delete, "/api/v1/tokens/\(id)", token: token).status == .noContent)
                let revoked = try await client.call(.get, "/api/v1/tokens", token: token)
                #expect(revoked.status == .unauthorized)
                #expect(revoked.apiErrorMessage == "The API token is invalid or has been revoked.")
            }
        }

        @Test("bad sign-ups and log-ins answer 400 or 401 with a clear message", arguments: DiaryWebBackend.enabled)
        func badInput(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let cases: [([String: Any], String)] = [
                    (["username": "ab", "password": "correct horse"], "username must be 3 to 32 characters long."),
                    (["username": "has space", "password": "correct horse"], "username may contain only"),
                    (["username": "minji", "password": "short"], "password must be at least 8 characters long."),
                    (["username": "minji"], "password is required."),
                    (["username": 12, "password": "correct horse"], "username must be a string."),
                ]
                for (body, message) in cases {
                    let response = try await client.call(.post, "/api/v1/users", json: body)
                    #expect(response.status == .badRequest, "\(body)")
                    #expect(response.apiErrorMessage?.hasPrefix(message) == true, "\(response.text)")
                }
                for text in ["", "not json", "[1,2]", "{\"username\":"] {
                    let response = try await client.call(.post, "/api/v1/users", text: text)
                    #expect(response.status == .badRequest, "\(text)")
                    #expect(response.apiErrorMessage != nil)
                }
                _ = try await client.account("minji")
                let wrong = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "minji", "password": "wrong password"])
                #expect(wrong.status == .unauthorized)
                #expect(wrong.apiErrorMessage == "Wrong username or password.")
                #expect(wrong.headers[.wwwAuthenticate] == "Bearer realm=\"BoxOffice\"")
                let nobody = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "nobody", "password": "wrong password"])
                #expect(nobody.status == .unauthorized)
                #expect(nobody.apiErrorMessage == wrong.apiErrorMessage)
            }
        }

        @Test(
            "five wrong passwords lock the username for 15 minutes: 429 with Retry-After",
            arguments: DiaryWebBackend.enabled)
        func throttling(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                _ = try await client.account("minji")
                for _ in 0..<5 {
                    let response = try await client.call(
                        .post, "/api/v1/tokens", json: ["username": "minji", "password": "guess guess"])
                    #expect(response.status == .unauthorized)
                }
                let locked = try await client.call(
                    .post, "/api/v1/tokens", json: ["username": "MINJI", "password": "correct horse battery"])
                #expect(locked.status == .tooManyRequests)
                let retryAfter = try #require(locked.headers[.retryAfter].flatMap { Int($0) })
                #expect((1...900).contains(retryAfter))
                #expect(locked.apiErrorMessage?.hasPrefix("Too many wrong passwords for this username.") == true)
                // Other usernames still log in.
                _ = try await client.account("jisoo")
            }
        }

        @Test("every route but sign-up and log-in needs a valid Bearer token", arguments: DiaryWebBackend.enabled)
        func anonymous(backend: DiaryWebBackend) async throws {
            try await DiaryWebTestSupport.withApp(backend) { client in
                let id = UUID().uuidString
                let routes: [(HTTPRequest.Method, String)] = [
                    (.get, "/api/v1/tokens"), (.delete, "/api/v1/tokens/\(id)"), (.get, "/api/v1/categories"),
                    (.post, "/api/v1/categories"), (.patch, "/api/v1/categories/\(id)"),
                    (.delete, "/api/v1/categories/\(id)"),
                    (.get, "/api/v1/notes"), (.post, "/api/v1/notes"), (.get, "/api/v1/notes/\(id)"),
                    (.patch, "/api/v1/notes/\(id)"), (.delete, "/api/v1/notes/\(id)"),
                    (.get, "/api/v1/notes/export?format=csv"),
                    (.post, "/api/v1/notes/import?format=csv"), (.get, "/api/v1/stats"),
                ]
                let forged = "bo_" + String(repeating: "A", count: 43)
                for (method, path) in routes {
                    for header in [nil, "Bearer \(forged)", "Basic bWluamk6cGFzc3dvcmQ=", "Bearer"] {
                        var headers: HTTPFields = [:]
                        if let header { headers[.authorization] = header }
                        let response = try await client.call(method, path, text: "{}", headers: headers)
                        #expect(response.status == .unauthorized, "\(method) \(path) \(header ?? "none")")
                        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                        #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"BoxOffice\"")
                        #expect(response.apiErrorMessage != nil)
                    }
                }
            }
        }
    }
}
