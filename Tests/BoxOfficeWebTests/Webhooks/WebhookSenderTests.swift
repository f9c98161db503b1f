import BoxOfficeCore
import Crypto
import Foundation
import Hummingbird
import Testing

@testable import BoxOfficeApp

@Suite("Webhook requests: signed bodies in each format to a loopback receiver; no forgery of the target")
struct WebhookSenderTests {
    static let message = WebhookMessage(
        kind: "first", title: "괴물 1위", text: "괴물 — #1, 2024-03-19 & \"more\"",
        fields: ["movieCode": "20060001", "title": "괴물", "date": "2024-03-19"])

    static func hexHMAC(_ body: Data, _ secret: String) -> String {
        HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
            .map { String(format: "%02x", $0) }.joined()
    }

    @Test("each format's body arrives as promised, signed with the hook's secret")
    func formats() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { port in
            let sender = WebhookSender.live(allowPrivate: true)
            for format in WebhookFormat.allCases {
                let outcome = await sender.send(
                    Self.message, format: format, to: "http://localhost:\(port)/hook/\(format.rawValue)",
                    secret: "s3cret-\(format.rawValue)")
                #expect(outcome == .delivered(status: 204), "\(format)")
            }
        }
        let got = receiver.received
        try #require(got.count == 4)
        for (format, request) in zip(WebhookFormat.allCases, got) {
            #expect(request.path == "/hook/\(format.rawValue)")
            #expect(
                request.headers[HTTPFields.Element.Name("X-BoxOffice-Signature")!]
                    == "sha256=" + Self.hexHMAC(request.body, "s3cret-\(format.rawValue)"), "\(format)")
            #expect(request.headers[.userAgent] == "BoxOffice-Webhook/1")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: got[0].body) as? [String: String])
        #expect(
            json == [
                "kind": "first", "movieCode": "20060001", "title": "괴물", "date": "2024-03-19",
                "text": "괴물 — #1, 2024-03-19 & \"more\"",
            ])
        #expect(got[0].headers[.contentType] == "application/json")
        let discord = try #require(try JSONSerialization.jsonObject(with: got[1].body) as? [String: String])
        #expect(discord == ["content": Self.message.text])
        let slack = try #require(try JSONSerialization.jsonObject(with: got[2].body) as? [String: String])
        #expect(slack == ["text": Self.message.text])
        #expect(String(decoding: got[3].body, as: UTF8.self) == Self.message.text)
        #expect(got[3].headers[.contentType] == "text/plain; charset=utf-8")
        #expect(got[3].headers[HTTPFields.Element.Name("Title")!] != nil)
    }

    @Test("an error answer is a failure with its status; a redirect is not followed")
    func failures() async throws {
        let receiver = WebhookReceiver()
        receiver.answer([.internalServerError, .found])
        try await receiver.run { port in
            let sender = WebhookSender.live(allowPrivate: true)
            let url = "http://127.0.0.1:\(port)/hook"
            #expect(
                await sender.send(Self.message, format: .json, to: url, secret: "k")
                    == .failed(.answered(status: 500)))
            #expect(
                await sender.send(Self.message, format: .json, to: url, secret: "k")
                    == .failed(.answered(status: 302)))
        }
        #expect(receiver.received.count == 2, "the redirect's target was never asked")
    }

    @Test(
        "without BOXOFFICE_WEBHOOK_ALLOW_PRIVATE, loopback targets are refused before any connection",
        arguments: [
            "http://localhost:{port}/hook", "http://127.0.0.1:{port}/hook", "http://[::ffff:127.0.0.1]:{port}/hook",
        ])
    func refusedAtDelivery(template: String) async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { port in
            let sender = WebhookSender.live(allowPrivate: false)
            let outcome = await sender.send(
                Self.message, format: .json, to: template.replacingOccurrences(of: "{port}", with: "\(port)"),
                secret: "k")
            guard case .refused(.nonPublicAddress(_, _, .loopback)) = outcome else {
                Issue.record("not refused as loopback: \(outcome)")
                return
            }
        }
        #expect(receiver.received.isEmpty)
    }

    @Test("the system resolver finds localhost's loopback addresses")
    func systemResolver() async throws {
        let addresses = try await SystemHostResolver().addresses(of: "localhost", port: 80)
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.nonPublicReason == .loopback }, "\(addresses)")
    }
}
