public import BoxOfficeCore
import Foundation
public import ServiceLifecycle

/// Sends the stored webhook deliveries as they fall due, for as long as the app runs: woken when a delivery is queued,
/// else at the next one's time (at least once a minute, so deliveries another instance queued or a crashed one left
/// claimed are picked up). Added after the service that closes the database, so it ends first.
public struct WebhookWorker: Service, CustomStringConvertible {
    /// The longest wait between two looks at the store.
    static let longestWait: TimeInterval = 60

    let dispatcher: WebhookDispatcher
    let signal: WakeSignal

    /// Sends with `dispatcher`; `signal` is the one the webhook service wakes when it queues a delivery.
    public init(dispatcher: WebhookDispatcher, signal: WakeSignal) {
        self.dispatcher = dispatcher
        self.signal = signal
    }

    public var description: String { "WebhookWorker" }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await dispatcher.runDue()
                // At least a second: a delivery another instance holds is due by the clock but not this one's to send.
                let wait = min(Self.longestWait, max(1, await dispatcher.secondsUntilNextDue() ?? Self.longestWait))
                await signal.wait(timeout: .milliseconds(Int64(wait * 1000)))
            }
        }
    }
}
