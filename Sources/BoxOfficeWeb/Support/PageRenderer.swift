import Foundation
import Hummingbird
import Mustache

/// The Mustache templates of the web pages, loaded once at startup from the bundle.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary

    /// A renderer over the templates in `Resources/templates`.
    static func loadFromBundle() async throws -> PageRenderer {
        let library = try await MustacheLibrary(directory: WebResources.templatesDirectory)
        return PageRenderer(library: library)
    }

    /// Renders the page `template` for `viewModel` as an HTML response.
    func render(_ viewModel: Any, template: String, status: HTTPResponse.Status = .ok) throws -> Response {
        ResponseBuilders.html(try renderBody(viewModel, template: template), status: status)
    }

    /// The page `template` for `viewModel` as the bytes of a response body (for pages that are cached).
    func renderBody(_ viewModel: Any, template: String) throws -> ByteBuffer {
        guard let html = library.render(MustacheValueTree.make(viewModel), withTemplate: template) else {
            throw MissingTemplateError(name: template)
        }
        return ByteBuffer(string: html)
    }
}

struct MissingTemplateError: Error, CustomStringConvertible {
    var name: String
    var description: String { "no Mustache template named \(name)" }
}

/// Where the bundled resources live (`Resources/` is copied into the module's bundle).
enum WebResources {
    static var resourcesDirectory: String {
        Bundle.module.url(forResource: "Resources", withExtension: nil)?.path
            ?? Bundle.module.bundlePath + "/Resources"
    }
    static var templatesDirectory: String { resourcesDirectory + "/templates" }
    static var publicDirectory: String { resourcesDirectory + "/public" }
}
