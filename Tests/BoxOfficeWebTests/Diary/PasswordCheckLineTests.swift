import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

extension DiaryAPITests {
    /// A flood of log-ins or sign-ups (any username costs a bcrypt check) waits in a bounded line and past it is
    /// refused at once: the server's other work keeps a core, and nobody's request waits without end.
    @Suite("Password checks: a bounded line")
    struct PasswordCheckLineTests {
        /// Takes one of `gate`'s running places, as someone else's check would, and returns once it runs: the task
        /// holding it and what lets it go (`finish()`).
        static func holdPlace(in gate: WorkGate) async -> (Task<Void, any Error>, AsyncStream<Void>.Continuation) {
            let (started, starting) = AsyncStream<Void>.makeStream()
            let (released, release) = AsyncStream<Void>.makeStream()
            let holder = Task {
                try await gate.run {
                    starting.finish()
                    for await _ in released {}
                }
            }
            for await _ in started {}
            return (holder, release)
        }

        @Test("with every place in the line taken: 503 with Retry-After on the log-in and sign-up pages and the API")
        func fullLine() async throws {
            let gate = WorkGate(running: 1, waiting: 0)
            let hasher = BcryptPasswordHasher(cost: 4, gate: gate)
            try await DiaryWebTestSupport.withDatabase(.sqlite) { databaseURL, directory in
                try await LoginLimitAPITests.run(databaseURL: databaseURL, directory: directory, hasher: hasher) {
                    client, _ in
                    #expect(try await client.account("early") != "")
                    let korean = PageBrowser(client, language: "ko")
                    let english = PageBrowser(client)
                    let signedIn = PageBrowser(client)
                    try await signedIn.signUp("inside", password: "correct horse battery")
                    let loginForm = try await korean.get("/login")
                    let signupForm = try await english.get("/signup")
                    #expect(loginForm.status == .ok && signupForm.status == .ok)

                    // Someone else's check holds the only place.
                    let (holder, release) = await Self.holdPlace(in: gate)
                    #expect(gate.load == (1, 0))

                    let login = try await korean.submit(
                        on: "/login", [("username", "early"), ("password", "correct horse battery")])
                    #expect(login.status == .serviceUnavailable)
                    #expect(login.headers[.retryAfter] == "30")
                    #expect(login.text.contains("지금 로그인과 가입이 몰려"), "\(login.text.prefix(1500))")
                    #expect(login.text.contains("value=\"early\""), "the name typed stays in the form")

                    // Signed in, the password confirming a change waits in the same line.
                    let change = try await signedIn.submit(
                        on: "/account", to: "/account/password",
                        [
                            ("currentPassword", "correct horse battery"), ("newPassword", "battery staple horse"),
                            ("newPasswordConfirm", "battery staple horse"),
                        ])
                    #expect(change.status == .serviceUnavailable)
                    #expect(change.headers[.retryAfter] == "30")
                    #expect(change.text.contains("Too many people are logging in or signing up right now"))

                    let signup = try await english.submit(
                        on: "/signup",
                        [
                            ("username", "late"), ("password", "correct horse battery"),
                            ("passwordConfirm", "correct horse battery"),
                        ])
                    #expect(signup.status == .serviceUnavailable)
                    #expect(signup.headers[.retryAfter] == "30")
                    #expect(signup.text.contains("Too many people are logging in or signing up right now"))

                    let token = try await client.call(
                        .post, "/api/v1/tokens", json: ["username": "early", "password": "correct horse battery"])
                    #expect(token.status == .serviceUnavailable)
                    #expect(token.headers[.retryAfter] == "30")
                    #expect(
                        (token.jsonObject?["error"] as? [String: Any])?["message"] as? String
                            == "Too many people are logging in or signing up right now, so the password was not "
                            + "checked. Try again in 30 seconds.")
                    #expect(gate.load == (1, 0), "nothing refused took a place")
                    // Nor a log-in slot: five more refusals, and the right password still goes through after.
                    for _ in 0..<5 {
                        let again = try await client.call(
                            .post, "/api/v1/tokens", json: ["username": "early", "password": "correct horse battery"])
                        #expect(again.status == .serviceUnavailable)
                    }

                    // Once the place is free, the same requests go through.
                    release.finish()
                    try await holder.value
                    #expect(
                        try await client.call(
                            .post, "/api/v1/tokens", json: ["username": "early", "password": "correct horse battery"]
                        ).status == .created)
                    let again = try await korean.submit(
                        on: "/login", [("username", "early"), ("password", "correct horse battery")])
                    #expect(again.status == .seeOther)
                }
            }
        }

        @Test("a check against an account's hash waits in the first line; a made-up name's and a new hash in the other")
        func accountsGoAhead() async throws {
            let gate = WorkGate(running: 1, waiting: 1)
            let hasher = BcryptPasswordHasher(cost: 4, gate: gate)
            let stored = try await hasher.hash("correct horse battery")
            let (holder, release) = await Self.holdPlace(in: gate)
            let madeUp = Task { try await hasher.verify("guess guess", against: nil) }
            try await Wait.until("the made-up name's check waits", detail: { "\(gate.load)" }) { gate.load == (1, 1) }
            await #expect(throws: DiaryError.busy(retryAfterSeconds: 30)) {
                try await hasher.verify("guess again", against: nil)
            }
            await #expect(throws: DiaryError.busy(retryAfterSeconds: 30)) { try await hasher.hash("a new one") }
            let honest = Task { try await hasher.verify("correct horse battery", against: stored) }
            try await Wait.until("the account's check waits beside it", detail: { "\(gate.load)" }) {
                gate.load == (1, 2)
            }
            release.finish()
            try await holder.value
            #expect(try await honest.value)
            #expect(try await madeUp.value == false)
        }

        @Test("one address holds at most its places in each line of checks; its accounts, others and nobody get theirs")
        func placesPerAsker() async throws {
            let gate = WorkGate(running: 1, waiting: 10)
            let hasher = BcryptPasswordHasher(cost: 4, gate: gate, placesPerAsker: 2)
            let stored = try await hasher.hash("correct horse battery")
            let (holder, release) = await Self.holdPlace(in: gate)
            func guess(_ asker: String?) -> Task<Bool, any Error> {
                Task {
                    try await Asker.$current.withValue(asker) { try await hasher.verify("guess guess", against: nil) }
                }
            }
            let first = guess("203.0.113.7")
            let second = guess("203.0.113.7")
            try await Wait.until("two of one address's checks wait", detail: { "\(gate.load)" }) { gate.load == (1, 2) }
            // A third from that address, a made-up name or a sign-up's new hash, is refused at once, taking no place.
            await #expect(throws: DiaryError.busy(retryAfterSeconds: 30)) {
                try await Asker.$current.withValue("203.0.113.7") {
                    try await hasher.verify("guess again", against: nil)
                }
            }
            await #expect(throws: DiaryError.busy(retryAfterSeconds: 30)) {
                try await Asker.$current.withValue("203.0.113.7") { try await hasher.hash("a new one") }
            }
            #expect(gate.load == (1, 2))
            // Someone with an account behind the same address still gets in line: the first line has places of its own.
            let honest = Task {
                try await Asker.$current.withValue("203.0.113.7") {
                    try await hasher.verify("correct horse battery", against: stored)
                }
            }
            let other = guess("198.51.100.1")
            let nobody = guess(nil)
            try await Wait.until("the account, another address and nobody wait too", detail: { "\(gate.load)" }) {
                gate.load == (1, 5)
            }
            release.finish()
            try await holder.value
            for check in [first, second, other, nobody] { #expect(try await check.value == false) }
            #expect(try await honest.value)
            // The places came back with the checks.
            let again = try await Asker.$current.withValue("203.0.113.7") {
                try await hasher.verify("guess guess", against: nil)
            }
            #expect(again == false)
        }

        @Test("the line is sized from the cores: one stays free for everything else")
        func sizedFromCores() {
            for (cores, running) in [(1, 1), (2, 1), (4, 3), (16, 15)] {
                let gate = BcryptPasswordHasher.gate(cores: cores)
                #expect(gate.runningLimit == running && gate.waitingLimit == 256 * running, "\(cores) cores")
            }
        }
    }
}
