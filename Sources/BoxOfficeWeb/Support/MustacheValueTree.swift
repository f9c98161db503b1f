import Foundation

/// A view model turned into dictionaries and arrays once, before rendering.
///
/// swift-mustache looks a name up on a plain struct with `Mirror`, enumerating every field of the
/// struct for each lookup, and again for every enclosing context a name is searched in; on a page
/// with a few hundred lookups that was most of the CPU time of a request. Walking the view model
/// once and looking names up in dictionaries gives the same output: a `nil` optional is left out,
/// which Mustache treats like `nil`; values that describe themselves (strings, numbers, dates, enums)
/// are kept as they are.
enum MustacheValueTree {
    static func make(_ value: Any) -> Any {
        convert(value) ?? [String: Any]()
    }

    private static func convert(_ value: Any) -> Any? {
        // The common leaves first: a cast to a concrete type is far cheaper than a Mirror or a
        // protocol-conformance check.
        if value is String || value is Int || value is Bool || value is Double { return value }
        // An array by a cast to `[Any]`, which asks no protocol of the array's type. The first time the runtime is
        // asked whether a type conforms to a protocol, it scans every conformance in the program, and a page holds
        // arrays of dozens of types: each check slowed a page's first answer after a start.
        if let list = value as? [Any] { return list.compactMap(convert) }
        if let listed = value as? any MustacheFields { return listed.mustacheFields }
        return reflected(value)
    }

    /// `value` turned into dictionaries and arrays by its `Mirror`: what a ``MustacheFields`` type must list too.
    static func reflected(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { convert($0.value) }
        case .collection, .set:
            return mirror.children.compactMap { convert($0.value) }
        case .struct, .class:
            if value is any CustomStringConvertible { return value }
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                guard let label = child.label, let converted = convert(child.value) else { continue }
                fields[label] = converted
            }
            return fields
        default:
            return value
        }
    }
}

/// A row type rendered hundreds of times a page lists its own fields for ``MustacheValueTree``, without a `Mirror`:
/// every stored property under its name, a `nil` one left out (``MustacheValueTree/reflected(_:)``, which a test holds
/// each such type to).
protocol MustacheFields {
    var mustacheFields: [String: Any] { get }
}
