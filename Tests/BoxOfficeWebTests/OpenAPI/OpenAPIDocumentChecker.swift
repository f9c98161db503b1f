import Foundation
import KOBIS

/// The served OpenAPI document, and a small JSON Schema checker for the subset it uses: `$ref`,
/// `allOf`, `type`, `required`, `properties`, `items`, `enum`, `format` (date, date-time), `pattern`,
/// `minimum`, `maximum`, `maxItems`.
struct OpenAPIDocumentChecker {
    let document: AnyJSON

    /// With `strict`, an object property the schema does not list is a violation too, so fields added to
    /// the JSON without documenting them are caught (clients may still ignore unknown fields).
    var strict = true

    init(document: AnyJSON) {
        self.document = document
    }

    /// `(path template, method)` of every operation, e.g. `("/api/v1/movies/{code}", "get")`.
    var operations: [(path: String, method: String)] {
        let methods: Set = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]
        return (document["paths"]?.objectValue ?? [:]).flatMap { path, item in
            (item.objectValue ?? [:]).keys.filter(methods.contains).map { (path, $0) }
        }
    }

    /// Follows a local `$ref` (`#/components/...`).
    func resolve(_ value: AnyJSON) -> AnyJSON? {
        guard let reference = value["$ref"]?.stringValue else { return value }
        guard reference.hasPrefix("#/") else { return nil }
        var current: AnyJSON? = document
        for component in reference.dropFirst(2).split(separator: "/") {
            current = current?[String(component)]
        }
        return current.flatMap(resolve)
    }

    /// The documented response of `method path` for `status` (resolved), or `nil` when undocumented.
    func response(path: String, method: String, status: Int) -> AnyJSON? {
        guard let raw = document["paths"]?[path]?[method]?["responses"]?[String(status)] else { return nil }
        return resolve(raw)
    }

    /// The JSON schema of a documented response.
    func jsonSchema(of response: AnyJSON) -> AnyJSON? {
        response["content"]?["application/json"]?["schema"]
    }

    /// Every way `value` breaks `schema`, as `path: problem` lines (empty when it conforms).
    func violations(of value: AnyJSON, against schema: AnyJSON, at path: String = "$") -> [String] {
        guard let schema = resolve(schema) else { return ["\(path): unresolvable schema \(schema)"] }
        // OpenAPI 3.0's `nullable: true` (the diary's optional fields are written as explicit nulls).
        if value == .null, schema["nullable"] == .bool(true) { return [] }
        var problems: [String] = []
        for part in schema["allOf"]?.arrayValue ?? [] {
            problems += violations(of: value, against: part, at: path)
        }
        if let type = schema["type"]?.stringValue, !Self.value(value, hasType: type) {
            return problems + ["\(path): expected \(type), got \(value)"]
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            problems.append("\(path): \(value) is not one of \(allowed)")
        }
        if case .string(let text) = value {
            problems += stringViolations(text, schema: schema, at: path)
        }
        if let number = value.doubleValue {
            if let minimum = schema["minimum"]?.doubleValue, number < minimum {
                problems.append("\(path): \(number) < minimum \(minimum)")
            }
            if let maximum = schema["maximum"]?.doubleValue, number > maximum {
                problems.append("\(path): \(number) > maximum \(maximum)")
            }
        }
        if case .array(let items) = value {
            if let maxItems = schema["maxItems"]?.doubleValue, Double(items.count) > maxItems {
                problems.append("\(path): \(items.count) items > maxItems \(Int(maxItems))")
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    problems += violations(of: item, against: itemSchema, at: "\(path)[\(index)]")
                }
            }
        }
        if case .object(let object) = value {
            for case .string(let key) in schema["required"]?.arrayValue ?? [] where object[key] == nil {
                problems.append("\(path): missing required \(key)")
            }
            let properties = schema["properties"]?.objectValue
            for key in object.keys.sorted() {
                if let propertySchema = properties?[key] {
                    problems += violations(of: object[key]!, against: propertySchema, at: "\(path).\(key)")
                } else if strict, properties != nil {
                    problems.append("\(path): \(key) is not documented")
                }
            }
        }
        return problems
    }

    private func stringViolations(_ text: String, schema: AnyJSON, at path: String) -> [String] {
        var problems: [String] = []
        if let pattern = schema["pattern"]?.stringValue {
            if text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): \"\(text)\" does not match \(pattern)")
            }
        }
        switch schema["format"]?.stringValue {
        case "date":
            if CalendarDate(text) == nil || text.count != 10 { problems.append("\(path): \"\(text)\" is not a date") }
        case "date-time":
            if ISO8601DateFormatter().date(from: text) == nil {
                problems.append("\(path): \"\(text)\" is not an RFC 3339 date-time")
            }
        default:
            break
        }
        return problems
    }

    static func value(_ value: AnyJSON, hasType type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("integer", .integer),
            ("number", .integer), ("number", .number), ("null", .null):
            return true
        default:
            return false
        }
    }
}
