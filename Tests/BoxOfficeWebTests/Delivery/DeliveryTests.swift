import Testing

/// The server side of the phone app (issue 16): static files, compression, entity tags, kept pages, the reader's
/// session and `Idempotency-Key`. One suite at a time: each test starts a server (over PostgreSQL too).
@Suite("Phone app: the server side", .serialized)
struct DeliveryTests {}
