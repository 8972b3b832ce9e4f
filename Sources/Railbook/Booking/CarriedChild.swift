import Storage

/// A child under 6 on the travel date who travels free with a paying passenger of the same order,
/// without a seat of their own (免费乘车儿童), as 12306 sells since 2023: at most one such child per
/// passenger on an adult or student ticket. The child is named on that passenger's ticket (and
/// e-ticket) and goes with it when it is changed; a child under 6 who needs a seat takes a child
/// ticket instead.
struct CarriedChild: RowDecodable, Sendable {
    /// The age from which a child no longer travels free.
    static let ageLimit = 6
    /// The ticket types whose holder may take a child along free.
    static let escortTypes: Set<PassengerType> = [.adult, .student]

    let ticketID: Int64
    let passengerName: String
    let certificateType: CertificateType
    let certificateNumber: String

    init(row: Row) throws {
        ticketID = try row.int64("ticket_id")
        passengerName = try row.string("passenger_name")
        certificateType = try row.decode(CertificateType.self, "certificate_type")
        certificateNumber = try row.string("certificate_number")
    }

    /// The children carried on order `orderID`'s tickets, by ticket id.
    static func byTicket(orderID: Int64, in db: Database) throws -> [Int64: CarriedChild] {
        let children = try db.query(
            CarriedChild.self,
            "SELECT ticket_id, passenger_name, certificate_type, certificate_number FROM carried_children WHERE order_id = ?",
            [orderID])
        return Dictionary(children.map { ($0.ticketID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Writes `children` on order `orderID`, each with the tickets on run `runID` of one passenger of
    /// `escorts` (in that order, one child each): one ticket, or each leg of a same-train seat change.
    static func record(_ children: [Passenger], escorts: [Int64], orderID: Int64, runID: Int64, in db: Database) throws {
        guard !children.isEmpty else { return }
        var ticketsOf: [Int64: [Int64]] = [:]
        for row in try db.query("SELECT id, passenger_id FROM tickets WHERE order_id = ? AND run_id = ? ORDER BY id", [orderID, runID]) {
            if let passengerID = try row.optionalInt64("passenger_id") { ticketsOf[passengerID, default: []].append(try row.int64("id")) }
        }
        for (child, escort) in zip(children, escorts) {
            for ticketID in ticketsOf[escort] ?? [] {
                try db.run(
                    """
                    INSERT INTO carried_children (order_id, ticket_id, passenger_id, passenger_name, certificate_type, certificate_number)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                    [orderID, ticketID, child.id, child.name, child.certificateType.rawValue, child.certificateNumber])
            }
        }
    }

    /// The first of `people` already carried free on a held or issued ticket whose trip overlaps
    /// `departsAt`..<`arrivesAt` (one query for all of them), or nil.
    static func firstTravelling(among people: [Passenger], departsAt: Int, arrivesAt: Int, in db: Database) throws -> Passenger? {
        guard !people.isEmpty else { return nil }
        let places = Array(repeating: "?", count: people.count).joined(separator: ", ")
        let carried = try db.query(
            """
            SELECT c.certificate_type, c.certificate_number FROM carried_children c JOIN tickets t ON t.id = c.ticket_id
            WHERE c.certificate_number IN (\(places)) AND t.status IN (?, ?) AND t.departs_at < ? AND t.arrives_at > ?
            """,
            people.map { $0.certificateNumber as any SQLBindable } + [Ticket.Status.held, Ticket.Status.issued, arrivesAt, departsAt]
        ).map { (try $0.string("certificate_type"), try $0.string("certificate_number")) }
        return people.first { person in
            carried.contains { $0.0 == person.certificateType.rawValue && $0.1 == person.certificateNumber }
        }
    }

    /// The name of the child carried free on `ticket` when they are 6 or older (or of unknown age)
    /// on `date`, the travel date of a change; nil when there is none or they still travel free.
    static func tooOld(carriedOn ticket: Ticket, travelling date: CivilDate, in db: Database) throws -> String? {
        guard
            let row = try db.queryOne(
                """
                SELECT c.passenger_name, c.certificate_type, c.certificate_number, c.passenger_id, o.user_id
                FROM carried_children c JOIN orders o ON o.id = c.order_id WHERE c.ticket_id = ?
                """, [ticket.id])
        else { return nil }
        let holder = try TicketHolder.load(
            certificateType: try row.decode(CertificateType.self, "certificate_type"), certificateNumber: try row.string("certificate_number"),
            passengerID: try row.optionalInt64("passenger_id"), userID: try row.int64("user_id"), in: db)
        guard let birth = holder.birthDate, date.age(bornOn: birth) < ageLimit else { return try row.string("passenger_name") }
        return nil
    }

    /// Moves the children carried on ticket `oldID` to `newID` (a change).
    static func move(fromTicket oldID: Int64, toTicket newID: Int64, in db: Database) throws {
        try db.run("UPDATE carried_children SET ticket_id = ? WHERE ticket_id = ?", [newID, oldID])
    }
}
