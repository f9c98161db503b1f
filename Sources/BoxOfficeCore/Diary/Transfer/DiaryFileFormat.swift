import Foundation

/// The file formats the diary imports and exports.
public enum DiaryFileFormat: String, Sendable, CaseIterable, Codable {
    /// BoxOffice's own CSV (`BoxOfficeCodecs.DiaryCSVCodec`).
    case csv
    /// BoxOffice's own JSON (`BoxOfficeCodecs.DiaryJSONCodec`), a lossless copy of notes and categories.
    case json
    /// Letterboxd's diary CSV (`BoxOfficeCodecs.LetterboxdCodec`).
    case letterboxd

    /// Parses `csv`, `json` or `letterboxd`.
    public init(parameter: String?) throws(BoxOfficeError) {
        guard let parameter, !parameter.isEmpty else {
            throw .invalid("format", .oneOf(DiaryFileFormat.allCases.map(\.rawValue)))
        }
        guard let format = DiaryFileFormat(rawValue: parameter.lowercased()) else {
            throw .invalid("format", .oneOf(DiaryFileFormat.allCases.map(\.rawValue)), value: parameter)
        }
        self = format
    }

    /// The download's content type.
    public var contentType: String {
        self == .json ? "application/json; charset=utf-8" : "text/csv; charset=utf-8"
    }

    /// A download name such as `boxoffice-diary-2024-03-20.csv`.
    public func fileName(on day: CalendarDate) -> String {
        switch self {
        case .csv: return "boxoffice-diary-\(day).csv"
        case .json: return "boxoffice-diary-\(day).json"
        case .letterboxd: return "boxoffice-letterboxd-\(day).csv"
        }
    }
}
