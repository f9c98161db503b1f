extension Sequence<Int64> {
    /// The sum, held at `Int64.max` (or `.min`) where it would overflow: stored figures came from outside, and a
    /// corrupt row must not stop the page that adds it up.
    func clampedSum() -> Int64 {
        reduce(0) { total, value in
            let (sum, overflow) = total.addingReportingOverflow(value)
            return overflow ? (value > 0 ? .max : .min) : sum
        }
    }
}
