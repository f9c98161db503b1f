import Hummingbird

/// `GET /static/{path}`: the files of `Resources/public` from memory (``StaticAssets``), by fingerprinted or plain
/// name; anything else is a 404.
struct StaticAssetController<Context: RequestContext>: Sendable {
    let assets: StaticAssets

    func addRoutes(to router: Router<Context>) {
        router.get("static/**") { request, context -> Response in
            let path = context.parameters.getCatchAll().joined(separator: "/")
            guard let found = assets.asset(at: path) else { throw HTTPError(.notFound) }
            return assets.response(to: request, asset: found.asset, naming: found.naming)
        }
    }
}
