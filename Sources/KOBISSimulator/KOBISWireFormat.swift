import Foundation
import KOBIS

/// KOBIS's wire bodies: JSON in the field order KOBIS uses, and its fault messages verbatim
/// (typos included).
enum KOBISWireFormat {
    static let source = KOBISWireVocabulary.source

    /// Encodes `value` as KOBIS does: fields in the order the DTO encodes them (KOBIS's order),
    /// UTF-8, no escaped slashes, no extra whitespace. The same value always gives the same bytes.
    static func encode(_ value: some Encodable) -> Data {
        // The DTOs hold only strings, numbers and arrays: encoding cannot fail.
        (try? OrderedJSONEncoder().encode(value)) ?? Data("{}".utf8)
    }

    static func fault(code: String, message: String) -> Data {
        encode(FaultInfoResponseDTO(faultInfo: .init(message: message, errorCode: code)))
    }

    /// 320010: missing, empty or invalid `key`.
    static var invalidKey: Data { fault(code: "320010", message: "유효하지않은 키값입니다.") }

    /// 320102: `targetDt` missing.
    static var missingTargetDate: Data {
        fault(code: "320102", message: "날짜는 필수항목입니다.[parameterName=targetDt,parameterValue=null]")
    }

    /// 320103: `targetDt` not `YYYYMMDD`.
    static func malformedTargetDate(_ value: String) -> Data {
        fault(
            code: "320103",
            message: "날싸형식에 맞게 입력하십시요.(YYYYMMDD)[parameterName=targetDt,parameterValue=\(value)]")
    }

    /// What KOBIS answers for an unknown `movieCd`: an empty `movieInfo` object.
    static var emptyMovieInfo: Data { Data(#"{"movieInfoResult":{"movieInfo":{},"source":"영화진흥위원회"}}"#.utf8) }
    static var emptyCompanyInfo: Data { Data(#"{"companyInfoResult":{"companyInfo":{}}}"#.utf8) }
    static var emptyPeopleInfo: Data { Data(#"{"peopleInfoResult":{"peopleInfo":{}}}"#.utf8) }
}
