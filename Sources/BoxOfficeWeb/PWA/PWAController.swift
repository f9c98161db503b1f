import BoxOfficeCore
import Foundation
import Hummingbird

/// The installable app: `GET /manifest.webmanifest` (in the page's language), `GET /sw.js` (the service worker, at
/// root scope, versioned by the static files' fingerprints) and `GET /offline` (the page the worker shows for a page
/// it never saved).
struct PWAController<Context: RequestContext>: Sendable {
    /// The worker's source with its version and precache list filled in, compressed and tagged once.
    let serviceWorker: EncodedBody
    /// The manifest per language, with and without an explicit `?lang=` (which goes into `start_url`).
    let manifests: [ManifestKey: EncodedBody]
    let renderer: PageRenderer
    let isSampleData: Bool

    static var manifestContentType: String { "application/manifest+json; charset=utf-8" }
    /// The offline page in each language, precached with the shell; plain `/offline` follows Accept-Language.
    static var offlineURLs: [String] { ["/offline", "/offline?lang=ko", "/offline?lang=en"] }

    init(renderer: PageRenderer, isSampleData: Bool) throws {
        self.renderer = renderer
        self.isSampleData = isSampleData
        let assets = renderer.assets
        let source = try String(contentsOfFile: WebResources.serviceWorkerPath, encoding: .utf8)
        let listEncoder = JSONEncoder()
        listEncoder.outputFormatting = .withoutEscapingSlashes
        let precache = try listEncoder.encode(assets.shellURLs + Self.offlineURLs)
        let script = source.replacingOccurrences(of: "__VERSION__", with: assets.version)
            .replacingOccurrences(of: "__PRECACHE__", with: String(decoding: precache, as: UTF8.self))
            .replacingOccurrences(
                of: "__NOTES_STORE__",
                with: assets.url(for: "offline-notes-store.js") ?? "/static/offline-notes-store.js")
        serviceWorker = EncodedBody(ByteBuffer(string: script), contentType: "text/javascript; charset=utf-8")
        var manifests: [ManifestKey: EncodedBody] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for language in [Language.korean, .english] {
            for explicit in [nil, language] {
                let manifest = WebAppManifest(language: language, explicitLanguage: explicit, assets: assets)
                manifests[ManifestKey(language: language, isExplicit: explicit != nil)] = EncodedBody(
                    ByteBuffer(bytes: try encoder.encode(manifest)), contentType: Self.manifestContentType)
            }
        }
        self.manifests = manifests
    }

    func addRoutes(to router: Router<Context>) {
        router.get("manifest.webmanifest") { request, _ -> Response in
            let explicit = Language.explicitParameter(in: request)
            let key = ManifestKey(language: explicit ?? Language(request: request), isExplicit: explicit != nil)
            guard let body = manifests[key] else { throw HTTPError(.notFound) }
            var response = body.response(to: request, headers: [.cacheControl: "public, max-age=3600"])
            response.headers[.vary] = "Accept-Encoding, Accept-Language"
            return response
        }
        router.get("sw.js") { request, _ -> Response in
            // Browsers check the worker for updates on navigations; `no-cache` makes every check reach the server.
            serviceWorker.response(to: request, headers: [.cacheControl: "no-cache"])
        }
        router.get("offline") { request, _ -> Response in
            var response = try renderer.render(
                OfflinePageViewModel(request: request, isSampleData: isSampleData), template: "offline")
            response.headers[.cacheControl] = "no-cache"
            return response
        }
    }

    struct ManifestKey: Hashable, Sendable {
        var language: Language
        var isExplicit: Bool
    }
}

extension WebResources {
    /// The service worker's source (a template: its version and precache list are filled in at start-up).
    static var serviceWorkerPath: String { resourcesDirectory + "/pwa/sw.js" }
}
