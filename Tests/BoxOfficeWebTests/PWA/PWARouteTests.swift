import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("The installable app: manifest, service worker, offline page, account label")
struct PWARouteTests {
    @Test("the manifest in the page's language names the app, its start page and icons that exist")
    func manifest() async throws {
        try await WebTestSupport.withSampleApp { client in
            let korean = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(korean.status == .ok)
            #expect(korean.headers[.contentType] == "application/manifest+json; charset=utf-8")
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: korean.body)) as? [String: Any])
            #expect(manifest["name"] as? String == "박스오피스")
            #expect(manifest["lang"] as? String == "ko")
            #expect(manifest["start_url"] as? String == "/daily")
            #expect(manifest["display"] as? String == "standalone")
            #expect(manifest["scope"] as? String == "/")
            #expect(manifest["id"] as? String == "/")
            #expect(manifest["theme_color"] as? String == WebAppManifest.lightBackground)
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(
                Set(icons.map { "\($0["sizes"] ?? "") \($0["purpose"] ?? "")" })
                    == ["192x192 any", "512x512 any", "512x512 maskable"])
            for icon in icons {
                let src = try #require(icon["src"])
                #expect(src.hasPrefix("/static/icons/"))
                let file = try await client.execute(uri: src, method: .get)
                #expect(file.status == .ok, "\(src)")
                #expect(file.headers[.contentType] == "image/png")
                #expect(Array(Data(buffer: file.body).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }

            let byHeader = try await client.execute(
                uri: "/manifest.webmanifest", method: .get, headers: [.acceptLanguage: "en-US,en;q=0.9"])
            let english = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: byHeader.body)) as? [String: Any])
            #expect(english["name"] as? String == "Box Office")
            #expect(english["start_url"] as? String == "/daily")
            #expect(byHeader.headers[.vary]?.contains("Accept-Language") == true)

            let byAddress = try await client.execute(uri: "/manifest.webmanifest?lang=en", method: .get)
            let chosen = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: byAddress.body)) as? [String: Any])
            #expect(chosen["lang"] as? String == "en")
            #expect(chosen["start_url"] as? String == "/daily?lang=en", "the installed app opens in this language")
        }
    }

    @Test("every page links the manifest, the touch icon and the light and dark theme colours")
    func pageHead() async throws {
        try await WebTestSupport.withSampleApp { client in
            let page = try await client.execute(uri: "/daily?date=\(WebTestSupport.settledDate)&lang=en", method: .get)
            let html = page.text
            #expect(html.contains(#"<link rel="manifest" href="/manifest.webmanifest?lang=en">"#))
            #expect(
                html.contains(##"<meta name="theme-color" content="#141418" media="(prefers-color-scheme: dark)">"##))
            #expect(html.contains(#"<meta name="apple-mobile-web-app-title" content="Box Office">"#))
            let touch = try #require(html.firstMatch(of: #/rel="apple-touch-icon" href="([^"]+)"/#)).1
            let icon = try await client.execute(uri: String(touch), method: .get)
            #expect(icon.status == .ok)
            #expect(icon.headers[.cacheControl] == StaticAssets.immutableCacheControl)
        }
    }

    @Test("the service worker: never cached by HTTP, versioned by the assets, precaching them and /offline")
    func serviceWorker() async throws {
        let assets = try StaticAssets.load(from: WebResources.publicDirectory)
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.execute(uri: "/sw.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            let script = response.text
            #expect(script.contains(#"var VERSION = "\#(assets.version)";"#))
            #expect(!script.contains("__PRECACHE__"))
            for url in assets.shellURLs + PWAController<BasicRequestContext>.offlineURLs {
                #expect(script.contains(#""\#(url)""#), "\(url) is precached")
            }
            let tag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: "/sw.js", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
        }
    }

    @Test("/offline is a real page in both languages")
    func offlinePage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let korean = try await client.execute(uri: "/offline", method: .get)
            #expect(korean.status == .ok)
            #expect(korean.headers[.contentType] == ResponseBuilders.htmlContentType)
            #expect(korean.text.contains("<h1>오프라인입니다</h1>"))
            #expect(korean.text.contains(#"<html lang="ko">"#))
            let english = try await client.execute(
                uri: "/offline", method: .get, headers: [.acceptLanguage: "en"])
            #expect(english.text.contains("<h1>You are offline</h1>"))
            let chosen = try await client.execute(uri: "/offline?lang=en", method: .get)
            #expect(chosen.text.contains(#"<a class="retry-link" href="/daily?lang=en""#))
        }
    }

    @Test("diary pages say which account they were made for: none, or one label per account")
    func accountLabel() async throws {
        try await WebTestSupport.withSampleApp { client in
            let first = PageBrowser(client)
            let anonymous = try await first.get("/login")
            #expect(anonymous.headers[DiarySessionMiddleware<DiaryPageContext>.accountHeader] == "none")
            try await first.signUp("labelone")
            let notes = try await first.get("/notes")
            #expect(notes.headers[.cacheControl] == "no-store")
            let label = try #require(notes.headers[DiarySessionMiddleware<DiaryPageContext>.accountHeader])
            #expect(label.wholeMatch(of: #/[0-9a-f]{16}/#) != nil)
            #expect(
                try await first.get("/stats").headers[DiarySessionMiddleware<DiaryPageContext>.accountHeader] == label)

            let second = PageBrowser(client)
            try await second.signUp("labeltwo")
            let other = try await second.get("/notes").headers[DiarySessionMiddleware<DiaryPageContext>.accountHeader]
            #expect(other != nil && other != label)

            // A second session of the first account carries the same label.
            let again = PageBrowser(client)
            let login = try await again.submit(
                on: "/login", [("username", "labelone"), ("password", "correct horse battery")])
            #expect(login.status == .seeOther)
            #expect(
                try await again.get("/notes").headers[DiarySessionMiddleware<DiaryPageContext>.accountHeader] == label)
            // Public pages say whom they were shown to as well (the worker learns the account from any page), but not
            // until when: only pages made for a session are private.
            let chart = try await again.get("/daily?date=\(WebTestSupport.settledDate)")
            #expect(chart.headers[DiarySessionMiddleware<DiaryPageContext>.accountHeader] == label)
            #expect(chart.headers[DiarySessionMiddleware<DiaryPageContext>.expiresHeader] == nil)
        }
    }
}
