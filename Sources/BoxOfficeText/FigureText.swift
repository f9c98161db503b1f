public import BoxOfficeCore

/// Analytics figures in words, the same on pages and in the terminal: a mark for how sure a figure is (`≈` a range or
/// an estimate, `≥` a floor, nothing when exact), money in 만/억/조 원 or in millions and billions of won, percents.
public enum FigureText {
    /// `≈` for a range or an estimate, `≥` for a floor, `""` when exact.
    public static func mark(_ quality: FigureQuality) -> String {
        switch quality {
        case .exact: return ""
        case .range, .estimate: return "≈"
        case .floor: return "≥"
        }
    }

    /// `text` after the figure's mark and a space (the text alone when exact).
    static func marked(_ figure: Figure, _ text: String) -> String {
        let mark = mark(figure.quality)
        return mark.isEmpty ? text : mark + " " + text
    }

    /// Won in the reader's words: `45억 2,123만 원`, `₩4.52 billion` (rounded toward zero when `roundingDown`).
    public static func won(_ value: Double, language: Language, roundingDown: Bool = false) -> String {
        let amount = whole(value)
        if language == .english {
            return "₩" + NumberFormatting.englishUnits(amount, roundingDown: roundingDown)
        }
        return NumberFormatting.koreanUnits(amount, roundingDown: roundingDown) + " 원"
    }

    /// A figure in won with its mark: `≈ 45억 2,123만 원`; a floor is rounded down, so `≥` stays true.
    public static func won(_ figure: Figure, language: Language) -> String {
        marked(figure, won(figure.value, language: language, roundingDown: figure.quality == .floor))
    }

    /// A range's bounds in won, precise enough to tell them apart: `45억 2,096만 ~ 45억 2,150만 원`,
    /// `₩4.521–4.526 billion`; the value alone when the figure has no two bounds.
    public static func wonRange(_ figure: Figure, language: Language) -> String {
        guard let lowValue = figure.low, let highValue = figure.high, lowValue != highValue else {
            return won(figure.value, language: language)
        }
        let low = whole(lowValue)
        let high = whole(highValue)
        if language == .english {
            guard let scale = NumberFormatting.englishScale(of: high) else {
                return "₩" + NumberFormatting.thousands(low) + "–" + NumberFormatting.thousands(high)
            }
            for digits in 4...9 {
                let lowText = NumberFormatting.englishUnits(low, in: scale, digits: digits)
                let highText = NumberFormatting.englishUnits(high, in: scale, digits: digits)
                if lowText != highText || digits == 9 {
                    let bare = lowText.dropLast(scale.word.count + 1)
                    return "₩" + bare + "–" + highText
                }
            }
        }
        for units in 2...4 {
            let lowText = NumberFormatting.koreanUnits(low, units: units)
            let highText = NumberFormatting.koreanUnits(high, units: units)
            if lowText != highText || units == 4 { return lowText + " ~ " + highText + " 원" }
        }
        return won(figure.value, language: language)
    }

    /// A change in percent with its mark and sign (`≈ +12.3%`): `minus` for a fall (a true minus on pages), and no
    /// sign when it rounds to 0.0.
    public static func change(_ figure: Figure, minus: String = "−") -> String {
        let quality = Self.mark(figure.quality)
        let digits = NumberFormatting.percent(abs(figure.value))
        let sign = digits == NumberFormatting.percent(0) ? "" : figure.value > 0 ? "+" : figure.value < 0 ? minus : ""
        return (quality.isEmpty ? "" : quality + " ") + sign + digits
    }

    /// A percent figure with one decimal and its mark: `≈ 93.1%`.
    public static func percent(_ figure: Figure) -> String {
        marked(figure, NumberFormatting.percent(figure.value))
    }

    /// A percent range with two decimals: `93.06–93.14%`; the value alone when the figure has no two bounds.
    public static func percentRange(_ figure: Figure) -> String {
        guard let low = figure.low, let high = figure.high, low != high else {
            return NumberFormatting.percent(figure.value)
        }
        return NumberFormatting.fixed(low, decimals: 2) + "–" + NumberFormatting.fixed(high, decimals: 2) + "%"
    }

    /// `value` rounded to a whole number, 0 when it is not finite, stopping at ±9.2 × 10¹⁸.
    static func whole(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        let limit = 9.2e18
        return Int64(Swift.min(Swift.max(value.rounded(), -limit), limit))
    }
}
