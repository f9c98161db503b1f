import Foundation
import Hummingbird

/// The files of `Resources/public` (style sheets, the page script, icons), read once at start-up, each also at an
/// address that names its content: `/static/app.<hash>.js`. Pages link the fingerprinted addresses, which browsers
/// may keep for a year without asking again (a new deployment changes the address); the plain addresses
/// (`/static/app.js`) keep working with a short lifetime and an entity tag.
///
/// Templates reach the addresses as `{{assets.<key>}}`, the key being the file's path with every character that is
/// not a letter or digit turned into `_`: `{{assets.style_css}}`, `{{assets.icons_icon_192_png}}`.
struct StaticAssets: Sendable {
    /// One file: its path under `public/`, its fingerprinted address and its bytes (with their gzip form).
    struct Asset: Sendable {
        /// `app.js`, `icons/icon-192.png`.
        var path: String
        /// `/static/app.3f2a9c1b0d4e.js`.
        var url: String
        var body: EncodedBody
    }

    /// How a request named a file.
    enum Naming: Sendable, Equatable {
        /// By its current fingerprint: immutable.
        case fingerprinted
        /// By its plain name.
        case plain
        /// By a fingerprint of an earlier version (a page kept from before a deployment): the current file, briefly.
        case stale
    }

    static let prefix = "/static/"
    static var immutableCacheControl: String { "public, max-age=31536000, immutable" }
    static var shortCacheControl: String { "public, max-age=300" }
    /// Hex digits of the content hash in a fingerprinted name.
    static let fingerprintLength = 12

    private let byPath: [String: Asset]
    private let byFingerprintedPath: [String: Asset]

    init(_ files: [(path: String, contents: ByteBuffer)]) {
        var byPath: [String: Asset] = [:]
        var byFingerprintedPath: [String: Asset] = [:]
        for file in files {
            let body = EncodedBody(file.contents, contentType: Self.contentType(of: file.path))
            let fingerprinted = Self.fingerprinted(file.path, hash: String(body.digest.prefix(Self.fingerprintLength)))
            let asset = Asset(path: file.path, url: Self.prefix + fingerprinted, body: body)
            byPath[file.path] = asset
            byFingerprintedPath[fingerprinted] = asset
        }
        self.byPath = byPath
        self.byFingerprintedPath = byFingerprintedPath
    }

    /// Every regular file under `directory` (hidden ones left out), read now.
    static func load(from directory: String) throws -> StaticAssets {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var files: [(path: String, contents: ByteBuffer)] = []
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            files.append((path, ByteBuffer(bytes: try Data(contentsOf: url))))
        }
        return StaticAssets(files)
    }

    /// The fingerprinted address of `path` (`"app.js"` → `/static/app.3f2a9c1b0d4e.js`); `nil` for no such file.
    func url(for path: String) -> String? {
        byPath[path]?.url
    }

    /// Every file, by path.
    var all: [Asset] {
        byPath.values.sorted { $0.path < $1.path }
    }

    /// The fingerprinted addresses of every file (style sheets, scripts, icons): what the service worker precaches
    /// as the app's shell.
    var shellURLs: [String] {
        all.map(\.url)
    }

    /// A digest of every fingerprint: changes whenever any file does (a cache name for the service worker).
    var version: String {
        let joined = all.map(\.url).joined(separator: "\n")
        return String(EncodedBody.digest(of: ByteBuffer(string: joined)).prefix(Self.fingerprintLength))
    }

    /// `{{assets.<key>}}` for templates: `style_css` → `/static/style.3f2a9c1b0d4e.css`.
    var templateURLs: [String: String] {
        Dictionary(byPath.values.map { (Self.templateKey($0.path), $0.url) }) { first, _ in first }
    }

    /// The file a path under `/static/` names, and how it named it; `nil` when there is no such file.
    func asset(at path: String) -> (asset: Asset, naming: Naming)? {
        if let asset = byFingerprintedPath[path] { return (asset, .fingerprinted) }
        if let asset = byPath[path] { return (asset, .plain) }
        guard let plain = Self.unfingerprinted(path), let asset = byPath[plain] else { return nil }
        return (asset, .stale)
    }

    /// The answer for a file: the immutable lifetime under its fingerprint, a short one with revalidation otherwise.
    func response(to request: Request, asset: Asset, naming: Naming) -> Response {
        let cacheControl = naming == .fingerprinted ? Self.immutableCacheControl : Self.shortCacheControl
        return asset.body.response(to: request, headers: [.cacheControl: cacheControl])
    }

    // MARK: - Names

    /// `icons/icon-192.png` → `icons/icon-192.<hash>.png`.
    static func fingerprinted(_ path: String, hash: String) -> String {
        let (stem, ext) = split(path)
        return ext.map { "\(stem).\(hash).\($0)" } ?? "\(stem).\(hash)"
    }

    /// `app.<12 hex digits>.js` → `app.js`; `nil` when the name carries no fingerprint.
    static func unfingerprinted(_ path: String) -> String? {
        let (stem, ext) = split(path)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let hash = stem[stem.index(after: dot)...]
        guard hash.count == fingerprintLength, hash.allSatisfy(\.isHexDigit) else { return nil }
        let name = String(stem[..<dot])
        return ext.map { "\(name).\($0)" } ?? name
    }

    /// The path without and with its extension (after the last dot of the file name).
    private static func split(_ path: String) -> (stem: String, ext: String?) {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart else { return (path, nil) }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }

    static func templateKey(_ path: String) -> String {
        String(path.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    static func contentType(of path: String) -> String {
        switch split(path).ext?.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
