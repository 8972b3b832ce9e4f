import Storage

/// Whether a traveller is free for a trip: a passenger holds no two tickets whose trips overlap.
/// Any held or issued ticket of their document that overlaps clashes, with one exception, so that
/// nobody can block a person's trips with their document number: when the document's owner books
/// from their own account, seats other accounts hold for them unpaid give way — those orders are
/// to be displaced (`OrderLifecycle.close(_:as: .displaced…)`). Paid tickets always clash, whoever
/// bought them (as on 12306, a family member's ticket for me is my ticket).
enum TripClash {
    /// What stands in the way.
    enum Verdict: Equatable {
        case free
        /// An overlapping ticket that stays: refuse.
        case clash
        /// Only other accounts' unpaid holds for the owner: these orders give way.
        case displaces(orderIDs: [Int64])
    }

    /// The verdict for document `type` `number` on a trip from `departsAt` to `arrivesAt`, booked
    /// by account `userID`; `excluding` is a ticket that does not count (the one being changed).
    static func check(
        type: CertificateType, number: String, departsAt: Int, arrivesAt: Int, userID: Int64,
        excluding ticketID: Int64? = nil, in db: Database
    ) throws -> Verdict {
        try check(
            type: type, number: number, departsAt: departsAt, arrivesAt: arrivesAt, userID: userID,
            excludingAll: ticketID.map { [$0] } ?? [], in: db)
    }

    /// The verdict as above, with `excludingAll` the tickets that do not count (standing tickets a
    /// waitlisted seat replaces, `StandingUpgrade`).
    static func check(
        type: CertificateType, number: String, departsAt: Int, arrivesAt: Int, userID: Int64,
        excludingAll ticketIDs: Set<Int64>, in db: Database
    ) throws -> Verdict {
        try lockDocuments([(type, number)], in: db)
        let overlapping = try db.query(
            """
            SELECT t.id, t.status, o.id AS order_id, o.user_id FROM tickets t JOIN orders o ON o.id = t.order_id
            WHERE t.certificate_type = ? AND t.certificate_number = ? AND t.status IN (?, ?)
            AND t.departs_at < ? AND t.arrives_at > ?
            """, [type.rawValue, number, Ticket.Status.held, Ticket.Status.issued, arrivesAt, departsAt]
        ).filter { !ticketIDs.contains(try $0.int64("id")) }
        guard !overlapping.isEmpty else { return .free }
        guard try isOwner(userID, type: type, number: number, in: db) else { return .clash }
        var displaced = Set<Int64>()
        for row in overlapping {
            guard try row.decode(Ticket.Status.self, "status") == .held, try row.int64("user_id") != userID else { return .clash }
            displaced.insert(try row.int64("order_id"))
        }
        return .displaces(orderIDs: displaced.sorted())
    }

    /// Holds, until the transaction ends, a lock on each document (in one fixed order), so that two
    /// servers booking one person at once check for overlapping trips one after the other. On
    /// SQLite, whose writers take turns anyway, this does nothing.
    static func lockDocuments(_ documents: [(type: CertificateType, number: String)], in db: Database) throws {
        let keys = Set(documents.map { LockKey("passenger-document", "\($0.type.rawValue) \($0.number)") })
        for key in keys.sorted(by: { $0.value < $1.value }) {
            try db.lockUntilCommit(key)
        }
    }

    /// The verdict for `traveller` on `leg`, not counting the tickets `excluding`.
    static func check(
        _ traveller: SeatSale.Traveller, on leg: RunLeg, userID: Int64, excluding ticketIDs: Set<Int64> = [],
        in db: Database
    ) throws -> Verdict {
        try check(
            type: traveller.certificateType, number: traveller.certificateNumber, departsAt: leg.departsAt,
            arrivesAt: leg.arrivesAt, userID: userID, excludingAll: ticketIDs, in: db)
    }

    /// True when the document is account `userID`'s own.
    static func isOwner(_ userID: Int64, type: CertificateType, number: String, in db: Database) throws -> Bool {
        try DocumentOwner.find(type: type.rawValue, number: number, in: db)?.userID == userID
    }
}
