/// A failure the HTTP simulator can inject on KOBIS paths, to exercise a client's error handling.
public enum SimulatorFault: String, Sendable, CaseIterable, Hashable {
    /// Answer normally.
    case none
    /// HTTP 500 with a small HTML body.
    case http500
    /// HTTP 200 with the first 40% of the real JSON body.
    case malformed
    /// HTTP 200 with `faultInfo` 320010 (invalid key).
    case faultinfo
    /// Never answer: hold the connection open until the client gives up or the server stops.
    case timeout
    /// Close the connection abruptly (a TCP reset) without answering.
    case reset
    /// Send the answer's head and the first 40% of its body, then hold the connection open until the client gives
    /// up or the server stops (an upstream that stalls in the middle of an answer).
    case stall
    /// KOBIS has no details for any film: `movie/searchMovieInfo` answers KOBIS's empty `movieInfo` (as for an
    /// unknown code) and `movie/searchMovieList` lists no film; every other service answers normally. A sync then
    /// meets films it can learn nothing about (a definitive answer, not a failure).
    case nodetails
}
