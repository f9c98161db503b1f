import Foundation
import Testing

/// `KOBIS`, `BoxOfficeCore` and `BoxOfficeCodecs` build for iOS and macOS apps as well as the server: they import
/// Foundation and one another only. A server library (NIO, Fluent, Hummingbird, …) imported there fails here, naming
/// the file.
@Suite("The portable targets import only Foundation and one another")
struct PortableTargetTests {
    static let allowed: [String: Set<String>] = [
        "KOBIS": ["Foundation"],
        "BoxOfficeCore": ["Foundation", "KOBIS"],
        "BoxOfficeCodecs": ["Foundation", "KOBIS", "BoxOfficeCore"],
    ]

    @Test("each Swift file of a portable target imports only what the target may", arguments: allowed.keys.sorted())
    func imports(target: String) throws {
        let folder = ArchitectureDocTests.root.appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty, "Sources/\(target) has Swift files")
        let allowed = Self.allowed[target] ?? []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard
                    let match = line.firstMatch(
                        of:
                            #/^(?:@\w+(?:\([^)]*\))? )*(?:public |internal |package )?import (?:struct |enum |class |func )?(\w+)/#
                    )
                else { continue }
                let module = String(match.1)
                #expect(
                    allowed.contains(module),
                    "\(target)/\(file.lastPathComponent) imports \(module); \(target) may import only \(allowed.sorted())"
                )
            }
        }
    }
}
