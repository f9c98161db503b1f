import BoxOfficeCore
import Foundation
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: an edit form saves only what it changed")
struct DiaryNoteEditTwoDevicesTests {
    /// The `shown…` hidden fields of an edit form, unescaped.
    static func shownFields(_ html: String) -> [(String, String)] {
        html.matches(of: #/<input type="hidden" name="(shown[A-Za-z]+)" value="([^"]*)">/#).map { match in
            let value = String(match.2).replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            return (String(match.1), value)
        }
    }

    /// The edit form of `id` as a browser would post it untouched: its hidden fields and every field as shown.
    static func formAsShown(_ browser: PageBrowser, id: String) async throws -> [String: String] {
        let page = try await browser.get("/notes/\(id)/edit")
        #expect(page.status == .ok)
        let html = page.text
        var fields = Dictionary(uniqueKeysWithValues: shownFields(html))
        let token = try #require(PageBrowser.csrfToken(in: html))
        fields["csrf"] = token
        // The form shows what it says it showed.
        fields["title"] = fields["shownTitle"]
        fields["watchedOn"] = fields["shownWatchedOn"]
        fields["rating"] = fields["shownRating"]
        fields["category"] = fields["shownCategory"]
        fields["place"] = fields["shownPlace"]
        let memo = try #require(html.firstMatch(of: #/<textarea id="note-memo"[^>]*>\n([^<]*)</textarea>/#)).1
        fields["memo"] = String(memo)
        return fields
    }

    static func post(_ browser: PageBrowser, id: String, _ fields: [String: String]) async throws -> TestResponse {
        try await browser.post("/notes/\(id)/edit", fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    @Test(
        "a form opened before another device's change keeps that change and saves its own",
        arguments: DiaryWebBackend.enabled)
    func otherDeviceStays(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let phone = PageBrowser(client)
            try await phone.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            let id = try await DiaryPageTestSupport.writeNote(
                phone, movie: code, rating: "3", memo: "처음 메모", place: "home", title: "처음 제목")
            let tablet = PageBrowser(client)
            _ = try await tablet.submit(
                on: "/login", [("username", "minji"), ("password", "correct horse battery")])

            // The phone opens the edit form; the tablet then changes the memo, the rating and the place.
            var phoneForm = try await Self.formAsShown(phone, id: id)
            #expect(phoneForm["shownMemo"] == NoteFormShown.digest("처음 메모"))
            #expect(phoneForm["memo"] == "처음 메모")
            var tabletForm = try await Self.formAsShown(tablet, id: id)
            tabletForm["memo"] = "태블릿에서 고친 메모"
            tabletForm["rating"] = "4.5"
            tabletForm["place"] = "cinema"
            #expect(try await Self.post(tablet, id: id, tabletForm).status == .seeOther)

            // The phone changes only the title; the tablet's changes stay.
            phoneForm["title"] = "폰에서 고친 제목"
            #expect(try await Self.post(phone, id: id, phoneForm).status == .seeOther)
            let saved = try await phone.get("/notes/\(id)/edit").text
            #expect(saved.contains(#"name="title" value="폰에서 고친 제목""#))
            #expect(saved.contains("태블릿에서 고친 메모</textarea>"))
            #expect(saved.contains(#"<option value="4.5" selected>"#))
            #expect(saved.contains(#"id="place-cinema" name="place" value="cinema" checked"#))

            // A field both changed: the later save wins, as it would on one device.
            phoneForm["memo"] = "폰에서 고친 메모"
            #expect(try await Self.post(phone, id: id, phoneForm).status == .seeOther)
            let both = try await tablet.get("/notes/\(id)/edit").text
            #expect(both.contains("폰에서 고친 메모</textarea>"))
            #expect(both.contains(#"<option value="4.5" selected>"#), "the phone still left the rating alone")

            // A form without what it showed (an older page, a script) saves every field, as before.
            var whole = try await Self.formAsShown(tablet, id: id)
            for name in ["shownTitle", "shownWatchedOn", "shownRating", "shownCategory", "shownPlace", "shownMemo"] {
                whole[name] = nil
            }
            whole["rating"] = ""
            #expect(try await Self.post(tablet, id: id, whole).status == .seeOther)
            #expect(try await tablet.get("/notes/\(id)/edit").text.contains(#"<option value="" selected>"#))
        }
    }

    @Test(
        "a refused edit shows the other device's values and still leaves them alone on the second try",
        arguments: DiaryWebBackend.enabled)
    func refusedThenSaved(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withApp(backend) { client in
            let phone = PageBrowser(client)
            try await phone.signUp("minji")
            let code = try #require(try await client.sampleMovieCodes().first)
            let id = try await DiaryPageTestSupport.writeNote(phone, movie: code, rating: "2", memo: "첫 메모")
            let tablet = PageBrowser(client)
            _ = try await tablet.submit(
                on: "/login", [("username", "minji"), ("password", "correct horse battery")])

            var phoneForm = try await Self.formAsShown(phone, id: id)
            var tabletForm = try await Self.formAsShown(tablet, id: id)
            tabletForm["memo"] = "태블릿 메모"
            #expect(try await Self.post(tablet, id: id, tabletForm).status == .seeOther)

            // The phone's form is refused (a blank title); it comes back with the tablet's memo, not the old one.
            phoneForm["title"] = "  "
            phoneForm["rating"] = "5"
            let refused = try await Self.post(phone, id: id, phoneForm)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("The title must not be empty."))
            #expect(refused.text.contains("태블릿 메모</textarea>"))
            #expect(refused.text.contains(#"<option value="5" selected>"#), "the phone's own change is kept")
            let again = Dictionary(uniqueKeysWithValues: Self.shownFields(refused.text))
            #expect(again["shownMemo"] == NoteFormShown.digest("태블릿 메모"), "the memo left alone is now the tablet's")
            #expect(again["shownRating"] == "2", "the rating still counts as changed from what the phone showed")

            // The tablet changes the memo again; the phone's corrected form still leaves it alone.
            tabletForm = try await Self.formAsShown(tablet, id: id)
            tabletForm["memo"] = "태블릿 메모 둘"
            #expect(try await Self.post(tablet, id: id, tabletForm).status == .seeOther)
            var retry = again
            retry["csrf"] = phoneForm["csrf"]
            retry["title"] = "고친 제목"
            retry["watchedOn"] = phoneForm["watchedOn"]
            retry["rating"] = "5"
            retry["memo"] = "태블릿 메모"
            #expect(try await Self.post(phone, id: id, retry).status == .seeOther)
            let saved = try await phone.get("/notes/\(id)/edit").text
            #expect(saved.contains("태블릿 메모 둘</textarea>"))
            #expect(saved.contains(#"<option value="5" selected>"#))
            #expect(saved.contains(#"name="title" value="고친 제목""#))
        }
    }

    @Test("a field counts as changed as the form's checks read it")
    func changedAsChecked() {
        let shown = NoteFormShown(
            NoteFormInput(
                movieCode: "20240001", title: "제목", watchedOn: "2024-03-15", rating: "4", categoryId: "",
                place: "home", memo: "메모"))
        var same = NoteFormInput(
            movieCode: "20240001", title: " 제목 ", watchedOn: "2024-03-15", rating: "4.0", categoryId: "",
            place: "HOME", memo: "메모")
        #expect(shown.changedFields(same).isEmpty)
        same.rating = "4.5"
        same.memo = "메모 "
        same.categoryId = "0D0F4B0E-2C2A-4E0B-9A55-3C1D2B7E9F10"
        #expect(shown.changedFields(same) == [.rating, .memo, .category])
        same.rating = "four"
        #expect(shown.changedFields(same).contains(.rating), "what is no rating is always a change, so it is checked")
    }
}
