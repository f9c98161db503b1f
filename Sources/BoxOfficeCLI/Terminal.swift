import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to the terminal.
enum Terminal {
    /// One line on stderr, whatever it quotes: control characters (a newline, an escape sequence) and bidirectional
    /// overrides are written escaped (`\n`, `\u{1B}`), so a value given on the command line cannot break the line or
    /// drive the terminal.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data(("boxoffice: " + oneLine(line) + "\n").utf8))
    }

    static func oneLine(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let bidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if scalar.properties.generalCategory == .control || bidi {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func printNotice(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The width of the terminal on `descriptor` (`COLUMNS` first when it is a number), or 80; never under 40 nor
    /// over 1,000 columns, whatever is set (help's option descriptions start at column 26).
    static func columns(of descriptor: Int32) -> Int {
        let clamp = { (value: Int) in Swift.min(1_000, Swift.max(40, value)) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text) { return clamp(value) }
        return reportedColumns(of: descriptor).map(clamp) ?? 80
    }

    /// The width the terminal on `descriptor` reports, if it is one.
    private static func reportedColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Sets `COLUMNS` to ``columns(of:)`` of standard output when it is set or the terminal is narrower than that
    /// allows, once, before anything else reads it; otherwise each reader still asks its own terminal.
    static func settleColumns() {
        let given = ProcessInfo.processInfo.environment["COLUMNS"] != nil
        guard given || (reportedColumns(of: 1) ?? 80) < 40 else { return }
        setenv("COLUMNS", String(columns(of: 1)), 1)
    }

    /// Whether standard error is a terminal (progress bars, colours).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
}
