import Storage

/// One passenger of a waitlist, as they were when it was submitted.
struct WaitlistPassenger: RowDecodable, Sendable {
    let traveller: SeatSale.Traveller
    let priceFen: Int

    init(row: Row) throws {
        traveller = SeatSale.Traveller(
            passengerID: try row.optionalInt64("passenger_id"), name: try row.string("passenger_name"),
            certificateType: try row.decode(CertificateType.self, "certificate_type"),
            certificateNumber: try row.string("certificate_number"),
            ticketType: try row.decode(PassengerType.self, "ticket_type"))
        priceFen = try row.int("price_fen")
    }

    /// The passengers of waitlist `waitlistID`, in the order chosen.
    static func all(waitlistID: Int64, in db: Database) throws -> [WaitlistPassenger] {
        try db.query(
            WaitlistPassenger.self,
            """
            SELECT passenger_id, passenger_name, certificate_type, certificate_number, ticket_type, price_fen
            FROM waitlist_passengers WHERE waitlist_id = ? ORDER BY id
            """, [waitlistID])
    }
}
