import BoxOfficeCore

/// `/manifest.webmanifest`: what a browser needs to install BoxOffice as an app, in one language.
struct WebAppManifest: Encodable, Sendable {
    struct Icon: Encodable, Sendable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String
    }

    var id: String
    var name: String
    var shortName: String
    var description: String
    var lang: String
    var dir: String
    var startURL: String
    var scope: String
    var display: String
    var themeColor: String
    var backgroundColor: String
    var categories: [String]
    var icons: [Icon]

    enum CodingKeys: String, CodingKey {
        case id, name, description, lang, dir, scope, display, categories, icons
        case shortName = "short_name"
        case startURL = "start_url"
        case themeColor = "theme_color"
        case backgroundColor = "background_color"
    }

    /// The page background of the light theme (style.css `--bg`); the dark one is in the pages' `theme-color` meta.
    static let lightBackground = "#ffffff"
    static let darkBackground = "#141418"

    /// The manifest in `language`; `explicitLanguage` (a `?lang=` the page was opened with) carries into the start
    /// address, so the installed app opens in the language it was installed from.
    init(language: Language, explicitLanguage: Language?, assets: StaticAssets) {
        let strings = AppShellStrings.table(for: language)
        id = "/"
        name = strings.appName
        shortName = strings.shortName
        description = strings.description
        lang = language.rawValue
        dir = "ltr"
        startURL = LinkBuilder.link("/daily", [("lang", explicitLanguage?.rawValue)])
        scope = "/"
        display = "standalone"
        themeColor = Self.lightBackground
        backgroundColor = Self.lightBackground
        categories = ["entertainment", "movies"]
        icons = [
            Icon(src: assets.url(for: "icons/icon-192.png") ?? "", sizes: "192x192", type: "image/png", purpose: "any"),
            Icon(src: assets.url(for: "icons/icon-512.png") ?? "", sizes: "512x512", type: "image/png", purpose: "any"),
            Icon(
                src: assets.url(for: "icons/icon-maskable-512.png") ?? "", sizes: "512x512", type: "image/png",
                purpose: "maskable"),
        ]
    }
}
