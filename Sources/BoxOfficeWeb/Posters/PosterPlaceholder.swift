import BoxOfficeText
import Foundation
import BoxOfficeCore

/// A generated poster for movies without one: the title on a colour picked from the movie code,
/// as a small SVG (2:3, like a real poster). Every piece of text is XML-escaped.
enum PosterPlaceholder {
    static let width = 342
    static let height = 513

    static func svg(code: String, title: String, year: Int?) -> String {
        let hue = Self.hue(for: code)
        let lines = wrap(title.isEmpty ? code : title, width: 14, maxLines: 5)
        let lineHeight = 40
        let firstBaseline = height / 2 - (lines.count - 1) * lineHeight / 2
        var text = ""
        for (index, line) in lines.enumerated() {
            text +=
                "<text x=\"\(width / 2)\" y=\"\(firstBaseline + index * lineHeight)\" text-anchor=\"middle\" "
                + "font-size=\"30\" font-weight=\"700\" fill=\"#fff\">\(line.htmlEscaped)</text>"
        }
        if let year {
            text +=
                "<text x=\"\(width / 2)\" y=\"\(height - 48)\" text-anchor=\"middle\" font-size=\"24\" "
                + "fill=\"#fff\" fill-opacity=\"0.8\">\(year)</text>"
        }
        return
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" "
            + "height=\"\(height)\" role=\"img\" aria-label=\"\(title.htmlEscaped)\">"
            + "<title>\(title.htmlEscaped)</title>"
            + "<defs><linearGradient id=\"g\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
            + "<stop offset=\"0\" stop-color=\"hsl(\(hue),45%,38%)\"/>"
            + "<stop offset=\"1\" stop-color=\"hsl(\((hue + 40) % 360),50%,18%)\"/></linearGradient></defs>"
            + "<rect width=\"100%\" height=\"100%\" fill=\"url(#g)\"/>"
            + "<g font-family=\"system-ui, 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif\">\(text)</g></svg>"
    }

    /// A stable hue per movie code, so a film keeps its colour.
    static func hue(for code: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in code.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 360)
    }

    /// Breaks `text` into lines of at most `width` display columns (Hangul counts two), on spaces
    /// where possible; the last line ends with "…" when the title does not fit.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { lines.append(current) }
            current = ""
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if DisplayWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            flush()
            var rest = word
            while DisplayWidth.of(rest) > width {
                let head = DisplayWidth.truncate(rest, to: width).replacingOccurrences(of: "…", with: "")
                let cut = head.isEmpty ? String(rest.prefix(1)) : head
                lines.append(cut)
                rest = String(rest.dropFirst(cut.count))
            }
            current = rest
        }
        flush()
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = DisplayWidth.truncate(lines[maxLines - 1] + "…", to: width)
        }
        return lines
    }
}
