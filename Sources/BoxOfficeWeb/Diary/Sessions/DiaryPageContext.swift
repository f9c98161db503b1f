import BoxOfficeCore
import Hummingbird

/// What the diary pages need from their request context: the signed-in session (if any) and the submitted
/// form, which ``CSRFMiddleware`` has already read and checked.
protocol DiarySessionContext: RequestContext {
    /// The live session the `boxoffice_session` cookie names, or `nil` for an anonymous request.
    var session: DiarySession? { get set }
    /// The session's user's diary version, read with the session (`nil` for an anonymous request): a page kept until
    /// the diary changes is found without another query.
    var diaryVersion: Int64? { get set }
    /// The POSTed form body, which each page decodes into its own form type; empty on GET.
    var form: FormBody { get set }
}

extension DiarySessionContext {
    /// The signed-in user. ``RequireSessionMiddleware`` has already redirected anonymous requests, so a
    /// missing session here is a routing mistake, answered like one.
    func requireSession() throws -> DiarySession {
        guard let session else { throw DiaryError.unauthorized(.notSignedIn) }
        return session
    }
}

/// The request context of the diary pages.
struct DiaryPageContext: ChildRequestContext, DiarySessionContext {
    typealias ParentContext = AppRequestContext

    var coreContext: CoreRequestContextStorage
    var session: DiarySession?
    var diaryVersion: Int64?
    var form: FormBody

    init(context: AppRequestContext) throws {
        coreContext = context.coreContext
        session = nil
        diaryVersion = nil
        form = FormBody()
    }
}
