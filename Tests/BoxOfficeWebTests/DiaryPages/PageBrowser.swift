import BoxOfficeCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// A minimal browser over a test client: keeps cookies as a browser would (Set-Cookie in, Cookie out), sends
/// forms URL-encoded or as multipart, and reads the CSRF token out of pages. English by default, so tests can
/// match the pages' text.
actor PageBrowser {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    var language: String
    /// Sent with every request (e.g. `X-Forwarded-Proto`).
    var extraHeaders: HTTPFields = [:]

    init(_ client: any TestClientProtocol, language: String = "en") {
        self.client = client
        self.language = language
    }

    func setCookie(_ name: String, _ value: String?) { cookies[name] = value }

    func get(_ uri: String) async throws -> TestResponse {
        try await send(.get, uri, body: nil, contentType: nil)
    }

    /// POSTs `fields` as `application/x-www-form-urlencoded`.
    func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(
            .post, uri, body: ByteBuffer(string: body), contentType: "application/x-www-form-urlencoded")
    }

    /// POSTs `body` exactly as given, with `contentType`.
    func postRaw(_ uri: String, body: some Sequence<UInt8>, contentType: String) async throws -> TestResponse {
        try await send(.post, uri, body: ByteBuffer(bytes: Array(body)), contentType: contentType)
    }

    /// POSTs `fields` and one file as `multipart/form-data`.
    func postMultipart(_ uri: String, _ fields: [(String, String)], file: (field: String, name: String, data: Data)?)
        async throws -> TestResponse
    {
        let boundary = "----PageBrowser\(UUID().uuidString)"
        var body = Data()
        for (name, value) in fields {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        if let file {
            body.append(
                Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: text/csv\r\n\r\n"
                        .utf8))
            body.append(file.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return try await send(
            .post, uri, body: ByteBuffer(bytes: body), contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// Loads `page`, takes its CSRF token, and posts `fields` with it to `action` (or to `page`).
    func submit(on page: String, to action: String? = nil, _ fields: [(String, String)]) async throws -> TestResponse {
        let form = try await get(page)
        let token = try #require(Self.csrfToken(in: form.text), "no CSRF token on \(page) (\(form.status))")
        return try await post(action ?? page, [("csrf", token)] + fields)
    }

    /// The CSRF token of any page the browser can see while signed in.
    func sessionCSRF() async throws -> String {
        let page = try await get("/account")
        return try #require(Self.csrfToken(in: page.text), "no CSRF token on /account (\(page.status))")
    }

    /// Signs up through the page (and so is signed in afterwards).
    @discardableResult
    func signUp(_ username: String, password: String = "correct horse battery") async throws -> TestResponse {
        let response = try await submit(
            on: "/signup", [("username", username), ("password", password), ("passwordConfirm", password)])
        #expect(response.status == .seeOther, "sign-up of \(username): \(response.status) \(response.text.prefix(300))")
        return response
    }

    private func send(_ method: HTTPRequest.Method, _ uri: String, body: ByteBuffer?, contentType: String?) async throws
        -> TestResponse
    {
        var headers = extraHeaders
        headers[.acceptLanguage] = language
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: "; ")
        }
        if let contentType { headers[.contentType] = contentType }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body) { $0 }
        for line in response.headers[values: .setCookie] {
            let cookie = Self.parseSetCookie(line)
            if cookie.value.isEmpty || cookie.attributes["max-age"] == "0" {
                cookies[cookie.name] = nil
            } else {
                cookies[cookie.name] = cookie.value
            }
        }
        return response
    }

    /// `name=value; HttpOnly; Max-Age=10` → the name, value and attributes (names lowercased).
    static func parseSetCookie(_ line: String) -> (name: String, value: String, attributes: [String: String]) {
        let parts = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let first = parts.first ?? ""
        let pair = first.split(separator: "=", maxSplits: 1).map(String.init)
        var attributes: [String: String] = [:]
        for part in parts.dropFirst() {
            let attribute = part.split(separator: "=", maxSplits: 1).map(String.init)
            attributes[attribute[0].lowercased()] = attribute.count > 1 ? attribute[1] : ""
        }
        return (pair.first ?? "", pair.count > 1 ? pair[1] : "", attributes)
    }

    /// The value of the first `name="csrf"` hidden field.
    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestResponse {
    /// The `Location` header.
    var location: String? { headers[.location] }

    /// The Set-Cookie line for `name`.
    func setCookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix(name + "=") }
    }
}

/// Helpers shared by the diary page suites.
enum DiaryPageTestSupport {
    /// The note ids linked from an HTML page (`/notes/{uuid}`), in order, without repeats.
    static func noteIDs(in html: String) -> [String] {
        let pattern = #/href="/notes/([0-9A-F-]{36})"/#
        var seen: [String] = []
        for match in html.matches(of: pattern) where !seen.contains(String(match.1)) { seen.append(String(match.1)) }
        return seen
    }

    /// The category ids linked from a page (`category=UUID`), in order, without repeats.
    static func categoryIDs(in html: String) -> [String] {
        let pattern = #/category=([0-9A-F-]{36})/#
        var seen: [String] = []
        for match in html.matches(of: pattern) where !seen.contains(String(match.1)) { seen.append(String(match.1)) }
        return seen
    }

    /// "12 notes" on the notes page, as a number.
    static func noteTotal(_ browser: PageBrowser) async throws -> Int {
        let page = try await browser.get("/notes")
        if page.text.contains("Your diary is empty") { return 0 }
        let match = try #require(page.text.firstMatch(of: #/class="notes-summary" role="status">([0-9,]+) note/#))
        return Int(match.1.replacingOccurrences(of: ",", with: ""))!
    }

    /// Writes a note through the form and returns its id.
    @discardableResult
    static func writeNote(
        _ browser: PageBrowser, movie: String, watchedOn: String = "2024-03-15", rating: String = "", memo: String = "",
        category: String = "", place: String = "", title: String? = nil
    ) async throws -> String {
        let form = try await browser.get("/notes/new?movie=\(movie)")
        #expect(form.status == .ok, "\(form.text.prefix(300))")
        let token = try #require(PageBrowser.csrfToken(in: form.text))
        let shownTitle = try #require(form.text.firstMatch(of: #/name="title" value="([^"]*)"/#)).1
        let response = try await browser.post(
            "/notes",
            [
                ("csrf", token), ("movie", movie), ("title", title ?? String(shownTitle)), ("watchedOn", watchedOn),
                ("rating", rating), ("category", category), ("place", place), ("memo", memo), ("chartDate", ""),
                ("chartRank", ""),
            ])
        #expect(response.status == .seeOther, "\(response.status) \(response.text.prefix(500))")
        let location = try #require(response.location)
        let id = try #require(location.firstMatch(of: #/^/notes/([0-9A-F-]{36})\?done=saved$/#)).1
        return String(id)
    }
}
