import Storage

/// Who a ticket is for, as the ticket-type rules (`TicketRules`) read them: the document (student
/// trips are counted on it), the date of birth when known, and the saved student details. A booking
/// takes them from the saved passenger; a ticket issued later (a waitlist served, a ticket changed)
/// from its document and the passenger saved under that document at that moment.
struct TicketHolder: Sendable {
    let certificateType: CertificateType
    let certificateNumber: String
    let birthDate: CivilDate?
    let student: StudentDetails?

    /// The saved passenger as they are now.
    init(_ passenger: Passenger) {
        certificateType = passenger.certificateType
        certificateNumber = passenger.certificateNumber
        birthDate = passenger.birthDate
        student = passenger.student
    }

    /// Only what the document itself says: a resident ID number's date of birth, no student details.
    init(certificateType: CertificateType, certificateNumber: String) {
        self.certificateType = certificateType
        self.certificateNumber = certificateNumber
        birthDate = certificateType == .residentID ? ResidentIDNumber(checked: certificateNumber)?.birthDate : nil
        student = nil
    }

    /// The holder of a ticket or waitlist place made out to the document for account `userID`'s saved
    /// passenger `passengerID`: that passenger's details while it is still saved with this document,
    /// else only what the document says (a deleted passenger's student details are gone with it).
    static func load(
        certificateType: CertificateType, certificateNumber: String, passengerID: Int64?, userID: Int64,
        in db: Database
    ) throws -> TicketHolder {
        if let passengerID, let passenger = try Passenger.find(id: passengerID, userID: userID, in: db),
            passenger.certificateType == certificateType, passenger.certificateNumber == certificateNumber
        {
            return TicketHolder(passenger)
        }
        return TicketHolder(certificateType: certificateType, certificateNumber: certificateNumber)
    }

    /// The holder of `ticket`, with the details of the passenger its order's account saved.
    static func of(_ ticket: Ticket, in db: Database) throws -> TicketHolder {
        let row = try db.queryOne(
            "SELECT t.passenger_id, o.user_id FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ?",
            [ticket.id])
        guard let row else { return TicketHolder(certificateType: ticket.certificateType, certificateNumber: ticket.certificateNumber) }
        return try load(
            certificateType: ticket.certificateType, certificateNumber: ticket.certificateNumber,
            passengerID: try row.optionalInt64("passenger_id"), userID: try row.int64("user_id"), in: db)
    }
}
