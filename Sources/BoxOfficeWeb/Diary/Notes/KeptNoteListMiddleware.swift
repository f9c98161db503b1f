import BoxOfficeCore
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// `GET /api/v1/notes` answers kept until the person's diary changes, as the notes pages are (``DiaryPageCache``):
/// a page of notes costs a few milliseconds to read and encode however small the diary, and a client that syncs
/// asks for the same page far more often than the diary changes.
///
/// An answer is kept under the person, the diary's version (read with the token, before the notes: a change made
/// meanwhile raises the version past this one, so an answer kept under it is never given for the changed diary), the
/// raw query and the
/// language; within the cache's byte budget and until midnight in Seoul at most. It sits after the token check and
/// the query check, so only an accepted, well-formed request is looked up, and only a 200 is kept.
struct KeptNoteListMiddleware: ServerMiddleware {
    let notes: DiaryNoteService
    let answers: RenderedPageCache
    let calendar: BoxOfficeCalendar
    /// The only header fields of an answer that is kept (the generated code's), written again for a kept one.
    static let keptFields: Set<HTTPField.Name> = [.contentType, .contentLength]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationID == Operations.ListNotes.id, let user = DiaryAPIUser.current else {
            return try await next(request, body, metadata)
        }
        let version: Int64
        if let read = DiaryAPIUser.diaryVersion {
            version = read
        } else {
            version = try await notes.diaryVersion(for: user)
        }
        let path = request.path ?? ""
        let mark = path.firstIndex(of: "?")
        let key = RenderedPageCache.Key(
            path: String(path[..<(mark ?? path.endIndex)]),
            query: mark.map { String(path[path.index(after: $0)...]) } ?? "",
            language: Language(
                lang: Parameters(queryOf: path).nonEmpty("lang"), acceptLanguage: request.headerFields[.acceptLanguage],
                fallback: .english),
            variant: "user=\(user.id.uuidString) version=\(version)")
        if let kept = answers.body(for: key, now: calendar.currentInstant) {
            let length = kept.identity.readableBytes
            return (
                HTTPResponse(
                    status: .ok, headerFields: [.contentType: kept.contentType, .contentLength: String(length)]),
                HTTPBody(kept.identity.readableBytesView)
            )
        }
        let (response, answer) = try await next(request, body, metadata)
        guard response.status == .ok, let answer, case .known(let length) = answer.length,
            length <= answers.byteBudget / 4,
            let contentType = response.headerFields[.contentType],
            response.headerFields.allSatisfy({ Self.keptFields.contains($0.name) })
        else { return (response, answer) }
        let bytes = try await [UInt8](collecting: answer, upTo: Int(length))
        answers.store(
            EncodedBody(ByteBuffer(bytes: bytes), contentType: contentType, compress: false), for: key,
            until: calendar.nextDayStart, now: calendar.currentInstant)
        return (response, HTTPBody(bytes))
    }
}
