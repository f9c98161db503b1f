import Foundation
import Testing

@testable import BoxOfficeWeb

@Suite("Diary pages: chart coordinates")
struct BarChartNumberTests {
    @Test("at most one decimal, the same as formatting the value rounded to tenths")
    func sameAsFormatting() {
        func formatted(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
        }
        var values: [Double] = [0, -0.0, 0.04, 0.05, 0.95, -0.05, -0.5, -12.34, 640, 1e9 + 0.25]
        for step in 0..<20_000 { values.append(Double(step) * 0.0371 - 50) }
        for value in values { #expect(BarChartViewModel.number(value) == formatted(value), "\(value)") }
        #expect(BarChartViewModel.number(164.25) == "164.3")
        #expect(BarChartViewModel.number(8) == "8")
    }
}
