import BoxOfficeCore
import BoxOfficeText
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows a sync's progress on stderr: on a terminal, one live line redrawn in place
/// (`sync [█████░░░░░] 123/509  24%  8.2/s  ETA 0:30  charts 100/365  films 23/144  calls 124`); otherwise
/// plain lines at every tenth, so logs stay readable. The total counts charts and film lookups together and
/// grows as charts name films not seen before.
final class ProgressBar: @unchecked Sendable {
    private let isTerminal: Bool
    private let strings: CLIStrings
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let columns: () -> Int

    // Everything below is guarded by `lock`: events come from the sync's tasks.
    private let lock = NSLock()
    private var progress = SyncProgress()
    private var start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var lastReportedTenth = 0
    private var lineIsOpen = false
    private var isFinished = false

    /// Redraws at most this often on a terminal.
    private static let redrawInterval = Duration.milliseconds(100)

    init(
        isTerminal: Bool,
        strings: CLIStrings,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        columns: @escaping () -> Int = { ProgressBar.terminalColumns() }
    ) {
        self.isTerminal = isTerminal
        self.strings = strings
        self.write = write
        self.now = now
        self.columns = columns
        self.start = now()
    }

    func handle(_ event: SyncEvent) {
        lock.withLock {
            switch event {
            case .started(let progress, let skipped):
                closeLine()
                self.progress = progress
                lastReportedTenth = 0
                start = now()
                lastDraw = nil
                emitLine(strings.syncStart(charts: progress.chartsTotal, skipped: skipped))
                if progress.total > 0 { draw(force: true) }
            case .moviesQueued(_, let progress):
                self.progress = progress
                draw(force: false)
            case .itemFinished(let item, let outcome, let progress):
                self.progress = progress
                if case .failed(let problem, _) = outcome {
                    emitLine(strings.itemFailed(strings.item(item), strings.problem(problem)))
                }
                let done = progress.completed == progress.total
                draw(force: done)
                if done {
                    closeLine()
                    isFinished = true
                }
            case .retrying(let item, let attempt, let problem, let delay):
                let delay = strings.seconds(String(format: "%.1f", Self.seconds(of: delay)))
                emitLine(
                    strings.retrying(strings.item(item), attempt: attempt + 1, after: delay, strings.problem(problem)))
                draw(force: true)
            case .stopping(let reason):
                closeLine()
                emitLine(strings.syncStopping(reason))
            }
        }
    }

    /// Ends the live line, if one is shown.
    func finish() {
        lock.withLock { closeLine() }
    }

    // MARK: - Drawing (lock held)

    private func draw(force: Bool) {
        let total = progress.total
        guard total > 0, !isFinished else { return }
        let instant = now()
        if isTerminal {
            if !force, let lastDraw, instant - lastDraw < Self.redrawInterval { return }
            lastDraw = instant
            write("\r\u{1B}[2K" + barLine(at: instant))
            lineIsOpen = true
        } else {
            let completed = progress.completed
            let tenth = completed * 10 / total
            guard tenth > lastReportedTenth || (force && completed == total && lastReportedTenth < 10) else { return }
            lastReportedTenth = tenth
            write("sync: " + statusText(at: instant) + "\n")
        }
    }

    private func barLine(at instant: ContinuousClock.Instant) -> String {
        let status = statusText(at: instant)
        let room = columns() - DisplayWidth.of(status) - 8
        let width = max(10, min(40, room))
        let filled = width * progress.completed / max(1, progress.total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "sync [\(bar)] \(status)"
    }

    /// `123/509  24%  8.2/s  ETA 0:30  charts 100/365  films 23/144  lists 2/3  calls 124`.
    private func statusText(at instant: ContinuousClock.Instant) -> String {
        let completed = progress.completed
        let total = progress.total
        let percent = total == 0 ? 100 : completed * 100 / total
        let elapsed = Self.seconds(of: instant - start)
        var text = "\(completed)/\(total)  \(percent)%"
        if completed > 0, elapsed > 0 {
            let rate = Double(completed) / elapsed
            text += String(format: "  %.1f/s", rate)
            if completed < total {
                text += "  \(strings.etaWord) " + Self.clock(Double(total - completed) / rate)
            } else {
                let duration =
                    elapsed < 10
                    ? strings.seconds(String(format: "%.2f", elapsed))
                    : elapsed < 60 ? strings.seconds(String(format: "%.1f", elapsed)) : Self.clock(elapsed)
                text += "  \(strings.tookWord) " + duration
            }
        } else {
            text += "  \(strings.etaWord) --:--"
        }
        text += "  \(strings.chartsWord) \(progress.chartsDone)/\(progress.chartsTotal)"
        if progress.moviesTotal > 0 { text += "  \(strings.filmsWord) \(progress.moviesDone)/\(progress.moviesTotal)" }
        if progress.listPagesTotal > 0 {
            text += "  \(strings.listsWord) \(progress.listPagesDone)/\(progress.listPagesTotal)"
        }
        return text + "  \(strings.callsWord) \(progress.calls)"
    }

    /// Prints a whole line, above the live bar on a terminal.
    private func emitLine(_ text: String) {
        if isTerminal && lineIsOpen {
            write("\r\u{1B}[2K" + text + "\n")
            lineIsOpen = false
        } else {
            write(text + "\n")
        }
    }

    private func closeLine() {
        if lineIsOpen {
            write("\n")
            lineIsOpen = false
        }
    }

    // MARK: - Time

    /// `0:07`, `12:30`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--" }
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%d:%02d", minutes, secs)
    }

    static func seconds(of duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The width of the terminal on stderr, or 80.
    static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
