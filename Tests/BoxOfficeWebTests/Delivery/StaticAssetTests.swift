import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

extension DeliveryTests {
    @Suite("Static files at fingerprinted addresses", .serialized)
    struct StaticAssetTests {
        @Test("names: the fingerprint goes before the extension and comes off again")
        func names() {
            #expect(StaticAssets.fingerprinted("app.js", hash: "0123456789ab") == "app.0123456789ab.js")
            #expect(
                StaticAssets.fingerprinted("icons/icon-192.png", hash: "0123456789ab")
                    == "icons/icon-192.0123456789ab.png")
            #expect(StaticAssets.unfingerprinted("icons/icon-192.0123456789ab.png") == "icons/icon-192.png")
            #expect(StaticAssets.unfingerprinted("app.js") == nil)
            #expect(StaticAssets.unfingerprinted("app.0123456789ag.js") == nil, "not hex")
            #expect(StaticAssets.unfingerprinted("app.0123.js") == nil, "too short")
            #expect(StaticAssets.templateKey("icons/icon-192.png") == "icons_icon_192_png")
        }

        @Test("the bundle's files: each at a fingerprint of its content, all listed for the service worker")
        func bundle() throws {
            let assets = try StaticAssets.load(from: WebResources.publicDirectory)
            for name in ["style.css", "app.js", "archive.css", "admin.css", "favicon.svg"] {
                let url = try #require(assets.url(for: name), "\(name)")
                #expect(assets.shellURLs.contains(url))
                #expect(assets.templateURLs[StaticAssets.templateKey(name)] == url)
            }
            let script = try #require(assets.all.first { $0.path == "app.js" })
            #expect(script.url == "/static/app.\(script.body.digest.prefix(12)).js")
            #expect(script.body.contentType == "text/javascript; charset=utf-8")
            #expect(assets.url(for: "nothing.css") == nil)
        }

        @Test("a changed file gets a new address; an old address still gets the current file, briefly")
        func versions() throws {
            let old = StaticAssets([("app.js", ByteBuffer(string: "one"))])
            let new = StaticAssets([("app.js", ByteBuffer(string: "two"))])
            let oldURL = try #require(old.url(for: "app.js"))
            let newURL = try #require(new.url(for: "app.js"))
            #expect(oldURL != newURL)
            #expect(old.version != new.version)
            let stale = try #require(new.asset(at: String(oldURL.dropFirst(StaticAssets.prefix.count))))
            #expect(stale.naming == .stale)
            #expect(String(buffer: stale.asset.body.identity) == "two")
            #expect(new.asset(at: String(newURL.dropFirst(StaticAssets.prefix.count)))?.naming == .fingerprinted)
            #expect(new.asset(at: "app.js")?.naming == .plain)
            #expect(new.asset(at: "other.0123456789ab.js") == nil)
        }

        @Test("over HTTP: immutable under the fingerprint; the plain and stale names short-lived with an ETag and 304")
        func served() async throws {
            try await AdminTestSupport.withApp { app in
                let client = app.client
                let page = try await client.get("/daily?date=\(WebTestSupport.settledDate)")
                let cssURL = String(
                    try #require(page.text.firstMatch(of: #/href="(/static/style\.[0-9a-f]{12}\.css)"/#)).1)
                let css = try await client.get(cssURL)
                #expect(css.status == .ok)
                #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(css.headers[.contentType] == "text/css; charset=utf-8")
                #expect(css.text.contains("prefers-color-scheme: dark"))
                #expect(css.headers[.contentSecurityPolicy] != nil, "security headers on static files too")

                let plain = try await client.get("/static/style.css")
                #expect(plain.status == .ok)
                #expect(plain.text == css.text)
                #expect(plain.headers[.cacheControl] == "public, max-age=300")
                let tag = try #require(plain.headers[.eTag])
                let revalidated = try await client.get("/static/style.css", headers: [.ifNoneMatch: tag])
                #expect(revalidated.status == .notModified)
                #expect(revalidated.body.readableBytes == 0)
                #expect(revalidated.headers[.eTag] == tag)

                let stale = try await client.get("/static/style.000000000000.css")
                #expect(stale.status == .ok)
                #expect(stale.text == css.text)
                #expect(stale.headers[.cacheControl] == "public, max-age=300")

                for missing in ["/static/missing.css", "/static/style.0000.css", "/static/missing.000000000000.css"] {
                    #expect(try await client.get(missing).status == .notFound, "\(missing)")
                }
                let head = try await client.execute(uri: cssURL, method: .head) { $0 }
                #expect(head.status == .ok)
                #expect(head.body.readableBytes == 0)
                #expect(
                    try await client.execute(uri: cssURL, method: .post) { $0 }.status == .notFound, "as any address")
            }
        }
    }
}
