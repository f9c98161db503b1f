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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sync",
            abstract: HelpLanguage.words(
                "기간 안의 빠진 날과 잠정 집계인 날을 모두 보관합니다 (이어서 실행 가능, 호출 예산 안에서).",
                "Archive every missing or provisional day of a range (resumable, within a call budget)."),
            discussion: HelpLanguage.words(
                """
                보관함에 없거나 잠정 집계로만 있는 날의 일별 차트를 가져오고, 함께 국적을 아직 모르는 영화의 상세 정보를 \
                가져옵니다(기간 차트의 한국영화·외국영화 점유율에 쓰입니다). 확정된 날은 다시 가져오지 않으므로, 중단된 \
                실행은 같은 명령을 다시 실행하면 멈춘 곳에서 이어집니다.
                KOBIS에 상세 정보가 없는 영화는 실패가 아닙니다: 국적을 미확인으로 저장하고 다시 묻지 않습니다. 호출은 \
                호출 장부에 sync의 것으로 셉니다.
                종료 상태: 0 모두 보관; 1 실패(stderr에 목록); 2 예산에서 멈춤; 3 오늘의 백그라운드용 KOBIS 호출 한도를 다 \
                써서 멈춤(한국 시간 자정 뒤에 이어서); 130 중단됨.
                """,
                """
                Fetches each day's daily chart that the store lacks (or holds only provisionally) and, alongside, the \
                details of films whose nation is not known yet (for the Korean vs foreign share of period charts). \
                Settled days are never fetched again, so an interrupted run continues where it stopped: run the same \
                command again.
                Films KOBIS has no details for are not failures: their nation is stored as unknown and never asked \
                again. The calls are counted in the quota ledger as sync's.
                Exit status: 0 all archived; 1 failures (listed on stderr); 2 stopped at the budget; 3 stopped because \
                today's KOBIS quota for background work is used up (continue after midnight KST); 130 interrupted.
                """))
    }

    @Option(help: .words("첫날, YYYY-MM-DD.", "First day, YYYY-MM-DD."))
    var from: String

    @Option(help: .words("마지막 날, YYYY-MM-DD (늦어도 어제).", "Last day, YYYY-MM-DD (yesterday at the latest)."))
    var to: String

    @Flag(
        help: .words(
            "기간 안의 끝난 주마다 주간(월–일) 차트도 보관합니다.",
            "Also archive the weekly (Mon–Sun) chart of every finished week in the range."))
    var weekly = false

    @Option(
        help: .words(
            "동시에 보내는 KOBIS 호출 수, 1–\(SyncOptions.maximumConcurrency).",
            "KOBIS calls in flight at once, 1–\(SyncOptions.maximumConcurrency)."))
    var concurrency = SyncOptions.defaultConcurrency

    @Option(
        help: .words(
            "이번 실행이 쓸 수 있는 KOBIS 호출 수, 재시도 포함 (무료 키는 하루 3,000회).",
            "The most KOBIS calls this run may make, retries included (the free key allows 3,000 a day)."))
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
        // Running the same command again cannot get past a fatal problem (a refused key): its message says what to do.
        if let request = report.continueRequest, fatal == nil {
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
