import Foundation
import Testing

@testable import BoxOfficeWeb

@Suite("Imports at once, per person and in all")
struct ImportsInProgressTests {
    @Test("one at a time per person; at most the limit in all, whoever sends them; an ended import frees its place")
    func limits() throws {
        let imports = ImportsInProgress(limit: 2)
        let (minji, jisoo, hana) = (UUID(), UUID(), UUID())
        try imports.begin(minji)
        #expect(throws: WebError.importInProgress(retryAfterSeconds: 30)) { try imports.begin(minji) }
        try imports.begin(jisoo)
        #expect(throws: WebError.importsBusy(retryAfterSeconds: 30)) { try imports.begin(hana) }
        // A person whose import runs hears of their own first, even when the server is full.
        #expect(throws: WebError.importInProgress(retryAfterSeconds: 30)) { try imports.begin(jisoo) }
        imports.end(minji)
        try imports.begin(hana)
        #expect(throws: WebError.importsBusy(retryAfterSeconds: 30)) { try imports.begin(minji) }
    }

    @Test("30 people at once: exactly the limit begin")
    func concurrent() async throws {
        let imports = ImportsInProgress()
        let begun = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<30 {
                group.addTask { (try? imports.begin(UUID())) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(begun == ImportsInProgress.defaultLimit)
    }

    @Test("a limit below one is one")
    func atLeastOne() throws {
        let imports = ImportsInProgress(limit: 0)
        try imports.begin(UUID())
        #expect(throws: WebError.importsBusy(retryAfterSeconds: 30)) { try imports.begin(UUID()) }
    }
}
