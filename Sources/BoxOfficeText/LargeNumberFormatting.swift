import Foundation

/// Large numbers in words readers use: Korean in 만/억/조 (`1,761만`, `1조 9,140억`), English in millions, billions
/// and trillions (`17.6 million`, `1.91 trillion`). Units of measure (명, 원, won, admissions) are the caller's.
extension NumberFormatting {
    /// The Korean units, largest first: 조 (10¹²), 억 (10⁸), 만 (10⁴).
    static let koreanUnits: [(word: String, size: UInt64)] = [
        ("조", 1_000_000_000_000), ("억", 100_000_000), ("만", 10_000),
    ]

    /// `value` in Korean units, the `units` largest from its first (rounded half up at the last one kept, or toward
    /// zero when `roundingDown`: a floor must not read more than it is), each part with thousands separators and
    /// empty parts left out: `koreanUnits(17_614_321, units: 1)` → `"1,761만"`, `koreanUnits(1_914_012_345_678)` →
    /// `"1조 9,140억"`, `koreanUnits(4_521_234_567)` → `"45억 2,123만"`; under 만: `"9,999"`.
    public static func koreanUnits(_ value: Int64, units: Int = 2, roundingDown: Bool = false) -> String {
        let magnitude = value.magnitude
        let sign = value < 0 ? "-" : ""
        func largest(in number: UInt64) -> Int? { koreanUnits.firstIndex { number >= $0.size } }
        // The parts are the kept units and, when fewer remain, ones (below 만).
        func kept(from top: Int) -> [UInt64] {
            Array((koreanUnits[top...].map(\.size) + [1]).prefix(Swift.max(1, units)))
        }
        guard var top = largest(in: magnitude) else { return thousands(value) }
        func rounded(_ number: UInt64, to unit: UInt64) -> UInt64 {
            roundingDown ? number / Swift.max(unit, 1) * Swift.max(unit, 1) : roundedHalfUp(number, to: unit)
        }
        var rest = rounded(magnitude, to: kept(from: top).last ?? 1)
        // Rounding up may reach the next unit (9,999.6만 → 1억): count from there.
        if let higher = largest(in: rest), higher < top {
            top = higher
            rest = rounded(magnitude, to: kept(from: top).last ?? 1)
        }
        var parts: [String] = []
        for (offset, size) in kept(from: top).enumerated() {
            let count = rest / size
            rest %= size
            guard count > 0 else { continue }
            let index = top + offset
            let word = index < koreanUnits.count ? koreanUnits[index].word : ""
            parts.append(thousands(Int64(clamping: count)) + word)
        }
        return sign + (parts.isEmpty ? "0" : parts.joined(separator: " "))
    }

    /// A count in Korean units with every digit kept, for sentences: `koreanCount(265_443_395)` →
    /// `"2억 6,544만 3,395"`.
    public static func koreanCount(_ value: Int64) -> String { koreanUnits(value, units: koreanUnits.count + 1) }

    /// `value` in English words with `digits` significant figures (at least 3) from a million up: `"17.6 million"`,
    /// `"452 billion"`, `"1.91 trillion"`; below a million with thousands separators. Rounded to the nearest, or
    /// toward zero when `roundingDown` (a floor: 13,186,913 is at least `"13.1 million"`, not 13.2).
    public static func englishUnits(_ value: Int64, digits: Int = 3, roundingDown: Bool = false) -> String {
        guard let scale = englishScale(of: value, roundingDown: roundingDown) else { return thousands(value) }
        return englishUnits(value, in: scale, digits: digits, roundingDown: roundingDown)
    }

    /// `text` with the zeros that end its decimal fractions left out (`"5.00 million"` → `"5 million"`,
    /// `"₩12.50 billion"` → `"₩12.5 billion"`): an axis's labels then read alike whatever their size.
    public static func withoutTrailingZeros(_ text: String) -> String {
        var result = ""
        var fraction = ""
        var inFraction = false
        func flush() {
            // A point with no digit after it ends a sentence: it stays.
            let kept = fraction.reversed().drop { $0 == "0" }.reversed()
            if fraction.isEmpty || !kept.isEmpty { result += "." + String(kept) }
            fraction = ""
            inFraction = false
        }
        var previous: Character?
        for character in text {
            if inFraction, character.isASCII, character.isNumber {
                fraction.append(character)
            } else if character == ".", previous?.isNumber == true {
                inFraction = true
            } else {
                if inFraction { flush() }
                result.append(character)
            }
            previous = character
        }
        if inFraction { flush() }
        return result
    }

    /// The English scale (`million`, `billion`, `trillion`) `value` is written in, or `nil` under a million: from
    /// what rounds to 1 of it, or from 1 of it when `roundingDown`.
    public static func englishScale(of value: Int64, roundingDown: Bool = false) -> (word: String, size: Double)? {
        let scales: [(word: String, size: Double)] = [("trillion", 1e12), ("billion", 1e9), ("million", 1e6)]
        return scales.first { Double(value.magnitude) >= $0.size * (roundingDown ? 1 : 0.9995) }
    }

    /// `value` in `scale`, with `digits` significant figures counted as if it were at least 1 of the scale.
    public static func englishUnits(
        _ value: Int64, in scale: (word: String, size: Double), digits: Int, roundingDown: Bool = false
    ) -> String {
        let sign = value < 0 ? "-" : ""
        let scaled = Double(value.magnitude) / scale.size
        let significant = Swift.max(3, Swift.min(digits, 15))
        func integerDigits(_ number: Double) -> Int { number < 1 ? 1 : Int(log10(number).rounded(.down)) + 1 }
        var decimals = Swift.max(0, significant - integerDigits(scaled))
        if roundingDown {
            let down = (scaled * pow10(decimals)).rounded(.towardZero) / pow10(decimals)
            return sign + fixed(down, decimals: decimals) + " " + scale.word
        }
        // Rounding may carry into one more integer digit (9.995 → 10.0): one decimal fewer then.
        let rounded = (scaled * pow10(decimals)).rounded() / pow10(decimals)
        decimals = Swift.max(0, significant - integerDigits(rounded))
        return sign + fixed(scaled, decimals: decimals) + " " + scale.word
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<Swift.max(0, exponent) { result *= 10 }
        return result
    }

    /// `value` with exactly `decimals` decimals and thousands separators, locale-independent: `fixed(14.25, 1)` →
    /// `"14.3"`, `fixed(-0.5, 1)` → `"-0.5"`. A value beyond ±9.2 × 10¹⁸ units of its last decimal, or not a
    /// number, is written as Swift writes it (a figure from a corrupt row must not stop the page).
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var factor = 1.0
        for _ in 0..<Swift.max(0, decimals) { factor *= 10 }
        guard let whole = Int64(exactly: (value * factor).rounded()) else { return String(value) }
        guard decimals > 0 else { return thousands(whole) }
        let digits = String(whole.magnitude)
        let padded = String(repeating: "0", count: Swift.max(0, decimals + 1 - digits.count)) + digits
        let integer = Int64(padded.dropLast(decimals)) ?? 0
        return (whole < 0 ? "-" : "") + thousands(integer) + "." + padded.suffix(decimals)
    }

    /// `value` rounded half up to a multiple of `unit`, stopping at the largest multiple instead of overflowing.
    static func roundedHalfUp(_ value: UInt64, to unit: UInt64) -> UInt64 {
        guard unit > 1 else { return value }
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: unit)
        let up = remainder >= unit - unit / 2 ? quotient + 1 : quotient
        let (result, overflow) = up.multipliedReportingOverflow(by: unit)
        return overflow ? quotient * unit : result
    }
}
