import Foundation

/// A JSON encoder that writes object keys in the order `encode(to:)` encodes them.
///
/// Foundation's `JSONEncoder` on Linux reorders keys (by hash, which varies between processes),
/// so it can produce neither KOBIS's field order nor byte-identical output across runs. The KOBIS
/// DTOs encode their fields in KOBIS's order; this encoder keeps it. Output is compact UTF-8 with
/// `/` unescaped, like KOBIS's.
// Kept, not replaced by `JSONEncoder`: KOBIS's field order is part of what the simulator reproduces (WireFormatTests
// checks it, and a fault's exact bytes), and `JSONEncoder` can only sort keys or leave them in hash order.
struct OrderedJSONEncoder {
    func encode(_ value: some Encodable) throws -> Data {
        let root = JSONNode.Box()
        try value.encode(to: NodeEncoder(box: root, codingPath: []))
        var output = ""
        root.node.write(to: &output)
        return Data(output.utf8)
    }
}

/// A JSON value under construction.
private enum JSONNode {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([Box])
    case object([(key: String, value: Box)])

    /// A mutable slot, so containers can fill in values after handing them out.
    final class Box {
        var node: JSONNode = .null
    }

    func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.node.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.node.write(to: &output)
            }
            output += "}"
        }
    }

    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

private struct PlainKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Encodes one value into a box.
private struct NodeEncoder: Encoder {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.node {} else { box.node = .object([]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.node {} else { box.node = .array([]) }
        return UnkeyedNodeContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(box: box, codingPath: codingPath)
    }

    /// Encodes `value`, writing scalars directly and anything else through its `encode(to:)`.
    static func node(for value: some Encodable, codingPath: [any CodingKey]) throws -> JSONNode.Box {
        let box = JSONNode.Box()
        switch value {
        case let text as String: box.node = .string(text)
        case let flag as Bool: box.node = .bool(flag)
        case let decimal as Decimal: box.node = .number(NSDecimalNumber(decimal: decimal).stringValue)
        case let number as Double: box.node = .number(String(number))
        case let number as Float: box.node = .number(String(number))
        default:
            if let integer = value as? any BinaryInteger {
                box.node = .number(String(describing: integer))
            } else {
                try value.encode(to: NodeEncoder(box: box, codingPath: codingPath))
            }
        }
        return box
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]

    private func set(_ child: JSONNode.Box, for key: Key) {
        guard case .object(var members) = box.node else { return }
        if let index = members.firstIndex(where: { $0.key == key.stringValue }) {
            members[index].value = child
        } else {
            members.append((key.stringValue, child))
        }
        box.node = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws {
        set(JSONNode.Box(), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try NodeEncoder.node(for: value, codingPath: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode.Box()
        set(child, for: key)
        return NodeEncoder(box: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONNode.Box()
        set(child, for: key)
        return NodeEncoder(box: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = JSONNode.Box()
        set(child, for: key)
        return NodeEncoder(box: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let items) = box.node { return items.count }
        return 0
    }

    private func append(_ child: JSONNode.Box) {
        guard case .array(var items) = box.node else { return }
        items.append(child)
        box.node = .array(items)
    }

    mutating func encodeNil() throws { append(JSONNode.Box()) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try NodeEncoder.node(for: value, codingPath: codingPath + [PlainKey(intValue: count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = JSONNode.Box()
        append(child)
        return NodeEncoder(box: child, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = JSONNode.Box()
        append(child)
        return NodeEncoder(box: child, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONNode.Box()
        append(child)
        return NodeEncoder(box: child, codingPath: codingPath)
    }
}

private struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.node = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.node = try NodeEncoder.node(for: value, codingPath: codingPath).node
    }
}
