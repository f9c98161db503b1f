import Foundation
import Hummingbird

extension HTTPFields {
    /// Adds `names` to `Vary`, keeping every name already there (a feed's `Accept-Language` survives compression's
    /// `Accept-Encoding`), each once whatever its case; `Vary: *` stays as it is. Several `Vary` fields become one.
    mutating func addVary(_ names: String...) {
        var listed: [String] = []
        for value in self[values: .vary] {
            for name in value.split(separator: ",") {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { listed.append(trimmed) }
            }
        }
        if listed.contains("*") { return }
        for name in names where !listed.contains(where: { $0.lowercased() == name.lowercased() }) {
            listed.append(name)
        }
        self[values: .vary] = []
        self[.vary] = listed.joined(separator: ", ")
    }
}
