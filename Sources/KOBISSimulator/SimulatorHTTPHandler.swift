import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Serves one HTTP/1.1 connection for ``SimulatorServer``: routes each request, computes KOBIS
/// answers off the event loop, and applies latency and faults without ever blocking the loop.
///
/// `HTTPServerPipelineHandler` (installed before this handler) holds back pipelined requests until
/// the current response is complete, so answers stay in order on keep-alive connections.
final class SimulatorHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: SimulatorServer
    private var request: HTTPRequestHead?
    /// False once the connection is gone: late answers (after latency) are then dropped.
    private var isOpen = true

    init(server: SimulatorServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
        case .body:
            break
        case .end:
            guard let head = request else { return }
            request = nil
            handle(head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        isOpen = false
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        isOpen = false
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        server.logger.debug("connection error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    private func handle(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        switch server.route(
            method: head.method.rawValue, uri: head.uri, authorization: head.headers.first(name: "Authorization"))
        {
        case .answer(let response):
            write(response, for: head, context: context)

        case .delayed(let response, let latency):
            after(latency, context: context) { [self] in write(response, for: head, context: context) }

        case .kobis(_, _, .timeout, _):
            // Never answer; the connection stays open until the client gives up or the server stops.
            break

        case .kobis(_, _, .reset, let latency):
            after(latency, context: context) { [self] in reset(context: context) }

        case .kobis(let path, let query, let fault, let latency):
            // The latency runs from the request's arrival, as a network's would: the answer is computed
            // while it runs, so a slow computation does not add to it.
            let deadline = NIODeadline.now() + Self.timeAmount(latency)
            // Computing a chart or building the catalog can take a while: do it off the event loop,
            // on NIO's own thread pool (independent of the Swift concurrency pool, which callers may
            // keep busy).
            let server = self.server
            NIOThreadPool.singleton.runIfActive(eventLoop: context.eventLoop) {
                server.kobisAnswer(path: path, query: query, fault: fault)
            }.assumeIsolated().whenComplete { [self] result in
                let response = (try? result.get()).flatMap { $0 } ?? .text("Internal Server Error", status: 500)
                at(deadline, context: context) { [self] in
                    if fault == .stall {
                        writeStalled(response, for: head, context: context)
                    } else {
                        write(response, for: head, context: context)
                    }
                }
            }
        }
    }

    /// Runs `body` on the event loop at `deadline` (at once when it has passed), never sleeping on the loop.
    private func at(_ deadline: NIODeadline, context: ChannelHandlerContext, _ body: @escaping () -> Void) {
        guard deadline > .now() else { return body() }
        context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { body() }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Runs `body` on the event loop after `delay` (at once when zero), never sleeping on the loop.
    private func after(_ delay: Duration, context: ChannelHandlerContext, _ body: @escaping () -> Void) {
        guard delay > .zero else { return body() }
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(delay)) { body() }
    }

    private func write(_ response: SimulatorResponse, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard isOpen else { return }
        let keepAlive = request.isKeepAlive
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if request.version.major == 1, request.version.minor == 0 {
            headers.add(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(
            version: request.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if request.method != .HEAD {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// Sends the head (announcing the whole body) and the first 40% of the body, and never the rest.
    private func writeStalled(
        _ response: SimulatorResponse, for request: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        guard isOpen else { return }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        let head = HTTPResponseHead(
            version: request.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body.prefix(response.body.count * 2 / 5))
        let server = self.server
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).assumeIsolated().whenSuccess { _ in
            server.recordStall()
        }
    }

    /// Closes the connection with a TCP reset (SO_LINGER 0), sending nothing.
    private func reset(context: ChannelHandlerContext) {
        guard isOpen else { return }
        if let provider = context.channel as? any SocketOptionProvider {
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        } else {
            context.close(promise: nil)
        }
    }
}
