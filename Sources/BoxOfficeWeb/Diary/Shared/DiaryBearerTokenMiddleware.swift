import BoxOfficeCore
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// In front of every generated operation the document secures with `bearerAuth`: lets a request through only with
/// `Authorization: Bearer <token>` naming a live API token, and keeps the token's user in ``DiaryAPIUser/current``
/// for the handler; otherwise a 401, before the body is read. Tokens are compared by their SHA-256, never logged.
struct DiaryBearerTokenMiddleware: ServerMiddleware {
    let accounts: DiaryAccountService
    /// The operations that need a token: those the document secures (``OpenAPIDocument/securedOperationIDs``).
    let securedOperations: Set<String>

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard securedOperations.contains(operationID) else { return try await next(request, body, metadata) }
        let found = try await authenticate(request.headerFields[.authorization])
        return try await DiaryAPIUser.$current.withValue(found.user) {
            try await DiaryAPIUser.$diaryVersion.withValue(found.diaryVersion) {
                try await next(request, body, metadata)
            }
        }
    }

    /// The user `header` (`Bearer <token>`) names, with their diary version; 401 when it names none.
    func authenticate(_ header: String?) async throws -> (user: DiaryUser, diaryVersion: Int64) {
        guard let header else { throw DiaryError.unauthorized(.missingToken) }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw DiaryError.unauthorized(.missingToken)
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard let found = try await accounts.authenticatedToken(apiToken: token) else {
            throw DiaryError.unauthorized(.invalidToken)
        }
        return found
    }
}
