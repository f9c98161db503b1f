import BoxOfficeCore
import Hummingbird

/// The diary's web pages. Every one runs in ``DiaryPageContext`` behind ``DiarySessionMiddleware``; sign-up
/// and log-in check the pre-session CSRF cookie, everything else needs a session (anonymous requests are
/// sent to `/login?next=…`) and the session's CSRF token on every form post.
func addDiaryPageRoutes(to group: RouterGroup<BasicRequestContext>, services: AppServices, renderer: PageRenderer) {
    let diary = group.group(context: DiaryPageContext.self)
        .add(middleware: DiarySessionMiddleware<DiaryPageContext>(diary: services.diary, calendar: services.calendar))

    let guests = diary.group()
        .add(middleware: CSRFMiddleware<DiaryPageContext>(expected: .preSessionCookie, bodyLimit: 64 << 10))
    SignupController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: guests)
    LoginController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: guests)

    // The import form carries a whole file (up to the API's import limit); only signed-in users get this far.
    let members = diary.group()
        .add(middleware: RequireSessionMiddleware<DiaryPageContext>())
        .add(
            middleware: CSRFMiddleware<DiaryPageContext>(
                expected: .session, bodyLimit: TransferController<DiaryPageContext>.importSizeLimit + (64 << 10)))
    LogoutController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
    AccountController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
    NotesController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
    NoteController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
    CategoriesController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
    StatsController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
    TransferController<DiaryPageContext>(services: services, renderer: renderer).addRoutes(to: members)
}
