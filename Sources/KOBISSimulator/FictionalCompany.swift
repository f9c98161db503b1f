import KOBIS

/// A fictional film company: a producer, a distributor or an importer.
struct FictionalCompany: Sendable, Hashable {
    /// The company's usual part.
    enum Kind: Sendable, CaseIterable {
        case producer
        case distributor
        case importer

        /// `companyPartNm` of the part.
        var partName: String {
            switch self {
            case .producer: return KOBISWireVocabulary.producerPart
            case .distributor: return KOBISWireVocabulary.distributorPart
            case .importer: return KOBISWireVocabulary.importerPart
            }
        }

        var codeBase: Int {
            switch self {
            case .producer: return 20_001_001
            case .distributor: return 20_002_001
            case .importer: return 20_003_001
            }
        }
        var count: Int {
            switch self {
            case .producer: return FictionalWords.productionPrefixes.count * FictionalWords.productionSuffixes.count
            case .distributor: return FictionalWords.distributors.count
            case .importer: return FictionalWords.importers.count
            }
        }
    }

    let kind: Kind
    let index: Int
    /// `companyCd`: 8 digits.
    let code: String
    let name: String
    let nameEnglish: String
    /// `ceoNm`.
    let ceoName: String

    /// The company at `index` of `kind`. Pure.
    init(kind: Kind, index: Int) {
        self.kind = kind
        self.index = index
        code = String(kind.codeBase + index)
        let words: WordPair
        switch kind {
        case .producer:
            let prefix = FictionalWords.productionPrefixes[index / FictionalWords.productionSuffixes.count]
            let suffix = FictionalWords.productionSuffixes[index % FictionalWords.productionSuffixes.count]
            words = WordPair(prefix.korean + suffix.korean, "\(prefix.english) \(suffix.english)")
        case .distributor:
            words = FictionalWords.distributors[index]
        case .importer:
            words = FictionalWords.importers[index]
        }
        name = words.korean
        nameEnglish = words.english
        let ceoIndex = Int(
            DeterministicHash.hash(.company, kind.codeBase, index) % UInt64(FictionalPerson.Pool.korean.size))
        ceoName = FictionalPerson(pool: .korean, index: ceoIndex).name
    }

    /// The company with `code`, or `nil` when there is none.
    init?(code: String) {
        guard code.count == 8, let number = Int(code) else { return nil }
        for kind in Kind.allCases where (kind.codeBase..<(kind.codeBase + kind.count)).contains(number) {
            self.init(kind: kind, index: number - kind.codeBase)
            return
        }
        return nil
    }

    /// Every company, in code order. Built once, on first use; immutable after.
    static let everyone: [FictionalCompany] = Kind.allCases.flatMap { kind in
        (0..<kind.count).map { FictionalCompany(kind: kind, index: $0) }
    }

    /// This company's position in ``everyone``.
    var globalIndex: Int {
        Kind.allCases.prefix(while: { $0 != kind }).reduce(0) { $0 + $1.count } + index
    }
}
