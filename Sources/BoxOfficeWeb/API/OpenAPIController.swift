import Hummingbird

/// `GET /openapi.json`.
struct OpenAPIController<Context: RequestContext>: Sendable {
    let document: OpenAPIDocument

    func addRoutes(to router: Router<Context>) {
        router.get("/openapi.json") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: ResponseBuilders.jsonContentType, .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: document.bytes))
        }
    }
}
