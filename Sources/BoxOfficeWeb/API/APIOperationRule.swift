import BoxOfficeCore
import Hummingbird

/// What one `/api/v1` operation does that its document entry does not say, declared beside its handler under the
/// generated `Operations.X.id`: how its query is read before the generated code decodes it (the pages' refusals and
/// words), and how its body is read. The API's middlewares look an operation up in ``APIOperationRules``; an
/// operation without a rule takes the defaults (no query check, a JSON body of at most
/// ``APIRequestBodyMiddleware/jsonLimit``).
struct APIOperationRule: Sendable {
    /// How an operation's request body is read.
    enum BodyReading: Sendable {
        /// Whole, up to the limit.
        case whole
        /// Whole, noting the top-level fields sent as `null` (``APIRequestBody/nullFields``): a `PATCH`.
        case nullAware
        /// Passed on as it arrives, the limit counted as it is read: a large imported file.
        case streamed
        /// Whole, and an empty body is no body (the generated decoder would refuse it as JSON).
        case optional
    }

    /// A check of the query as the pages read it; throws the ``BoxOfficeError`` a page would.
    typealias QueryCheck = @Sendable (Parameters, BoxOfficeCalendar) throws -> Void
    /// A check of the path's parameters as they were sent (still percent-encoded), before the query's.
    typealias PathCheck = @Sendable ([String: Substring]) throws -> Void

    let id: String
    var checkPath: PathCheck?
    var checkQuery: QueryCheck?
    var bodyLimit: Int?
    var body: BodyReading

    init(
        _ id: String, path: PathCheck? = nil, query: QueryCheck? = nil, bodyLimit: Int? = nil,
        body: BodyReading = .whole
    ) {
        self.id = id
        self.checkPath = path
        self.checkQuery = query
        self.bodyLimit = bodyLimit
        self.body = body
    }
}

/// Every operation's ``APIOperationRule``, by operation id.
struct APIOperationRules: Sendable {
    private let rules: [String: APIOperationRule]

    /// Later rules for one id replace earlier ones; each handler declares its own, so ids do not repeat.
    init(_ rules: [APIOperationRule]) {
        self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The rule of `operationID`; the defaults when it declares none.
    subscript(operationID: String) -> APIOperationRule {
        rules[operationID] ?? APIOperationRule(operationID)
    }
}
