import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Diary files of many notes for the streaming tests, the same every time: BoxOffice JSON (compact, as the API
/// exports it) with three categories and notes whose values need escaping in every format.
enum DiaryLargeFiles {
    static let categoryIDs = [
        "1E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A01", "1E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A02",
        "1E0C1A2E-5D7B-4C1B-9A55-0C5E3F4B1A03",
    ]

    /// `count` notes watched over ten years, each created at its own instant, no two about one movie on one day.
    static func json(notes count: Int, idPrefix: String = "6F1C1A2E") -> Data {
        let names = ["극장, \"특별\"", "=집", "Drama/Thriller"]
        let categories = categoryIDs.enumerated().map { index, id in
            #"{"id":"\#(id)","name":"\#(names[index].replacingOccurrences(of: "\"", with: "\\\""))","position":\#(index),"visible":true}"#
        }
        let memos = ["", "좋았다", "=cmd|' /C calc'!A0", "\\\"따옴표\\\", 쉼표", "둘째 줄\\n셋째 줄", "a/b\\\\c", "😀"]
        let start = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01
        var text =
            #"{"categories":[\#(categories.joined(separator: ","))],"exportedAt":"2024-03-20T03:00:00.000Z","format":"boxoffice-diary","notes":["#
        for index in 0..<count {
            let watched = start.addingTimeInterval(Double(index % 3_300) * 86_400)
            let day = ISO8601DateFormatter.string(from: watched, timeZone: .gmt, formatOptions: [.withFullDate])
            let createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            let instant = ISO8601DateFormatter.string(
                from: createdAt, timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
            let id = String(format: "%@-5D7B-4C1B-9A55-%012X", idPrefix, index)
            let category = index % 4 == 3 ? "null" : "\"\(categoryIDs[index % 4])\""
            let rating = index % 11 == 0 ? "null" : String(Double(index % 10 + 1) / 2)
            if index > 0 { text += "," }
            text +=
                #"{"categoryId":\#(category),"chartDate":null,"chartRank":\#(index % 5 == 0 ? "3" : "null"),"createdAt":"\#(instant)","directors":["봉준호"],"genres":["드라마","스릴러"],"id":"\#(id)","memo":"\#(memos[index % memos.count])","movieCode":"\#(String(format: "2019%04d", index / 3_300))","nations":["한국"],"place":\#(index % 3 == 0 ? "\"cinema\"" : "null"),"rating":\#(rating),"releaseYear":2019,"title":"\#(index % 7 == 0 ? "+기생충" : "기생충")","titleEnglish":"Parasite","updatedAt":"\#(instant)","watchedOn":"\#(day)"}"#
        }
        text += #"],"version":1}"#
        return Data(text.utf8)
    }

    /// POSTs a large file to the test server at `port` with a deadline of minutes: the test client gives up after 20
    /// seconds without an answer, which a large import on a busy machine may take.
    static func post(_ file: Data, port: Int, path: String, token: String) async throws -> (status: Int, json: Any?) {
        try await send(file, port: port, path: path, token: token)
    }

    /// GETs `path` on a connection of its own. After a long import the test client's kept connection may have been
    /// closed by the server's idle timeout (30 s), which a large import on a busy machine outlasts.
    static func get(port: Int, path: String, token: String) async throws -> (status: Int, json: Any?) {
        try await send(nil, port: port, path: path, token: token)
    }

    private static func send(_ file: Data?, port: Int, path: String, token: String) async throws -> (
        status: Int, json: Any?
    ) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = file == nil ? "GET" : "POST"
        request.httpBody = file
        request.timeoutInterval = 600
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONSerialization.jsonObject(with: data))
    }
}
