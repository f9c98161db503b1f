import BoxOfficeText
import Testing

@Suite("Display widths of East Asian text")
struct DisplayWidthTests {
    @Test("East Asian wide characters take two columns")
    func displayWidth() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("경관의 피") == 9)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.pad("피", to: 4) == "피  ")
        #expect(DisplayWidth.pad("12", to: 4, alignRight: true) == "  12")
        let cut = DisplayWidth.truncate("가나다라마바사", to: 7)
        #expect(cut == "가나다…")
        #expect(DisplayWidth.of(cut) <= 7)
    }

    @Test("combining marks and zero-width spaces take no column; text that fits is not cut")
    func narrowAndZero() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.truncate("경관의 피", to: 9) == "경관의 피")
        #expect(DisplayWidth.pad("경관의 피", to: 4) == "경관의 피")
    }
}
