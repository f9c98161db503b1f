import Foundation

/// What a hash is for. Each purpose has its own salt, so changing one rule (say, ticket prices)
/// never reshuffles another (say, which films open in a week).
enum HashPurpose: UInt64 {
    case filmCount = 1
    case filmKind
    case nation
    case diversity
    case popularity
    case decay
    case runLength
    case openWeekday
    case preview
    case ticketPrice
    case productionYear
    case alphanumericCode
    case dailyNoise
    case priceNoise
    case screenNoise
    case showNoise
    case regionShare
    case profile
    case titleOrder
    case person
    case company
    case reRelease
}

/// Stateless, platform-independent hashing (SplitMix64 finalizer). The simulator derives every
/// number from hashes of small integers, so any day can be computed without replaying history.
enum DeterministicHash {
    /// The SplitMix64 finalizer: a bijective, well-mixing function of 64 bits.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A hash of `values` for `purpose`.
    static func hash(_ purpose: HashPurpose, _ values: Int...) -> UInt64 {
        var state = mix(purpose.rawValue &* 0x1000_0000_01B3)
        for value in values {
            state = mix(state ^ UInt64(bitPattern: Int64(value)))
        }
        return state
    }

    /// A hash of `seed` combined with `values` for `purpose`.
    static func hash(_ purpose: HashPurpose, seed: UInt64, _ values: Int...) -> UInt64 {
        var state = mix(purpose.rawValue &* 0x1000_0000_01B3 ^ seed)
        for value in values {
            state = mix(state ^ UInt64(bitPattern: Int64(value)))
        }
        return state
    }

    /// Maps a hash to a uniform value in `0..<1`.
    static func unit(_ hash: UInt64) -> Double {
        Double(hash >> 11) / Double(UInt64(1) << 53)
    }

    /// A log-uniform value in `range`: small values as likely per factor as large ones.
    static func logUniform(_ hash: UInt64, in range: ClosedRange<Double>) -> Double {
        range.lowerBound * Foundation.exp(unit(hash) * Foundation.log(range.upperBound / range.lowerBound))
    }
}
