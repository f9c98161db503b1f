import Foundation
import Testing

/// Korean text of the web app lives in its string tables (Sources/BoxOfficeWeb/Localization); anywhere else a
/// Hangul string is a translation that escaped them.
@Suite("Korean text only in the string tables")
struct HangulLiteralTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/BoxOfficeWeb")

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }

    /// The 1-based numbers of the lines of Swift `source` with Hangul outside comments (`//…`, `/* … */`): in a
    /// string literal or anywhere else. String literals are followed (plain, multi-line and raw) only so that a
    /// `//` inside one is not taken for a comment.
    static func linesWithHangulCode(_ source: String) -> [Int] {
        enum State {
            case code
            case lineComment
            case blockComment(depth: Int)
            case string(hashes: Int, multiline: Bool)
        }
        let scalars = Array(source.unicodeScalars)
        func at(_ index: Int) -> Unicode.Scalar { index < scalars.count ? scalars[index] : " " }
        func starts(_ text: String, at index: Int) -> Bool {
            text.unicodeScalars.enumerated().allSatisfy { at(index + $0.offset) == $0.element }
        }
        var found: Set<Int> = []
        var state = State.code
        var line = 1
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" { line += 1 }
            switch state {
            case .lineComment:
                if scalar == "\n" { state = .code }
            case .blockComment(let depth):
                if starts("*/", at: index) {
                    state = depth == 1 ? .code : .blockComment(depth: depth - 1)
                    index += 1
                } else if starts("/*", at: index) {
                    state = .blockComment(depth: depth + 1)
                    index += 1
                }
            case .string(let hashes, let multiline):
                if isHangul(scalar) { found.insert(line) }
                let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if starts("\\" + String(repeating: "#", count: hashes), at: index) {
                    // An escape: the next character never closes the literal (it may end a line, though).
                    index += hashes + 1
                    if at(index) == "\n" { line += 1 }
                } else if starts(closing, at: index) {
                    state = .code
                    index += closing.unicodeScalars.count - 1
                }
            case .code:
                if isHangul(scalar) {
                    found.insert(line)
                } else if starts("//", at: index) {
                    state = .lineComment
                } else if starts("/*", at: index) {
                    state = .blockComment(depth: 1)
                    index += 1
                } else if scalar == "#" || scalar == "\"" {
                    var hashes = 0
                    while at(index + hashes) == "#" { hashes += 1 }
                    if at(index + hashes) == "\"" {
                        let multiline = starts("\"\"\"", at: index + hashes)
                        state = .string(hashes: hashes, multiline: multiline)
                        index += hashes + (multiline ? 2 : 0)
                    }
                }
            }
            index += 1
        }
        return found.sorted()
    }

    @Test("the scanner finds Hangul in code and literals, not in comments")
    func scanner() {
        #expect(Self.linesWithHangulCode("let a = \"한국\"\n") == [1])
        #expect(Self.linesWithHangulCode("// 한국\n/// 한국\nlet a = 1 // 한국\n/* 한국\n 한국 */\n") == [])
        #expect(Self.linesWithHangulCode("let a = 1\nlet b = \"\"\"\n한국\n\"\"\"\n") == [3])
        #expect(Self.linesWithHangulCode("let a = \"http://x 한국\"\n") == [1])
        #expect(Self.linesWithHangulCode("let a = \"x\" // \"한국\"\n") == [])
        #expect(Self.linesWithHangulCode("let a = \"\\\"// \"\nlet b = #\"\"// 한국\"#\n") == [2])
    }

    @Test("the domain core has no Hangul outside comments: it speaks typed reasons, KOBIS's words live in KOBIS")
    func noHangulInTheCore() throws {
        let core = Self.sources.deletingLastPathComponent().appendingPathComponent("BoxOfficeCore")
        let files = try #require(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 30, "the core's sources were not found at \(core.path)")
        for file in files {
            let lines = Self.linesWithHangulCode(try String(contentsOf: file, encoding: .utf8))
            #expect(
                lines.isEmpty,
                "Hangul in \(file.path) on lines \(lines): words go to BoxOfficeText or a surface's table, KOBIS's to KOBIS"
            )
        }
    }

    @Test("no Swift file of the web target outside Localization/ has Hangul outside comments")
    func noHangulOutsideTables() throws {
        let localization = Self.sources.appendingPathComponent("Localization").path + "/"
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50, "the web target's sources were not found at \(Self.sources.path)")
        for file in files where !file.path.hasPrefix(localization) {
            let source = try String(contentsOf: file, encoding: .utf8)
            let lines = Self.linesWithHangulCode(source)
            #expect(lines.isEmpty, "Hangul in \(file.path) on lines \(lines): move the text into Localization/")
        }
    }
}
