import BoxOfficeCore
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// Reads an operation's path and query the way the pages always have, before the generated code decodes them, so a bad value
/// gets the same 400 and words as on the pages (`nation must be one of K, F`), and a value they accept reaches the
/// generated decoder in the document's spelling: empty values count as absent (a form's "all" option) and the
/// case-insensitive values (`nation=k`, `range=WEEK`, `format=CSV`, `sort=Title`) take the document's case.
struct APIQueryMiddleware: ServerMiddleware {
    let rules: APIOperationRules
    let calendar: BoxOfficeCalendar

    /// Values the pages read case-insensitively, in the document's spelling.
    static let canonicalValues: [String: [String]] = [
        "nation": ["K", "F"], "multi": ["Y", "N"], "range": ["week", "weekend", "weekdays"],
        "format": DiaryFileFormat.allCases.map(\.rawValue), "notes": ["uncategorize", "delete", "move"],
        "sort": NoteSort.Field.allCases.map(\.rawValue) + ["added", "openDate"], "order": ["asc", "desc"],
        "unread": ["true", "false"],
    ]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let rule = rules[operationID]
        try rule.checkPath?(metadata.pathParameters)
        if let check = rule.checkQuery {
            try check(Parameters(queryOf: request.path), calendar)
        }
        var request = request
        request.path = request.path.map(Self.normalized)
        return try await next(request, body, metadata)
    }

    /// `path` with empty query values left out and the case-insensitive values in the document's spelling.
    static func normalized(_ path: String) -> String {
        guard let mark = path.firstIndex(of: "?") else { return path }
        let items = path[path.index(after: mark)...].split(separator: "&").compactMap { item -> Substring? in
            guard let equals = item.firstIndex(of: "=") else { return nil }
            let value = item[item.index(after: equals)...]
            guard !value.isEmpty else { return nil }
            let name = String(item[..<equals])
            if let spellings = canonicalValues[name],
                let spelling = spellings.first(where: { $0.caseInsensitiveCompare(value) == .orderedSame })
            {
                return "\(name)=\(spelling)"
            }
            return item
        }
        let base = path[..<mark]
        return items.isEmpty ? String(base) : base + "?" + items.joined(separator: "&")
    }
}
