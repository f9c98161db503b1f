import BoxOfficeCore
import Foundation
import Hummingbird

/// A file sent with a `multipart/form-data` form.
struct UploadedFile: Sendable, Equatable {
    var fileName: String
    var contentType: String?
    var data: Data
}

/// A submitted HTML form: `application/x-www-form-urlencoded` or `multipart/form-data`. When a name is
/// sent twice, the last value wins (browsers never do that for the diary's forms).
struct SubmittedForm: Sendable, Equatable {
    var fields: [String: String]
    var files: [String: UploadedFile]

    init(fields: [String: String] = [:], files: [String: UploadedFile] = [:]) {
        self.fields = fields
        self.files = files
    }

    /// The value exactly as sent, or `nil` when absent.
    subscript(_ name: String) -> String? { fields[name] }

    /// The value trimmed, or `nil` when absent or blank.
    func nonEmpty(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// A file that was actually chosen (browsers send an empty part with no name for an empty file input).
    func file(_ name: String) -> UploadedFile? {
        guard let file = files[name], !(file.fileName.isEmpty && file.data.isEmpty) else { return nil }
        return file
    }

    /// Reads and parses the body of `request` by its content type. 413 above `limit`, 400 for a malformed body.
    static func read(_ request: Request, limit: Int) async throws -> SubmittedForm {
        let contentType = request.headers[.contentType] ?? ""
        let data = try await RequestBodyReader.data(request, limit: limit)
        if let boundary = MultipartFormData.boundary(contentType: contentType) {
            return try MultipartFormData.parse(Array(data), boundary: boundary)
        }
        return urlEncoded(String(decoding: data, as: UTF8.self))
    }

    /// Parses `application/x-www-form-urlencoded` (`+` is a space; names and values are percent-decoded).
    static func urlEncoded(_ body: String) -> SubmittedForm {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = pair.firstIndex(of: "=") {
                name = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                name = pair
                value = ""
            }
            fields[decode(name)] = decode(value)
        }
        return SubmittedForm(fields: fields)
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
