@testable import BoxOfficeCore
import KOBIS
import Testing

@Suite("Archive: sync retry policy")
struct SyncRetryPolicyTests {
    static let policy = SyncRetryPolicy(SyncOptions())

    struct Unexpected: Error {}

    @Test("the options' retry settings make the policy")
    func fromOptions() {
        let options = SyncOptions(
            maxAttempts: 3, retryDelay: .milliseconds(100), maxRetryDelay: .seconds(1), maxConsecutiveFailures: 2)
        #expect(
            SyncRetryPolicy(options)
                == SyncRetryPolicy(
                    maxAttempts: 3, retryDelay: .milliseconds(100), maxRetryDelay: .seconds(1),
                    maxConsecutiveFailures: 2))
        #expect(Self.policy.maxAttempts == 4)
        #expect(Self.policy.maxConsecutiveFailures == 5)
    }

    @Test("backoff doubles from the first delay up to the cap")
    func backoff() {
        #expect(
            (1...6).map(Self.policy.delay(beforeRetry:)) == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8),
            ])
        let odd = SyncRetryPolicy(
            maxAttempts: 9, retryDelay: .milliseconds(300), maxRetryDelay: .seconds(1), maxConsecutiveFailures: 1)
        #expect(
            (1...4).map(odd.delay(beforeRetry:)) == [.milliseconds(300), .milliseconds(600), .seconds(1), .seconds(1)])
    }

    @Test("timeouts, connection trouble, 5xx, 429 and unreadable bodies are transient; faults and 4xx are not")
    func transientFailures() {
        let transient: [KOBISError] = [
            .timeout, .connectionFailed("reset"), .httpStatus(503), .httpStatus(429), .malformedResponse("<html>"),
        ]
        for error in transient {
            #expect(SyncRetryPolicy.classify(error) == (.upstream(error), true), "\(error)")
            #expect(SyncRetryPolicy.classify(BoxOfficeError.upstream(error)).transient, "\(error)")
        }
        let lasting: [KOBISError] = [
            .httpStatus(404), .fault(code: "320011", message: "잘못된 요청"), .invalidRequest("itemPerPage"),
        ]
        for error in lasting {
            #expect(SyncRetryPolicy.classify(error) == (.upstream(error), false), "\(error)")
        }
        #expect(SyncRetryPolicy.classify(CancellationError()) == (.cancelled, true))
        #expect(SyncRetryPolicy.classify(KOBISError.cancelled) == (.cancelled, true))
        #expect(SyncRetryPolicy.classify(BoxOfficeError.upstream(.cancelled)) == (.cancelled, true))
        #expect(!SyncRetryPolicy.classify(Unexpected()).transient)
        #expect(SyncRetryPolicy.classify(Unexpected()).problem == .other(detail: "Unexpected()"))
    }

    @Test("a transient failure is retried after the backoff until the attempts are used up")
    func retriesThenGivesUp() {
        let timeout = KOBISError.timeout
        #expect(Self.policy.assess(timeout, attempt: 1).verdict == .retry(after: .milliseconds(500)))
        #expect(Self.policy.assess(timeout, attempt: 3).verdict == .retry(after: .seconds(2)))
        #expect(Self.policy.assess(timeout, attempt: 4).verdict == .giveUp(transient: true))
        #expect(Self.policy.assess(timeout, attempt: 4).problem == .upstream(timeout))
    }

    @Test("a lasting failure is given up at once; a rejected key stops the run")
    func lastingFailures() {
        let fault = KOBISError.fault(code: "320011", message: "잘못된 요청")
        #expect(Self.policy.assess(fault, attempt: 1).verdict == .giveUp(transient: false))
        let key = KOBISError.fault(code: KOBISError.invalidKeyCode, message: "키가 유효하지 않습니다")
        #expect(Self.policy.assess(key, attempt: 1) == .init(problem: .upstream(key), verdict: .stopRun))
        #expect(Self.policy.assess(Unexpected(), attempt: 1).verdict == .giveUp(transient: false))
    }

    @Test("the quota ledger refusing a call stops the run: never retried, never a failure")
    func quotaRefusal() {
        for error in [KOBISError.callLimitReached, BoxOfficeError.upstream(.callLimitReached)] as [any Error] {
            #expect(
                Self.policy.assess(error, attempt: 1)
                    == .init(problem: .upstream(.callLimitReached), verdict: .quotaReached), "\(error)")
            #expect(Self.policy.assess(error, attempt: 2).verdict == .quotaReached)
        }
    }

    @Test("the run stops after the set number of failed items in a row")
    func failuresInARow() {
        #expect(!Self.policy.stopsRun(afterFailuresInARow: 4))
        #expect(Self.policy.stopsRun(afterFailuresInARow: 5))
        let strict = SyncRetryPolicy(
            maxAttempts: 0, retryDelay: .zero, maxRetryDelay: .zero, maxConsecutiveFailures: 0)
        #expect(strict.maxAttempts == 1)
        #expect(strict.stopsRun(afterFailuresInARow: 1))
        #expect(strict.assess(KOBISError.timeout, attempt: 1).verdict == .giveUp(transient: true))
    }
}
