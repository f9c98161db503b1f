public import BoxOfficeCore
public import Logging
public import ServiceLifecycle

/// Looks every few minutes whether yesterday's digest is due (the keeper's morning fetch stored the chart) and sends
/// it if no instance has; see ``DigestService``. Runs only when `BOXOFFICE_DIGEST_WEBHOOK` is set.
public struct DigestWorker: Service, CustomStringConvertible {
    static let interval: Duration = .seconds(300)

    let digest: DigestService
    let logger: Logger

    public var description: String { "DigestWorker" }

    /// Looks with `digest` every ``interval``; what became of a day's digest goes to `logger`.
    public init(digest: DigestService, logger: Logger) {
        self.digest = digest
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    switch try await digest.sendIfDue() {
                    case .sent(let day): logger.info("digest sent", metadata: ["day": "\(day.isoString)"])
                    case .failed(let outcome):
                        logger.warning(
                            "digest not delivered; trying again later",
                            metadata: ["error": "\(WebhookDispatcher.errorText(outcome) ?? "")"])
                    case .notYet, .alreadyClaimed: break
                    }
                } catch {
                    logger.warning("digest: cannot read the store: \(error)")
                }
                do {
                    try await Task.sleep(for: Self.interval)
                } catch {
                    return  // cancelled: shutting down
                }
            }
        }
    }
}
