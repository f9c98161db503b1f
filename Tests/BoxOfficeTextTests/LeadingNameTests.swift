import BoxOfficeCore
import BoxOfficeText
import Testing

@Suite("Names led by KOBIS's English name in English")
struct LeadingNameTests {
    @Test("English leads with the English name and keeps the Korean one beside it")
    func english() {
        let name = LeadingName(korean: "살인의 추억", english: " Memories of Murder ", language: .english)
        #expect(name.name == "Memories of Murder")
        #expect(name.beside == "살인의 추억")
    }

    @Test("Korean, a blank English name, or one equal to the Korean: the Korean name alone")
    func koreanAlone() {
        #expect(
            LeadingName(korean: "살인의 추억", english: "Memories of Murder", language: .korean)
                == LeadingName(korean: "살인의 추억", english: "", language: .korean))
        #expect(LeadingName(korean: "살인의 추억", english: "Memories of Murder", language: .korean).beside == nil)
        let blank = LeadingName(korean: "살인의 추억", english: "  ", language: .english)
        #expect(blank.name == "살인의 추억" && blank.beside == nil)
        let same = LeadingName(korean: "Alien", english: "Alien", language: .english)
        #expect(same.name == "Alien" && same.beside == nil)
    }
}
