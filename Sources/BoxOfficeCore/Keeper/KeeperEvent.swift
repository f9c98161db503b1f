/// What the keeper reports as it works, for logs and tests.
public enum KeeperEvent: Sendable {
    /// Its state changed.
    case state(KeeperState)
    /// This instance became the fleet's keeper (`true`) or stopped being it.
    case leadership(Bool)
    /// A sync run ended.
    case ran(SyncRequest, SyncReport)
    /// Something went wrong that the keeper will try again later (the store failing, a lost lease).
    case problem(String)
}
