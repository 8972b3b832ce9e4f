/// The back office's list of running report senders (`admin/running_senders`), the form that adds
/// one, and the key of the one just added (shown this once).
struct AdminRunningSendersPageViewModel: Encodable {
    struct Sender: Encodable {
        let id: String
        let name: String
        let created: String
        let isRevoked: Bool
        let revoked: String?
    }

    /// The sender just added, with its key.
    struct Added: Encodable {
        let name: String
        let key: String
    }

    let senders: [Sender]
    let hasSenders: Bool
    /// The name field, as typed when it was refused.
    let name: String
    let notice: String?
    let problem: String?
    let added: Added?

    init(senders: [RunningSender], name: String, notice: String?, problem: String?, added: Added?, text: TextLookup) {
        self.senders = senders.map {
            Sender(
                id: String($0.id), name: $0.name, created: ChinaMoment($0.createdAt).text, isRevoked: $0.revokedAt != nil,
                revoked: $0.revokedAt.map { ChinaMoment($0).text })
        }
        hasSenders = !senders.isEmpty
        self.name = name
        self.notice = notice
        self.problem = problem
        self.added = added
    }
}
