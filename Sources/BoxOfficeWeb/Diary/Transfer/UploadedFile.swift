import Foundation

/// A file chosen in a form's file input: a `multipart/form-data` part whose `Content-Disposition` names a `filename`
/// (``FormBody/file(_:)``); a part without a file name is a plain field, not a file.
struct UploadedFile: Sendable, Equatable {
    var fileName: String
    var contentType: String?
    var data: Data

    init(fileName: String, contentType: String? = nil, data: Data) {
        self.fileName = fileName
        self.contentType = contentType
        self.data = data
    }

    /// `form-data; name="a;b"; filename="my \"diary\".csv"` → `["name": "a;b", "filename": "my \"diary\".csv"]`:
    /// the parameters after the disposition type, names lowercased, quoted values unquoted and unescaped. (Browsers
    /// send a file name as UTF-8 and escape a quote in it as `%22`, which stays as sent.)
    static func parameters(_ disposition: String) -> [String: String] {
        var parameters: [String: String] = [:]
        var rest = disposition.drop { $0 != ";" }
        while rest.first == ";" {
            rest = rest.dropFirst().drop(while: \.isWhitespace)
            let name = rest.prefix { $0 != "=" && $0 != ";" }
            rest = rest.dropFirst(name.count)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    var escaped = false
                    while let character = rest.popFirst() {
                        if escaped {
                            value.append(character)
                            escaped = false
                        } else if character == "\\" {
                            escaped = true
                        } else if character == "\"" {
                            break
                        } else {
                            value.append(character)
                        }
                    }
                    rest = rest.drop { $0 != ";" }
                } else {
                    let token = rest.prefix { $0 != ";" }
                    value = token.trimmingCharacters(in: .whitespaces)
                    rest = rest.dropFirst(token.count)
                }
            }
            parameters[name.trimmingCharacters(in: .whitespaces).lowercased()] = value
        }
        return parameters
    }
}
