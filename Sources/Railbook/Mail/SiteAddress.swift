import Locking

/// Where travellers reach the site, for links in mail: `--site-url`, else the server's own
/// address, known once it listens (`Application.serving(atPort:)`).
final class SiteAddress: Sendable {
    private let value: Locked<String>

    init(_ url: String) { value = Locked(url) }

    /// The address without a final slash: `https://tickets.example`.
    var url: String { value.withLock { $0 } }

    /// Replaces the address.
    func set(_ url: String) { value.withLock { $0 = url } }
}
