import Foundation

/// Multi-valued CSV cells (genres, nations, directors): values joined by `|`, with `\` escaping `|` and `\`.
enum ListCell {
    static func join(_ values: [String]) -> String {
        values.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|") }
            .joined(separator: "|")
    }

    static func split(_ cell: String) -> [String] {
        guard !cell.isEmpty else { return [] }
        var values: [String] = []
        var current = ""
        var escaping = false
        for character in cell {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "|" {
                values.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        values.append(current)
        return values
    }
}
