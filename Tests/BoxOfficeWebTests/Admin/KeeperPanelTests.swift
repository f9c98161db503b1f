import BoxOfficeCore
import BoxOfficeStore
import Foundation
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// The archive keeper and the quota on the administrator's page, and its pause, resume and run-now forms.
@Suite("Admin: the archive keeper", .serialized)
struct KeeperPanelTests {
    @Test("administrators see the keeper, its range and today's quota by purpose, in English and Korean")
    func panel() async throws {
        try await AdminTestSupport.withApp { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let page = try await admin.get("/admin/backfill")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains(#"<h2 id="keeper-heading">Archive keeper</h2>"#))
            #expect(text.contains("<dt>State</dt><dd>Off</dd>"), "\(text)")
            #expect(text.contains("<dt>Range kept</dt><dd>2004-01-01 – 2024-03-18</dd>"))
            #expect(text.contains("<dt>Days missing</dt><dd>7,383</dd>"))
            #expect(text.contains("<dt>Kept by this instance</dt><dd>No</dd>"))
            #expect(text.contains("<dt>Next run</dt><dd>Not scheduled</dd>"))
            #expect(text.contains(#"<h3 id="quota-heading">Today&#39;s KOBIS quota</h3>"#))
            #expect(text.contains("<dt>Daily limit</dt><dd>3,000</dd>"))
            #expect(text.contains("<dt>Reserve for readers</dt><dd>500</dd>"))
            #expect(text.contains(#"<th scope="row">Pages and API</th><td>0</td>"#))
            #expect(text.contains(#"<th scope="row">Movie details and search</th>"#))
            #expect(text.contains("Sample mode: calls are counted, never refused."))
            for action in ["pause", "resume", "run"] {
                #expect(
                    text.contains(
                        #"<form method="post" action="/admin/keeper/\#(action)"><input type="hidden" name="csrf""#))
            }
            await admin.setLanguage("ko")
            let korean = try await admin.get("/admin/backfill").text
            #expect(korean.contains("자동 보관"))
            #expect(korean.contains("<dt>상태</dt><dd>꺼짐</dd>"))
            #expect(korean.contains("오늘의 KOBIS 호출 한도"))
            #expect(korean.contains("지금 실행"))
        }
    }

    @Test("an administrator pauses, resumes and runs the keeper now; each form comes back with a notice")
    func controls() async throws {
        try await AdminTestSupport.withApp { app in
            let admin = try await AdminTestSupport.signedIn(app, "boss", admin: true)
            let controls = app.services.database.keeperControlStore()

            let paused = try await admin.submit(on: "/admin/backfill", to: "/admin/keeper/pause", [])
            #expect(paused.status == .seeOther)
            #expect(paused.location == "/admin/backfill?done=keeper-paused")
            #expect(try await controls.controls().paused)
            #expect(try await admin.get("/admin/backfill?done=keeper-paused").text.contains("Keeper paused"))

            let resumed = try await admin.submit(on: "/admin/backfill", to: "/admin/keeper/resume", [])
            #expect(resumed.location == "/admin/backfill?done=keeper-resumed")
            #expect(try await !controls.controls().paused)

            #expect(try await controls.controls().runRequestedAt == nil)
            let run = try await admin.submit(on: "/admin/backfill", to: "/admin/keeper/run", [])
            #expect(run.location == "/admin/backfill?done=keeper-run")
            #expect(try await controls.controls().runRequestedAt != nil)

            // Without the session's CSRF token nothing changes.
            let forged = try await admin.post("/admin/keeper/pause", [])
            #expect(forged.status != .seeOther)
            #expect(try await !controls.controls().paused)
        }
    }

    @Test("non-administrators and anonymous visitors cannot steer the keeper")
    func refused() async throws {
        try await AdminTestSupport.withApp { app in
            let controls = app.services.database.keeperControlStore()
            let anonymous = PageBrowser(app.client)
            let loggedOut = try await anonymous.post("/admin/keeper/pause", [])
            #expect(loggedOut.status == .seeOther)
            #expect(loggedOut.location?.hasPrefix("/login") == true)

            let member = try await AdminTestSupport.signedIn(app, "member", admin: false)
            let token = try await member.sessionCSRF()
            for action in ["pause", "resume", "run"] {
                let response = try await member.post("/admin/keeper/\(action)", [("csrf", token)])
                #expect(response.status == .forbidden, "\(action)")
            }
            let after = try await controls.controls()
            #expect(!after.paused)
            #expect(after.runRequestedAt == nil)
        }
    }
}
