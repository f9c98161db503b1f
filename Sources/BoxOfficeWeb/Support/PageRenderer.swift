import Foundation
import Hummingbird
import Mustache

/// The Mustache templates of the web pages, loaded once at startup from the bundle, with the static files they link
/// (every template sees their fingerprinted addresses as `{{assets.<key>}}`, see ``StaticAssets``).
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    let assets: StaticAssets
    private let assetURLs: [String: String]

    init(library: MustacheLibrary, assets: StaticAssets) {
        self.library = library
        self.assets = assets
        assetURLs = assets.templateURLs
    }

    /// A renderer over the templates in `Resources/templates` and the files in `Resources/public`.
    static func loadFromBundle() async throws -> PageRenderer {
        let library = try await MustacheLibrary(directory: WebResources.templatesDirectory)
        return PageRenderer(library: library, assets: try StaticAssets.load(from: WebResources.publicDirectory))
    }

    /// Renders the page `template` for `viewModel` as an HTML response.
    func render(_ viewModel: Any, template: String, status: HTTPResponse.Status = .ok) throws -> Response {
        ResponseBuilders.html(try renderBody(viewModel, template: template), status: status)
    }

    /// The page `template` for `viewModel` as the bytes of a response body (for pages that are cached).
    func renderBody(_ viewModel: Any, template: String) throws -> ByteBuffer {
        var values = MustacheValueTree.make(viewModel)
        if var fields = values as? [String: Any] {
            fields["assets"] = assetURLs
            values = fields
        }
        guard let html = library.render(values, withTemplate: template) else {
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
