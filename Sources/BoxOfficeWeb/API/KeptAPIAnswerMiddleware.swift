import BoxOfficeCore
import Foundation
import Hummingbird

/// Public `/api/v1` answers kept while they cannot change, as the pages they mirror are: a settled chart, a film, a
/// finished period is encoded once, with its gzip form and entity tag, instead of being read, encoded and compressed
/// on every request. An answer is kept when its handler said for how long (`Cache-Control: public, max-age=N`,
/// ``APICacheControl``), under its path, raw query and language, for those N seconds; a kept answer goes out with the
/// seconds it has left. Answers of the diary (`no-store`), errors and anything else are never kept. Every answer's
/// words may follow `Accept-Language`, kept or not, so each says so in `Vary`.
///
/// It stands in front of the generated routes after the `lang` check, so a kept answer costs a lookup: the request it
/// was made for passed every check, and the same path and query pass them again. A path whose answer follows what
/// this instance does (the archive's status) names a version in `versions`: an answer is kept under the version it
/// was made at and not given once the version changes.
///
/// Requests for an answer not kept yet that arrive while it is being made wait for it (``AnswerFlights``): thirty at
/// once cost what one does, not thirty encodings and compressions. They get it only when it was kept, which is what
/// they would have been given a moment later; otherwise (an error) each makes its own. Requests with credentials
/// (`Authorization`, a cookie) neither wait nor are waited for: a person's answers are never shared.
struct KeptAPIAnswerMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A kept answer as the requests that waited for it are given it.
    struct Shared: Sendable {
        var body: EncodedBody
        var headers: HTTPFields
    }

    let answers: RenderedPageCache
    let calendar: BoxOfficeCalendar
    var versions: [String: @Sendable () -> String] = [:]
    var flights = AnswerFlights<RenderedPageCache.Key, Shared>()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard request.method == .get else { return try await next(request, context) }
        // KOBIS's words follow `Accept-Language` where `lang` is not in the query (which is in the key), and fall back
        // to Korean, not to the messages' English: the key names the header's choice, or none.
        let header = request.headers[.acceptLanguage] ?? ""
        let version = versions[request.uri.path].map { " " + $0() } ?? ""
        let key = RenderedPageCache.Key(
            path: request.uri.path, query: request.uri.query ?? "", language: Language.messages(of: request),
            variant: (header.isEmpty ? "api" : "api " + Language(acceptLanguage: header).rawValue) + version)
        let now = calendar.currentInstant
        if let kept = kept(key, now: now) {
            return kept.body.response(to: request, headers: kept.headers, vary: ["Accept-Language"])
        }
        // A request with credentials may be for a person's answer: it never waits on another person's request.
        guard request.headers[.authorization] == nil, request.headers[.cookie] == nil else {
            return try await make(request, context: context, key: key, next: next).response
        }
        switch await flights.join(key, kept: { kept(key, now: now) }) {
        case .shared(let shared?):
            return shared.body.response(to: request, headers: shared.headers, vary: ["Accept-Language"])
        case .shared(nil):
            return try await make(request, context: context, key: key, next: next).response
        case .first:
            do {
                let made = try await make(request, context: context, key: key, next: next)
                flights.land(key, with: made.shared)
                return made.response
            } catch {
                flights.land(key, with: nil)
                throw error
            }
        }
    }

    /// The answer kept for `key`, with how long it may be kept on the way.
    private func kept(_ key: RenderedPageCache.Key, now: Date) -> Shared? {
        answers.entry(for: key, now: now).map { kept in
            let seconds = Int(kept.until.timeIntervalSince(now).rounded(.up))
            return Shared(body: kept.body, headers: [.cacheControl: "public, max-age=\(max(1, seconds))"])
        }
    }

    /// The answer from the route, kept when its handler said for how long; `shared` when kept.
    private func make(
        _ request: Request, context: Context, key: RenderedPageCache.Key,
        next: (Request, Context) async throws -> Response
    ) async throws -> (response: Response, shared: Shared?) {
        let now = calendar.currentInstant
        var response = try await next(request, context)
        guard response.status == .ok, let seconds = APICacheControl.publicMaxAge(response.headers[.cacheControl]),
            let length = response.body.contentLength, length <= answers.byteBudget / 4,
            let contentType = response.headers[.contentType]
        else {
            // Not kept (a stale chart, the diary), but its words follow the language all the same (thrown errors get
            // it from the error middleware).
            response.headers.addVary(["Accept-Language"])
            return (response, nil)
        }
        let body = EncodedBody(
            try await ResponseEncodingMiddleware<Context>.collect(response.body), contentType: contentType)
        answers.store(body, for: key, until: now.addingTimeInterval(TimeInterval(seconds)), now: now)
        var headers = response.headers
        headers[.contentType] = nil
        headers[.contentLength] = nil
        let shared = Shared(body: body, headers: headers)
        return (body.response(to: request, headers: headers, vary: ["Accept-Language"]), shared)
    }
}
