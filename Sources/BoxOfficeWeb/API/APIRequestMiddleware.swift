import Hummingbird

/// In front of the generated `/api/v1` routes: keeps the request in ``APIRequest/current`` for the handlers, and drops
/// `Accept`, because the API has always answered its one content type whatever the client accepts (the generated
/// code would refuse a request whose `Accept` names another with a 406).
struct APIRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var head = request.head
        head.headerFields[.accept] = nil
        let forwarded = Request(head: head, body: request.body)
        return try await APIRequest.$current.withValue(request) {
            try await next(forwarded, context)
        }
    }
}
