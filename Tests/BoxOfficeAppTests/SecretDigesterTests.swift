import Testing

@testable import BoxOfficeApp

@Suite("Secret digests")
struct SecretDigesterTests {
    func hex(_ text: String) -> String { SHA256SecretDigester().digest(text) }

    @Test("SHA-256 matches the NIST example vectors")
    func vectors() {
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            )
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        // Many blocks (the NIST million-"a" vector is too slow for a debug build).
        #expect(
            hex(String(repeating: "a", count: 10_000))
                == "27dd1f61b867b6a0f6e9d8a41c43231de52107e53ae424de8f847b821db4b711")
        // 55 and 56 bytes straddle the padding boundary.
        #expect(
            hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
        )
        #expect(
            hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
        )
    }
}
