import BoxOfficeCore
import Hummingbird

/// Adds the diary API under `group` (`/api/v1`): sign-up and log-in without a token, everything else behind
/// ``BearerTokenAuthenticator``, all wrapped by ``DiaryAPIMiddleware``.
func addDiaryAPIRoutes(to group: RouterGroup<BasicRequestContext>, services: AppServices) {
    let diary = group.group(context: DiaryRequestContext.self)
        .add(middleware: DiaryAPIMiddleware<DiaryRequestContext>())
    AccountAPIController<DiaryRequestContext>(diary: services.diary).addRoutes(to: diary)

    let authenticated = diary.group()
        .add(middleware: BearerTokenAuthenticator<DiaryRequestContext>(diary: services.diary))
    TokenAPIController<DiaryRequestContext>(diary: services.diary).addRoutes(to: authenticated)
    CategoryAPIController<DiaryRequestContext>(diary: services.diary).addRoutes(to: authenticated)
    NoteAPIController<DiaryRequestContext>(diary: services.diary, calendar: services.calendar)
        .addRoutes(to: authenticated)
    StatsAPIController<DiaryRequestContext>(diary: services.diary).addRoutes(to: authenticated)
}
