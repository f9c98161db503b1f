import Foundation
import Hummingbird

/// The OpenAPI description of `/api/v1`, kept as the resource `Resources/openapi.json` and read
/// once at startup, so a missing or broken document stops the app from starting rather than being served.
struct OpenAPIDocument: Sendable {
    /// The document exactly as stored.
    let bytes: ByteBuffer

    /// Checks that `data` is a JSON object naming an OpenAPI version.
    init(data: Data) throws(OpenAPIDocumentError) {
        let object = try? JSONSerialization.jsonObject(with: data)
        guard let document = object as? [String: Any], document["openapi"] is String else {
            throw OpenAPIDocumentError(message: "openapi.json is not an OpenAPI document (no \"openapi\" version)")
        }
        bytes = ByteBuffer(bytes: data)
    }

    /// The document in the module's bundle.
    static func loadFromBundle() throws -> OpenAPIDocument {
        let path = WebResources.resourcesDirectory + "/openapi.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OpenAPIDocumentError(message: "openapi.json is missing from the bundle (\(path))")
        }
        return try OpenAPIDocument(data: data)
    }
}

struct OpenAPIDocumentError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

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
