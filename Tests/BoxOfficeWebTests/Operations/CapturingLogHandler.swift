import Foundation
import KOBIS
import Logging

/// A `LogHandler` that keeps every record in memory, for asserting on logs without touching the
/// process-wide `LoggingSystem`.
struct CapturingLogHandler: LogHandler {
    struct Record: Sendable, CustomStringConvertible {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]

        /// Everything in the record as one line, to search for strings that must never be logged.
        var description: String {
            "[\(level)] \(message) " + metadata.keys.sorted().map { "\($0)=\(metadata[$0]!)" }.joined(separator: " ")
        }
    }

    final class Store: Sendable {
        private let records = Locked<[Record]>([])
        var all: [Record] { records.withLock { $0 } }
        func append(_ record: Record) { records.withLock { $0.append(record) } }

        /// The request-log lines (message `request`).
        var requestLines: [Record] { all.filter { $0.message == "request" } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    init(store: Store) {
        self.store = store
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        store.append(
            Record(level: event.level, message: event.message.description, metadata: merged.mapValues(\.description)))
    }

    /// A logger writing into a fresh store.
    static func logger(label: String = "capture") -> (Logger, Store) {
        let store = Store()
        return (Logger(label: label) { _ in CapturingLogHandler(store: store) }, store)
    }
}
