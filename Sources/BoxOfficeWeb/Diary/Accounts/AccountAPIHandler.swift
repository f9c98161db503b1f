import BoxOfficeCore
import Foundation

/// `createUser` and `createToken` (sign up, log in for an API token: no token needed), `listTokens`,
/// `revokeToken` and `deleteAccount`. Passwords and tokens are never logged or echoed back, except the new token
/// (and a new device secret), once.
struct AccountAPIHandler: Sendable {
    let accounts: DiaryAccountService
    /// The pages' account labels, forgotten when an account is deleted here.
    let labels: AccountLabels

    func createUser(_ input: Operations.CreateUser.Input) async throws -> Operations.CreateUser.Output {
        let credentials =
            switch input.body {
            case .json(let body): body
            }
        let user = try await accounts.signUp(username: credentials.username, password: credentials.password)
        return .created(.init(body: .json(.init(user))))
    }

    func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        let login =
            switch input.body {
            case .json(let body): body
            }
        // A client that sends `device` (empty the first time) sends back the secret it was given, as a browser does
        // its cookie, so a stranger's guesses at the username never lock it out. One that does not is given none: a
        // script logging in every hour would otherwise push its owner's browsers out of the 20 remembered.
        let user = try await accounts.logIn(username: login.username, password: login.password, device: login.device)
        var device: String?
        if let presented = login.device { device = try await accounts.rememberDevice(for: user, presented: presented) }
        let issued = try await accounts.issueToken(for: user, name: login.name)
        return .created(.init(body: .json(.init(issued, device: device))))
    }

    func listTokens(_: Operations.ListTokens.Input) async throws -> Operations.ListTokens.Output {
        let tokens = try await accounts.tokens(for: try DiaryAPIUser.get())
        return .ok(.init(body: .json(.init(tokens: tokens.map(Components.Schemas.DiaryToken.init)))))
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        let user = try DiaryAPIUser.get()
        // Anything but a UUID is a token that does not exist.
        guard let id = UUID(uuidString: input.path.id) else { throw DiaryError.notFound(.apiToken(input.path.id)) }
        try await accounts.revokeToken(id: id, for: user)
        return .noContent(.init())
    }

    /// The account and everything it keeps, once its password is confirmed (a wrong one: 403, counted as a log-in).
    func deleteAccount(_ input: Operations.DeleteAccount.Input) async throws -> Operations.DeleteAccount.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        try await accounts.deleteAccount(try DiaryAPIUser.get(), password: body.password)
        labels.forgetAll()
        return .noContent(.init())
    }
}

extension Components.Schemas.DiaryUser {
    init(_ user: BoxOfficeCore.DiaryUser) {
        self.init(id: user.id.uuidString, username: user.username, createdAt: user.createdAt)
    }
}

extension Components.Schemas.DiaryIssuedToken {
    /// The secrets are shown here only.
    init(_ issued: DiaryAccountService.IssuedToken, device: String?) {
        self.init(
            token: issued.secret, id: issued.token.id.uuidString, name: issued.token.name,
            createdAt: issued.token.createdAt, device: device)
    }
}

extension Components.Schemas.DiaryToken: ExplicitNullEncoding {
    init(_ token: BoxOfficeCore.DiaryToken) {
        self.init(id: token.id.uuidString, name: token.name, createdAt: token.createdAt, lastUsedAt: token.lastUsedAt)
    }
}
