import BoxOfficeCore
import Foundation
import Hummingbird

/// A JSON value, decoded without losing the difference between a missing key and `null`.
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// A request body read as a JSON object, with typed accessors that answer 400s naming the field.
struct JSONBody: Sendable {
    /// Bodies of the JSON routes stay small; imports have their own limit.
    static let sizeLimit = 1 << 20

    let fields: [String: JSONValue]

    init(fields: [String: JSONValue]) {
        self.fields = fields
    }

    /// Reads the body; 413 when larger than `limit`, 400 when it is not a JSON object.
    static func read(_ request: Request, limit: Int = sizeLimit) async throws -> JSONBody {
        let data = try await RequestBodyReader.data(request, limit: limit)
        guard !data.isEmpty else { throw BoxOfficeError.invalid(nil, .notJSONObject) }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw BoxOfficeError.invalid(nil, .notJSON)
        }
        guard case .object(let fields) = value else {
            throw BoxOfficeError.invalid(nil, .notJSONObject)
        }
        return JSONBody(fields: fields)
    }

    /// Whether the key is present (even as `null`).
    func has(_ key: String) -> Bool { fields[key] != nil }

    /// A string; `nil` when absent or `null`.
    func string(_ key: String) throws(BoxOfficeError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw .invalid(key, .type(.string))
        }
    }

    /// A string that must be there.
    func requiredString(_ key: String) throws(BoxOfficeError) -> String {
        guard let value = try string(key) else { throw .invalid(key, .required) }
        return value
    }

    /// A number; `nil` when absent or `null`.
    func number(_ key: String) throws(BoxOfficeError) -> Double? {
        switch fields[key] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        default: throw .invalid(key, .type(.number))
        }
    }

    /// A whole number; `nil` when absent or `null`.
    func integer(_ key: String) throws(BoxOfficeError) -> Int? {
        guard let value = try number(key) else { return nil }
        guard let integer = Int(exactly: value) else { throw .invalid(key, .type(.wholeNumber)) }
        return integer
    }

    /// `true` or `false`; `nil` when absent or `null`.
    func bool(_ key: String) throws(BoxOfficeError) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw .invalid(key, .type(.boolean))
        }
    }

    /// A change for an optional field: absent keeps it, `null` clears it, a value sets it (parsed by `parse`).
    func change<Value: Sendable & Hashable>(
        _ key: String, _ parse: (JSONValue) throws(BoxOfficeError) -> Value
    ) throws(BoxOfficeError) -> NoteFieldChange<Value> {
        switch fields[key] {
        case nil: return .keep
        case .null?: return .clear
        case let value?: return .set(try parse(value))
        }
    }
}

/// Reads whole request bodies with a size limit and a clear 413.
enum RequestBodyReader {
    static func data(_ request: Request, limit: Int) async throws -> Data {
        do {
            var buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readBytes(length: buffer.readableBytes) ?? [])
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw WebError.bodyTooLarge(limitKB: limit / 1024)
        }
    }
}
