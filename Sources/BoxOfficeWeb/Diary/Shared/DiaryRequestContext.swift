import BoxOfficeCore
import Hummingbird
import HummingbirdAuth

/// The request context of the diary API: the app's context plus the user a Bearer token identified.
struct DiaryRequestContext: ChildRequestContext, AuthRequestContext {
    typealias ParentContext = BasicRequestContext

    var coreContext: CoreRequestContextStorage
    var identity: DiaryUser?

    init(context: BasicRequestContext) throws {
        coreContext = context.coreContext
        identity = nil
    }
}

/// What diary controllers need from their context: the authenticated user.
protocol DiaryAuthenticatedContext: AuthRequestContext where Identity == DiaryUser {}

extension DiaryRequestContext: DiaryAuthenticatedContext {}

extension DiaryAuthenticatedContext {
    /// The user the Bearer token named; the authenticator has already refused requests without one.
    func user() throws -> DiaryUser {
        guard let identity else { throw DiaryError.unauthorized(.missingToken) }
        return identity
    }
}
