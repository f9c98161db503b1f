import BoxOfficeCore
import BoxOfficeText
import Foundation

/// The keeper and today's quota on the administrator's page, with the three forms that steer the keeper.
struct KeeperPanelViewModel: Sendable {
    struct Fact: Sendable {
        var label: String
        var value: String
    }

    struct PurposeRow: Sendable {
        var label: String
        var calls: String
    }

    /// Empty when the store could not be read (`hasFacts` false: the page says so instead).
    var facts: [Fact]
    var hasFacts: Bool
    /// The ``KeeperState`` raw value (a CSS class; the label carries the meaning).
    var state: String
    var disabledHint: String?
    var quotaFacts: [Fact]
    var hasQuota: Bool
    var purposes: [PurposeRow]
    var quotaNote: String?
    var csrf: String
    var pauseAction: String
    var resumeAction: String
    var runAction: String

    init(status: KeeperStatus?, usage: QuotaUsage?, environment: AdminPageEnvironment, csrf: String) {
        let s = environment.strings
        state = status?.state.rawValue ?? "unknown"
        let facts = status.map { status in
            [
                Fact(label: s.keeperStateLabel, value: s.keeperState(status.state)),
                Fact(
                    label: s.keeperRangeLabel, value: s.keptRange(from: status.from, through: status.latestSettledDay)),
                Fact(label: s.archivedLabel, value: NumberFormatting.thousands(status.archivedDays)),
                Fact(label: s.missingLabel, value: NumberFormatting.thousands(status.missingDays)),
                Fact(label: s.leaderLabel, value: status.leader ? s.leaderYes : s.leaderNo),
                Fact(label: s.nextRunLabel, value: status.nextRunAt.map(AdminPageEnvironment.time) ?? s.notScheduled),
            ]
        }
        self.facts = facts ?? []
        hasFacts = facts != nil
        disabledHint = status?.state == .disabled ? s.keeperDisabledHint : nil
        if let usage {
            quotaFacts = [
                Fact(label: s.limitLabel, value: NumberFormatting.thousands(usage.policy.limit)),
                Fact(label: s.reserveLabel, value: NumberFormatting.thousands(usage.policy.reserve)),
                Fact(label: s.usedLabel, value: "\(NumberFormatting.thousands(usage.used)) (\(usage.day))"),
            ]
            purposes = KOBISCallPurpose.allCases.map {
                PurposeRow(label: s.purpose($0), calls: NumberFormatting.thousands(usage.byPurpose[$0] ?? 0))
            }
            hasQuota = true
            quotaNote = usage.policy.enforced ? nil : s.quotaNotEnforced
        } else {
            quotaFacts = []
            hasQuota = false
            purposes = []
            quotaNote = s.keeperUnreadable
        }
        self.csrf = csrf
        pauseAction = environment.link("/admin/keeper/pause")
        resumeAction = environment.link("/admin/keeper/resume")
        runAction = environment.link("/admin/keeper/run")
    }
}
