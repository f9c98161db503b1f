import BoxOfficeCore
import BoxOfficeText
import Foundation
import KOBIS

/// Shows a sync's progress on stderr: on a terminal, one live line redrawn in place
/// (`sync [█████░░░░░] 123/509  24%  8.2/s  ETA 0:30  charts 100/365  films 23/144  calls 124`); otherwise
/// plain lines at every tenth, so logs stay readable. The total counts charts and film lookups together and
/// grows as charts name films not seen before.
final class ProgressBar: Sendable {
    /// Events come from the sync's tasks: the line is drawn under a lock.
    private let line: Locked<ProgressLine>

    /// Redraws at most this often on a terminal.
    static let redrawInterval = Duration.milliseconds(100)

    init(
        isTerminal: Bool,
        strings: CLIStrings,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        columns: @escaping @Sendable () -> Int = { Terminal.columns(of: 2) }
    ) {
        line = Locked(
            ProgressLine(
                isTerminal: isTerminal, strings: strings, write: write, now: now, columns: columns, start: now()))
    }

    func handle(_ event: SyncEvent) {
        line.withLock { $0.handle(event) }
    }

    /// Ends the live line, if one is shown.
    func finish() {
        line.withLock { $0.closeLine() }
    }

    // MARK: - Time

    /// `0:07`, `12:30`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        guard let total = Int(exactly: seconds.rounded()), total >= 0, total < 1_000 * 3_600 else { return "--:--" }
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%d:%02d", minutes, secs)
    }

    static func seconds(of duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

}

/// The live line (or, off a terminal, the plain lines) of a ``ProgressBar``.
private struct ProgressLine {
    let isTerminal: Bool
    let strings: CLIStrings
    let write: @Sendable (String) -> Void
    let now: @Sendable () -> ContinuousClock.Instant
    let columns: @Sendable () -> Int
    var start: ContinuousClock.Instant
    var progress = SyncProgress()
    var lastDraw: ContinuousClock.Instant?
    var lastReportedTenth = 0
    var lineIsOpen = false
    var isFinished = false

    init(
        isTerminal: Bool, strings: CLIStrings, write: @escaping @Sendable (String) -> Void,
        now: @escaping @Sendable () -> ContinuousClock.Instant, columns: @escaping @Sendable () -> Int,
        start: ContinuousClock.Instant
    ) {
        self.isTerminal = isTerminal
        self.strings = strings
        self.write = write
        self.now = now
        self.columns = columns
        self.start = start
    }

    mutating func handle(_ event: SyncEvent) {
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
            let delay = strings.seconds(String(format: "%.1f", ProgressBar.seconds(of: delay)))
            emitLine(
                strings.retrying(strings.item(item), attempt: attempt + 1, after: delay, strings.problem(problem)))
            draw(force: true)
        case .stopping(let reason):
            closeLine()
            // An interrupt's notice is the signal handler's, said the moment Ctrl-C is pressed.
            if case .interrupted = reason { break }
            emitLine(strings.syncStopping(reason))
        }
    }

    // MARK: - Drawing

    private mutating func draw(force: Bool) {
        let total = progress.total
        guard total > 0, !isFinished else { return }
        let instant = now()
        if isTerminal {
            if !force, let lastDraw, instant - lastDraw < ProgressBar.redrawInterval { return }
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

    /// The bar and the status, narrower than the terminal: a line as wide as it would wrap, and every redraw would
    /// leave its tail on the line below. The details go first (lists, films, charts, calls), then the bar.
    private func barLine(at instant: ContinuousClock.Instant) -> String {
        let limit = columns() - 1
        var parts = statusParts(at: instant)
        func status() -> String { (parts.core + parts.details.map(\.text)).joined(separator: "  ") }
        while let dropped = parts.details.indices.max(by: { parts.details[$0].leftOut < parts.details[$1].leftOut }),
            DisplayWidth.of(status()) + 8 + 10 > limit
        {
            parts.details.remove(at: dropped)
        }
        let room = limit - DisplayWidth.of(status()) - 8
        guard room >= 10 else { return DisplayWidth.truncate("sync " + status(), to: limit) }
        let width = min(40, room)
        let filled = width * progress.completed / max(1, progress.total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "sync [\(bar)] \(status())"
    }

    /// `123/509  24%  8.2/s  ETA 0:30  charts 100/365  films 23/144  lists 2/3  calls 124`.
    private func statusText(at instant: ContinuousClock.Instant) -> String {
        let parts = statusParts(at: instant)
        return (parts.core + parts.details.map(\.text)).joined(separator: "  ")
    }

    /// The status: what is always shown, then the details, each with the order it is left out in (highest first).
    private func statusParts(
        at instant: ContinuousClock.Instant
    ) -> (core: [String], details: [(text: String, leftOut: Int)]) {
        let completed = progress.completed
        let total = progress.total
        let percent = total == 0 ? 100 : completed * 100 / total
        let elapsed = ProgressBar.seconds(of: instant - start)
        var core = ["\(completed)/\(total)", "\(percent)%"]
        if completed > 0, elapsed > 0 {
            let rate = Double(completed) / elapsed
            core.append(String(format: "%.1f/s", rate))
            if completed < total {
                core.append("\(strings.etaWord) " + ProgressBar.clock(Double(total - completed) / rate))
            } else {
                let duration =
                    elapsed < 10
                    ? strings.seconds(String(format: "%.2f", elapsed))
                    : elapsed < 60 ? strings.seconds(String(format: "%.1f", elapsed)) : ProgressBar.clock(elapsed)
                core.append("\(strings.tookWord) " + duration)
            }
        } else {
            core.append("\(strings.etaWord) --:--")
        }
        var details: [(text: String, leftOut: Int)] = [
            ("\(strings.chartsWord) \(progress.chartsDone)/\(progress.chartsTotal)", 2)
        ]
        if progress.moviesTotal > 0 {
            details.append(("\(strings.filmsWord) \(progress.moviesDone)/\(progress.moviesTotal)", 3))
        }
        if progress.listPagesTotal > 0 {
            details.append(("\(strings.listsWord) \(progress.listPagesDone)/\(progress.listPagesTotal)", 4))
        }
        details.append(("\(strings.callsWord) \(progress.calls)", 1))
        return (core, details)
    }

    /// Prints a whole line, above the live bar on a terminal.
    private mutating func emitLine(_ text: String) {
        if isTerminal && lineIsOpen {
            write("\r\u{1B}[2K" + text + "\n")
            lineIsOpen = false
        } else {
            write(text + "\n")
        }
    }

    mutating func closeLine() {
        if lineIsOpen {
            write("\n")
            lineIsOpen = false
        }
    }
}
