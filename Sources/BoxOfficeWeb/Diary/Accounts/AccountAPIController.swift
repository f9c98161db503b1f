import BoxOfficeCore
import Foundation
import Hummingbird

/// `POST /api/v1/users` (sign up) and `POST /api/v1/tokens` (log in for an API token): the two diary routes
/// that need no token. Passwords and tokens are never logged or echoed back, except the new token, once.
struct AccountAPIController<Context: RequestContext>: Sendable {
    let diary: DiaryAccountService

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("users") { request, _ in try await signUp(request) }
        group.post("tokens") { request, _ in try await logIn(request) }
    }

    func signUp(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        let user = try await diary.signUp(
            username: try body.requiredString("username"), password: try body.requiredString("password"))
        return try ResponseBuilders.json(UserBody(user), status: .created)
    }

    func logIn(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request)
        let user = try await diary.logIn(
            username: try body.requiredString("username"), password: try body.requiredString("password"))
        let issued = try await diary.issueToken(for: user, name: try body.string("name"))
        return try ResponseBuilders.json(IssuedTokenBody(issued), status: .created)
    }
}

/// `GET /api/v1/tokens` and `DELETE /api/v1/tokens/{id}`: the user's API tokens.
struct TokenAPIController<Context: DiaryAuthenticatedContext>: Sendable {
    let diary: DiaryAccountService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("tokens") { _, context in
            try ResponseBuilders.json(TokenListBody(tokens: try await diary.tokens(for: try context.user())))
        }
        group.delete("tokens/{id}") { _, context in
            let text = context.parameters.get("id") ?? ""
            guard let id = UUID(uuidString: text) else {
                throw DiaryError.notFound(.apiToken(text))
            }
            try await diary.revokeToken(id: id, for: try context.user())
            return Response(status: .noContent)
        }
    }
}

/// `{"id", "username", "createdAt"}`.
struct UserBody: Encodable {
    var id: UUID
    var username: String
    var createdAt: Date

    init(_ user: DiaryUser) {
        id = user.id
        username = user.username
        createdAt = user.createdAt
    }
}

/// `{"token", "id", "name", "createdAt"}`: the secret is shown here only.
struct IssuedTokenBody: Encodable {
    var token: String
    var id: UUID
    var name: String
    var createdAt: Date

    init(_ issued: DiaryAccountService.IssuedToken) {
        token = issued.secret
        id = issued.token.id
        name = issued.token.name
        createdAt = issued.token.createdAt
    }
}

/// `{"tokens": [{"id", "name", "createdAt", "lastUsedAt"}]}`.
struct TokenListBody: Encodable {
    var tokens: [DiaryToken]
}
