extension String {
    /// This text safe inside an HTML element or a quoted attribute: the five characters Mustache escapes, escaped
    /// the same way. For markup written in Swift (a poster placeholder, a year's table of days); templates escape
    /// their own values.
    var htmlEscaped: String {
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return self
        }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for character in unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
