import ArgumentParser
import BoxOfficeCore
import BoxOfficeText
import BoxOfficeApp
import Dispatch
import Foundation
import KOBIS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `boxoffice sync`: archive a range of days from KOBIS, resumably and within a call budget.
struct SyncCommand: AsyncParsableCommand, LocalizedCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Archive every missing or provisional day of a range (resumable, within a call budget).",
        discussion: """
            Fetches each day's daily chart that the store lacks (or holds only provisionally) and, alongside, the \
            details of films whose nation is not known yet (for the Korean vs foreign share of period charts). \
            Settled days are never fetched again, so an interrupted run continues where it stopped: run the same \
            command again.
            Films KOBIS has no details for are not failures: their nation is stored as unknown and never asked \
            again. The calls are counted in the quota ledger as sync's.
            Exit status: 0 all archived; 1 failures (listed on stderr); 2 stopped at the budget; 3 stopped because \
            today's KOBIS quota for background work is used up (continue after midnight KST); 130 interrupted.
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

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        guard (1...SyncOptions.maximumConcurrency).contains(concurrency) else {
            throw BoxOfficeError.invalid(
                "concurrency", .wholeNumber(1...SyncOptions.maximumConcurrency), value: String(concurrency))
        }
        guard budget >= 1 else { throw BoxOfficeError.invalid("budget", .atLeast(1), value: String(budget)) }
        let request = SyncRequest(
            range: DateRange(
                start: try ArchivePeriod.parseDay(from, name: "from"), end: try ArchivePeriod.parseDay(to, name: "to")),
            includeWeekly: weekly)
        let options = SyncOptions(concurrency: concurrency, budget: budget)
        let report = try await ServiceRunner.run(strings) { services in
            let control = SyncControl()
            let interrupts = InterruptHandler(control: control, notice: strings.interruptNotice)
            defer { interrupts.remove() }
            let bar = ProgressBar(isTerminal: Terminal.stderrIsTerminal, strings: strings)
            defer { bar.finish() }
            // Every KOBIS call of the run is counted as sync's in the quota ledger (workers inherit the purpose).
            return try await KOBISCallPurpose.$current.withValue(.sync) {
                try await services.syncEngine(options: options).run(request, control: control) { bar.handle($0) }
            }
        }
        Terminal.write(Self.summary(report, budget: budget, strings: strings))
        var fatal: SyncProblem?
        if case .fatal(let problem)? = report.stopReason { fatal = problem }
        for failure in report.failures where failure.problem != fatal {
            Terminal.printError("\(strings.item(failure.item)): \(strings.problem(failure.problem))")
        }
        if let request = report.continueRequest {
            Terminal.printNotice(strings.continueWith(SyncCommandLine.text(for: request)))
        }
        switch report.stopReason {
        case .interrupted?: throw ExitCode(130)
        case .budget?: throw ExitCode(2)
        case .quotaReached?: throw ExitCode(Self.quotaReachedStatus)
        case .fatal(let problem)?: throw CLIError(strings.problem(problem))
        case .repeatedFailures?: throw ExitCode(1)
        case nil: if !report.failures.isEmpty { throw ExitCode(1) }
        }
    }

    /// The exit status when today's KOBIS quota for background work stopped the run.
    static let quotaReachedStatus: Int32 = 3

    static func summary(_ report: SyncReport, budget: Int, strings: CLIStrings) -> String {
        let nothingToLookUp =
            report.moviesChecked && report.moviesPlanned == 0 && report.moviesFromStore == 0
            && report.listPagesFetched == 0
        var lines = [
            strings.chartsLine(report),
            nothingToLookUp ? strings.nationsAlreadyKnown : strings.nationsLine(report),
            strings.callsLine(calls: report.calls, retries: report.retries, budget: budget),
        ]
        if report.chartsNotCounted > 0 { lines.append(strings.chartsNotCounted(report.chartsNotCounted)) }
        if report.filmsWithoutDetails > 0 { lines.append(strings.filmsWithoutDetails(report.filmsWithoutDetails)) }
        switch report.stopReason {
        case .budget(let budget)?: lines.append(strings.stoppedAtBudget(budget, left: strings.itemsLeft(report)))
        case .quotaReached(let usage)?: lines.append(strings.quotaReached(usage))
        case .interrupted?: lines.append(strings.interrupted(left: strings.itemsLeft(report)))
        case .repeatedFailures(let count, let last)?:
            lines.append(strings.stoppedAfterFailures(count, last: strings.problem(last)))
        case .fatal?, nil: break
        }
        if !report.failures.isEmpty {
            lines.append(strings.itemsFailed(report.failures.count))
        } else if report.isComplete {
            lines.append(strings.archiveComplete)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// On the first SIGINT or SIGTERM, asks the sync to stop after the calls in flight (they are stored); on the
/// second, exits at once (everything stored so far stays stored).
private final class InterruptHandler: Sendable {
    private let sources: Locked<[any DispatchSourceSignal]>

    init(control: SyncControl, notice: String) {
        let queue = DispatchQueue(label: "boxoffice.sync.signals")
        let received = Locked(0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { Self.receive(received, control: control, notice: notice) }
            source.resume()
            sources.append(source)
        }
        self.sources = Locked(sources)
    }

    private static func receive(_ received: Locked<Int>, control: SyncControl, notice: String) {
        let count = received.withLock { received -> Int in
            received += 1
            return received
        }
        if count == 1 {
            control.requestStop()
            Terminal.printNotice("\n" + notice)
        } else {
            Foundation.exit(130)
        }
    }

    func remove() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources = []
        }
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber, SIG_DFL) }
    }
}
