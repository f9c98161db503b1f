import Foundation
import Testing

/// `docs/ARCHITECTURE.md` is where a newcomer looks for a feature first: its Targets table has a row for every target
/// under `Sources/`, and each row names every top-level folder of its target (as `` `Folder/` ``). A folder added or
/// renamed without its line there fails here, naming the folder.
@Suite("docs/ARCHITECTURE.md covers every target and its folders")
struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folders right under `directory`, sorted.
    static func folders(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        )
        .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        .map(\.lastPathComponent)
        .sorted()
    }

    /// The rows of the table under `## Targets`, by the target named in their first cell.
    static func targetRows(of document: String) -> [String: String] {
        var rows: [String: String] = [:]
        var inTargets = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inTargets = line == "## Targets" }
            guard inTargets, let match = line.firstMatch(of: #/^\| `([A-Za-z]+)` \|/#) else { continue }
            rows[String(match.1)] = String(line)
        }
        return rows
    }

    @Test("every target under Sources has a row in the Targets table that names each of its top-level folders")
    func everyFolderIsNamed() throws {
        let document = try String(
            contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let rows = Self.targetRows(of: document)
        let sources = Self.root.appendingPathComponent("Sources")
        let targets = try Self.folders(in: sources)
        #expect(targets.contains("BoxOfficeCore"), "the Sources folder was found: \(targets)")
        for target in targets {
            guard let row = rows[target] else {
                Issue.record("Sources/\(target) has no row in the Targets table of docs/ARCHITECTURE.md")
                continue
            }
            for folder in try Self.folders(in: sources.appendingPathComponent(target))
            where !row.contains("`\(folder)/") {
                Issue.record(
                    "Sources/\(target)/\(folder)/ is not named (as `\(folder)/`) in the row of \(target) in the Targets table of docs/ARCHITECTURE.md"
                )
            }
        }
    }

    @Test("the Targets table is found and read")
    func tableIsRead() {
        let document = """
            ## Targets

            | target | what |
            |---|---|
            | `Core` | `Charts/`, `Movies/` |

            ## Next
            | `Other` | x |
            """
        let rows = Self.targetRows(of: document)
        #expect(rows.keys.sorted() == ["Core"])
        #expect(rows["Core"]?.contains("`Movies/") == true)
    }
}
