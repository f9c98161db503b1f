import Hummingbird

/// `GET /openapi.json`: the document with its gzip form and entity tag, made once at start-up like a static file
/// (198 KB hashed and compressed on every request would let anyone spend the server's CPU for nothing).
struct OpenAPIController<Context: RequestContext>: Sendable {
    let body: EncodedBody

    init(document: OpenAPIDocument) {
        body = EncodedBody(document.bytes, contentType: ResponseBuilders.jsonContentType)
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/openapi.json") { request, _ -> Response in
            body.response(to: request, headers: [.cacheControl: "public, max-age=300"])
        }
    }
}
