import NIOCore

/// Counts its connection with the shared ``ConnectionLimiter`` when it opens, and closes it before anything is read
/// when the peer's address holds its limit already. One per connection, in every connection's pipeline.
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let limiter: ConnectionLimiter
    /// The address this connection is counted under, once it was.
    private var counted: ConnectionAddress?
    private var decided = false

    init(limiter: ConnectionLimiter) {
        self.limiter = limiter
    }

    // An accepted connection is usually active only after its pipeline is built; if it already is, it is decided now.
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { decide(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        decide(context: context)
        if counted != nil { context.fireChannelActive() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func decide(context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        let address = ConnectionAddress(context.channel.remoteAddress)
        if limiter.open(address) {
            counted = address
        } else {
            context.close(promise: nil)
        }
    }

    private func release() {
        guard let address = counted else { return }
        counted = nil
        limiter.close(address)
    }
}

@available(*, unavailable)
extension ConnectionLimitHandler: Sendable {}
