import Foundation

/// The real KOBIS responses in `../shared/kobis-samples/`, when that folder is present.
enum SharedSamples {
    static let directory: URL = {
        // Tests/KOBISTests/SharedSamples.swift → repository root → ../shared/kobis-samples
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/kobis-samples")
    }()

    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }

    static let absentMessage = "../shared/kobis-samples is not present; real-response decoding tests skipped"

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
