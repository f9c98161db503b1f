import ArgumentParser
import BoxOfficeCore
import BoxOfficeWeb
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `boxoffice sync`: archive a range of days from KOBIS, resumably and within a call budget.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Archive every missing or provisional day of a range (resumable, within a call budget).",
        discussion: """
            Fetches each day's daily chart that the store lacks (or holds only provisionally) and, alongside, the \
            details of films whose nation is not known yet (for the Korean vs foreign share of period charts). \
            Settled days are never fetched again, so an interrupted run continues where it stopped: run the same \
            command again.
            Exit status: 0 all archived; 1 failures (listed on stderr); 2 stopped at the budget; 130 interrupted.
            """)

    @Option(help: "First day, YYYY-MM-DD.")
    var from: String

    @Option(help: "Last day, YYYY-MM-DD (yesterday at the latest).")
    var to: String

    @Flag(help: "Also archive the weekly (Mon–Sun) chart of every finished week in the range.")
    var weekly = false

    @Option(help: "KOBIS calls in flight at once, 1–\(SyncOptions.maximumConcurrency).")
    var concurrency = SyncOptions.defaultConcurrency

    @Option(
        help: "The most KOBIS calls this run may make, retries included (the free key allows 3,000 a day).")
    var budget = SyncOptions.defaultBudget

    func run() async throws {
        guard (1...SyncOptions.maximumConcurrency).contains(concurrency) else {
            throw CLIError("--concurrency must be from 1 to \(SyncOptions.maximumConcurrency), got \(concurrency)")
        }
        guard budget >= 1 else { throw CLIError("--budget must be 1 or more, got \(budget)") }
        let request = SyncRequest(
            range: DateRange(
                start: try ArchivePeriod.parseDay(from, name: "--from"),
                end: try ArchivePeriod.parseDay(to, name: "--to")),
            includeWeekly: weekly)
        let options = SyncOptions(concurrency: concurrency, budget: budget)
        let report = try await ServiceRunner.run { services in
            let control = SyncControl()
            let interrupts = InterruptHandler(control: control)
            defer { interrupts.remove() }
            let bar = ProgressBar(isTerminal: Terminal.stderrIsTerminal)
            defer { bar.finish() }
            return try await services.syncEngine(options: options).run(request, control: control) { bar.handle($0) }
        }
        Terminal.write(Self.summary(report, budget: budget))
        var fatalMessage: String?
        if case .fatal(let message)? = report.stopReason { fatalMessage = message }
        for failure in report.failures where failure.message != fatalMessage {
            Terminal.printError("\(failure.item): \(failure.message)")
        }
        if let command = report.continueCommand {
            Terminal.printNotice("Continue with: \(command)")
        }
        switch report.stopReason {
        case .interrupted?: throw ExitCode(130)
        case .budget?: throw ExitCode(2)
        case .fatal(let message)?: throw CLIError(message)
        case .repeatedFailures?: throw ExitCode(1)
        case nil: if !report.failures.isEmpty { throw ExitCode(1) }
        }
    }

    static func summary(_ report: SyncReport, budget: Int) -> String {
        let plan = report.plan
        let range = "\(report.request.range.start) – \(report.request.range.end)"
        let nothingToLookUp =
            report.moviesChecked && report.moviesPlanned == 0 && report.moviesFromStore == 0
            && report.listPagesFetched == 0
        var lines = [
            "sync \(range): \(report.chartsStored) of \(plan.items.count) charts fetched"
                + " (\(plan.missing) missing, \(plan.provisional) provisional); \(plan.settled) already settled"
                + (plan.recentlyFetched > 0 ? ", \(plan.recentlyFetched) fetched in the last minutes" : "") + ".",
            nothingToLookUp
                ? "film nations: every film's nation is already in the archive."
                : "film nations: \(report.moviesFromLists + report.moviesFetched) of \(report.moviesPlanned) looked up"
                    + (report.moviesChecked ? "" : " so far")
                    + " (\(report.moviesFromLists) from \(report.listPagesFetched) movie-list page(s), "
                    + "\(report.moviesFetched) from film details), \(report.moviesFromStore) from the store"
                    + (report.moviesChecked ? "." : " (the rest when the sync continues)."),
            "KOBIS calls: \(NumberFormatting.thousands(report.calls)) (\(report.retries) retries) "
                + "of a budget of \(NumberFormatting.thousands(budget)).",
        ]
        if report.chartsNotCounted > 0 {
            lines.append(
                "\(report.chartsNotCounted) recent chart(s) are not counted by KOBIS yet; a later run fetches them.")
        }
        switch report.stopReason {
        case .budget(let budget)?:
            lines.append(
                "Stopped at the call budget of \(NumberFormatting.thousands(budget)): \(left(report)). "
                    + "KOBIS allows 3,000 calls a day per key; continue tomorrow or with a larger --budget.")
        case .interrupted?:
            lines.append("Interrupted: \(left(report)); everything fetched so far is stored.")
        case .repeatedFailures(let count, let message)?:
            lines.append("Stopped after \(count) failures in a row (last: \(message)).")
        case .fatal?, nil:
            break
        }
        if !report.failures.isEmpty {
            lines.append("\(report.failures.count) item(s) failed (listed on stderr).")
        } else if report.isComplete {
            lines.append("The archive holds every day of the range.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "6 item(s) left (4 charts, 2 films)".
    private static func left(_ report: SyncReport) -> String {
        "\(report.notAttempted) item(s) left (\(report.notAttemptedCharts) chart(s), \(report.notAttemptedMovies) film(s))"
    }
}

/// On the first SIGINT or SIGTERM, asks the sync to stop after the calls in flight (they are stored); on the
/// second, exits at once (everything stored so far stays stored).
private final class InterruptHandler: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var received = 0

    init(control: SyncControl) {
        let queue = DispatchQueue(label: "boxoffice.sync.signals")
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [weak self] in self?.receive(control: control) }
            source.resume()
            sources.append(source)
        }
    }

    private func receive(control: SyncControl) {
        let count = lock.withLock { () -> Int in
            received += 1
            return received
        }
        if count == 1 {
            control.requestStop()
            Terminal.printNotice("\nboxoffice: stopping after the calls in flight (press Ctrl-C again to quit now)")
        } else {
            Foundation.exit(130)
        }
    }

    func remove() {
        lock.withLock {
            for source in sources { source.cancel() }
            sources = []
        }
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber, SIG_DFL) }
    }
}
