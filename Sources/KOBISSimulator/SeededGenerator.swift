/// A tiny deterministic random source for building film profiles. Its own `int(in:)` and `pick`
/// keep results identical across Swift versions (the standard library's `random(in:using:)` makes
/// no such promise).
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        return DeterministicHash.mix(state)
    }

    /// A uniform value in `0..<1`.
    mutating func unit() -> Double { DeterministicHash.unit(next()) }

    /// A uniform integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// A uniform element of `items` (which must not be empty).
    mutating func pick<Element>(_ items: [Element]) -> Element {
        items[Int(next() % UInt64(items.count))]
    }

    /// `count` distinct indices below `limit`, in the order drawn.
    mutating func distinctIndices(_ count: Int, below limit: Int) -> [Int] {
        var chosen: [Int] = []
        while chosen.count < min(count, limit) {
            let candidate = Int(next() % UInt64(limit))
            if !chosen.contains(candidate) { chosen.append(candidate) }
        }
        return chosen
    }
}
