import BoxOfficeCore
import BoxOfficeText
import Testing

@Suite("Large numbers: Korean in 만/억/조, English in millions and billions")
struct LargeNumberFormattingTests {
    @Test(
        "Korean units, the largest first, rounded half up at the last kept",
        arguments: [
            (Int64(17_614_321), 1, "1,761만"), (17_615_000, 1, "1,762만"), (1_914_012_345_678, 2, "1조 9,140억"),
            (4_521_234_567, 2, "45억 2,123만"), (4_500_004_999, 2, "45억"), (9_999, 2, "9,999"), (0, 2, "0"),
            (99_999_999, 1, "1억"), (99_999_999, 2, "9,999만 9,999"), (-4_521_234_567, 1, "-45억"),
            (12_345, 2, "1만 2,345"), (Int64.max, 2, "9,223,372조 369억"), (Int64.min, 1, "-9,223,372조"),
            (1_761_000_000_000_000, 1, "1,761조"),
        ])
    func korean(value: Int64, units: Int, expected: String) {
        #expect(NumberFormatting.koreanUnits(value, units: units) == expected)
    }

    @Test(
        "a Korean count keeps every digit, empty units left out",
        arguments: [
            (Int64(265_443_395), "2억 6,544만 3,395"), (91_000, "9만 1,000"), (4_600, "4,600"), (0, "0"),
            (100_000_000, "1억"), (1_914_012_345_678, "1조 9,140억 1,234만 5,678"),
            (Int64.max, "9,223,372조 368억 5,477만 5,807"), (-12_345, "-1만 2,345"),
        ])
    func koreanCount(value: Int64, expected: String) {
        #expect(NumberFormatting.koreanCount(value) == expected)
    }

    @Test(
        "English: three significant figures from a million up",
        arguments: [
            (Int64(17_614_321), "17.6 million"), (1_914_012_345_678, "1.91 trillion"), (452_300_000_000, "452 billion"),
            (4_521_234_567, "4.52 billion"), (999_499, "999,499"), (999_999, "1.00 million"),
            (999_950_000, "1.00 billion"),
            (1_000_000, "1.00 million"), (-45_210_000, "-45.2 million"), (Int64.max, "9,223,372 trillion"),
        ])
    func english(value: Int64, expected: String) {
        #expect(NumberFormatting.englishUnits(value) == expected)
    }

    @Test(
        "A floor rounds toward zero, so at least what it says",
        arguments: [
            (Int64(13_186_913), "13.1 million", "1,318만"), (129_952_723_780, "129 billion", "1,299억"),
            (999_999, "999,999", "99만"), (999_999_999, "999 million", "9억"), (17_614_321, "17.6 million", "1,761만"),
            (99_999_999, "99.9 million", "9,999만"),
        ])
    func floors(value: Int64, english: String, korean: String) {
        #expect(NumberFormatting.englishUnits(value, roundingDown: true) == english)
        #expect(NumberFormatting.koreanUnits(value, units: 1, roundingDown: true) == korean)
    }

    @Test("a sales floor in won keeps its ≥ true; a range rounds to the nearest")
    func wonFloors() {
        #expect(FigureText.won(.floor(129_952_723_780), language: .english) == "≥ ₩129 billion")
        #expect(FigureText.won(.floor(129_999_996_000), language: .korean) == "≥ 1,299억 9,999만 원")
        #expect(FigureText.won(.exact(129_999_996_000), language: .korean) == "1,300억 원")
    }

    // A figure made from a corrupt row (legs of a film whose every audiAcc is -9e18) once trapped here.
    @Test(
        "Fixed decimals: signs kept, and values past Int64 written as they are instead of stopping",
        arguments: [
            (14.25, 1, "14.3"), (1234.5, 2, "1,234.50"), (-0.5, 1, "-0.5"), (-1234.56, 1, "-1,234.6"),
            (-0.04, 1, "0.0"), (7.6, 0, "8"), (-1e18, 1, "-1e+18"), (-9e18, 2, "-9e+18"), (9e18, 2, "9e+18"),
            (.infinity, 1, "inf"), (-.infinity, 2, "-inf"), (.nan, 1, "nan"), (12.5, -1, "13"),
        ])
    func fixed(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormatting.fixed(value, decimals: decimals) == expected)
    }

    @Test(
        "an axis label without the zeros that end its fraction",
        arguments: [
            ("5.00 million", "5 million"), ("10.0 million", "10 million"), ("₩12.50 billion", "₩12.5 billion"),
            ("7.25 million", "7.25 million"), ("1,234", "1,234"), ("0", "0"), ("≈ ₩3.10 billion", "≈ ₩3.1 billion"),
            ("50억 원", "50억 원"), ("2.", "2."),
        ])
    func withoutTrailingZeros(text: String, expected: String) {
        #expect(NumberFormatting.withoutTrailingZeros(text) == expected)
    }
}
