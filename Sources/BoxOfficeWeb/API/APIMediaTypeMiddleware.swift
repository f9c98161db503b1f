import Hummingbird

/// In front of the generated `/api/v1` routes: drops `Accept` and `Content-Type`, because the API has always answered
/// its one content type whatever the client accepts and read each operation's one kind of body whatever the client
/// called it (`curl -d` says form data; an import file's type is its `format`): the generated code would refuse the
/// first with a 406 and the second with a 415.
struct APIMediaTypeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var head = request.head
        head.headerFields[.accept] = nil
        head.headerFields[.contentType] = nil
        return try await next(Request(head: head, body: request.body), context)
    }
}
