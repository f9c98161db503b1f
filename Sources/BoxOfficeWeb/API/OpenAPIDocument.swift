import Foundation
import Hummingbird

/// The OpenAPI description of `/api/v1`, kept as the resource `Resources/openapi.json` and read
/// once at startup, so a missing or broken document stops the app from starting rather than being served.
/// What the routes need to know about their operations (which need a token, which are the diary's) is read from it
/// too, so the document stays the one place that says so.
struct OpenAPIDocument: Sendable {
    /// The document exactly as stored.
    let bytes: ByteBuffer
    /// The operation ids whose `security` (or the document's) asks for a credential.
    let securedOperationIDs: Set<String>
    /// The operation ids by tag.
    private let operationIDsByTag: [String: Set<String>]

    /// Checks that `data` is a JSON object naming an OpenAPI version.
    init(data: Data) throws(OpenAPIDocumentError) {
        let object = try? JSONSerialization.jsonObject(with: data)
        guard let document = object as? [String: Any], document["openapi"] is String else {
            throw OpenAPIDocumentError(message: "openapi.json is not an OpenAPI document (no \"openapi\" version)")
        }
        bytes = ByteBuffer(bytes: data)
        let documentSecurity = document["security"] as? [Any] ?? []
        var secured: Set<String> = []
        var byTag: [String: Set<String>] = [:]
        for case let item as [String: Any] in (document["paths"] as? [String: Any] ?? [:]).values {
            for case let operation as [String: Any] in item.values {
                guard let id = operation["operationId"] as? String else { continue }
                if !(operation["security"] as? [Any] ?? documentSecurity).isEmpty { secured.insert(id) }
                for case let tag as String in operation["tags"] as? [Any] ?? [] { byTag[tag, default: []].insert(id) }
            }
        }
        securedOperationIDs = secured
        operationIDsByTag = byTag
    }

    /// The operation ids tagged `tag`.
    func operationIDs(tagged tag: String) -> Set<String> {
        operationIDsByTag[tag] ?? []
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
