public import BoxOfficeCore
import BoxOfficeStore
import Logging

/// The quota ledger and the archive keeper of one instance, built by ``AppServices/start(configuration:logger:transport:now:)``.
extension AppServices {
    /// How the ledger names the key in the store: the first 16 hex digits of the key's SHA-256 (never the key
    /// itself), or `sample` in sample mode.
    public static func quotaKeyID(_ configuration: AppConfiguration) -> String {
        guard let key = configuration.kobisAPIKey else { return "sample" }
        return String(SHA256SecretDigester().digest(key).prefix(16))
    }

    /// The policy `BOXOFFICE_KOBIS_DAILY_LIMIT` and `BOXOFFICE_KEEPER_RESERVE` set; counted but never enforced in
    /// sample mode (the simulator costs nothing).
    public static func quotaPolicy(_ configuration: AppConfiguration) -> QuotaPolicy {
        QuotaPolicy(
            limit: configuration.kobisDailyLimit, reserve: configuration.keeperReserve,
            enforced: !configuration.isSampleMode)
    }

    static func makeLedger(
        configuration: AppConfiguration, database: BoxOfficeDatabase, calendar: BoxOfficeCalendar, logger: Logger
    ) -> QuotaLedger {
        QuotaLedger(
            store: database.quotaLedgerStore(), keyID: quotaKeyID(configuration), policy: quotaPolicy(configuration),
            calendar: calendar, reportProblem: { logger.warning("quota: \($0)") })
    }

    /// The keeper's options: a month per run against KOBIS (4 at a time), a whole year in sample mode (8 at a
    /// time), where calls cost nothing.
    public static func keeperOptions(_ configuration: AppConfiguration) -> ArchiveKeeper.Options {
        let sample = configuration.isSampleMode
        return ArchiveKeeper.Options(
            enabled: configuration.keeperEnabled,
            schedule: KeeperSchedule(
                from: configuration.archiveFrom, morningHour: configuration.keeperHour, chunkDays: sample ? 366 : 31),
            lease: configuration.keeperLease,
            sync: SyncOptions(concurrency: sample ? 8 : 4))
    }

    static func makeKeeper(
        configuration: AppConfiguration, database: BoxOfficeDatabase, calendar: BoxOfficeCalendar,
        ledger: QuotaLedger, instanceID: String, logger: Logger,
        makeEngine: @escaping @Sendable (SyncOptions) -> SyncEngine
    ) -> ArchiveKeeper {
        ArchiveKeeper(
            options: keeperOptions(configuration), calendar: calendar, leases: database.leaseStore(),
            controls: database.keeperControlStore(), ledger: ledger,
            archive: database.archiveRepository(origin: configuration.upstreamOrigin), instanceID: instanceID,
            makeEngine: makeEngine, observe: { log($0, logger: logger) })
    }

    /// The keeper's events in the log: state changes and runs at info, problems at warning.
    private static func log(_ event: KeeperEvent, logger: Logger) {
        switch event {
        case .state(let state):
            logger.info("keeper: \(state.rawValue)")
        case .leadership(let leader):
            logger.info(leader ? "keeper: this instance keeps the archive" : "keeper: this instance stands by")
        case .ran(let request, let report):
            let range = request.range
            let counts = "\(report.chartsStored) charts stored, \(report.calls) calls, \(report.failures.count) failed"
            let message: Logger.Message = "keeper: \(range.start)…\(range.end): \(counts)"
            if report.failures.isEmpty && report.stopReason == nil {
                logger.info(message)
            } else {
                logger.warning(message)
            }
        case .problem(let problem):
            logger.warning("keeper: \(problem)")
        }
    }
}
