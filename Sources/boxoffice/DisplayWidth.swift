import BoxOfficeText

/// `BoxOfficeText.DisplayWidth` under its own name for the CLI's files that do not import BoxOfficeText
/// (ProgressBar.swift). Remove once every file that measures text imports BoxOfficeText.
typealias DisplayWidth = BoxOfficeText.DisplayWidth
