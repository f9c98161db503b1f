import Foundation

/// Any JSON value, decoded with `JSONDecoder` so integers, numbers and booleans stay distinct on
/// every platform (`JSONSerialization` gives `NSNumber` for all three).
indirect enum AnyJSON: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }

    static func parse(_ text: String) throws -> AnyJSON {
        try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))
    }

    subscript(key: String) -> AnyJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var objectValue: [String: AnyJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var arrayValue: [AnyJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// `integer` counts as a JSON Schema number too.
    var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array(let values): return "[\(values.map(\.description).joined(separator: ","))]"
        case .object(let object):
            return "{" + object.keys.sorted().map { "\"\($0)\":\(object[$0]!)" }.joined(separator: ",") + "}"
        }
    }
}
