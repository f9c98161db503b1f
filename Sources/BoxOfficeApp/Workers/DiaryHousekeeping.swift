public import BoxOfficeCore
public import Logging
public import ServiceLifecycle

/// Deletes expired sessions, failed logins that no longer count, remembered browsers whose cookies have expired and
/// what deleted accounts left (``DiaryAccountService/purgeExpired()``): once when
/// the app starts, then every ``interval``. Owned by the app's service group; graceful shutdown cancels the wait
/// and the service returns before the database closes.
///
/// Several instances on one database each run it; deleting expired rows is idempotent, so they never conflict.
/// A failed purge (the database briefly away) is logged and tried again at the next turn.
public struct DiaryHousekeeping: Service, CustomStringConvertible {
    public static let defaultInterval: Duration = .seconds(3600)

    let diary: DiaryAccountService
    let interval: Duration
    let logger: Logger

    public init(diary: DiaryAccountService, interval: Duration = defaultInterval, logger: Logger) {
        self.diary = diary
        self.interval = interval
        self.logger = logger
    }

    public var description: String { "DiaryHousekeeping" }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await purge()
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return  // cancelled: shutting down
                }
            }
        }
    }

    /// One pass; errors are logged, never thrown (a purge can always wait for the next turn).
    func purge() async {
        do {
            let result = try await diary.purgeExpired()
            if result.sessions + result.loginAttempts + result.devices + result.accounts > 0 {
                logger.info(
                    "diary housekeeping",
                    metadata: [
                        "expired_sessions": "\(result.sessions)", "old_attempts": "\(result.loginAttempts)",
                        "expired_browsers": "\(result.devices)", "deleted_accounts_finished": "\(result.accounts)",
                    ])
            }
        } catch is CancellationError {
            return
        } catch {
            logger.warning("diary housekeeping failed; trying again later", metadata: ["error": "\(error)"])
        }
    }
}
