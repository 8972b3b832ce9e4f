import Secrets

/// What an e-ticket's QR code carries: the ticket, its run and its seat, signed with the site's
/// tickets key so that staff can tell a real ticket from a made-up one without a login.
/// Written `RB1:<ticketID>:<runID>:<coach>:<seatIndex>:<signature>`, the signature being the
/// HMAC-SHA-256 (URL-safe base64) of everything before its colon.
struct TicketReference: Equatable, Sendable {
    /// The format's name and version, the first field.
    static let scheme = "RB1"
    /// Longer texts are refused before any parsing.
    static let maximumLength = 200

    let ticketID: Int64
    let runID: Int64
    let coachNumber: Int
    let seatIndex: Int

    /// The reference of `ticket` as it is now.
    init(ticket: Ticket) {
        self.init(ticketID: ticket.id, runID: ticket.runID, coachNumber: ticket.coachNumber, seatIndex: ticket.seatIndex)
    }

    init(ticketID: Int64, runID: Int64, coachNumber: Int, seatIndex: Int) {
        self.ticketID = ticketID
        self.runID = runID
        self.coachNumber = coachNumber
        self.seatIndex = seatIndex
    }

    /// The signed part: `RB1:<ticketID>:<runID>:<coach>:<seatIndex>`.
    var payload: String { "\(TicketReference.scheme):\(ticketID):\(runID):\(coachNumber):\(seatIndex)" }

    /// The whole reference with its signature, as printed and put in the QR code.
    func signed(with key: HMACKey) -> String {
        payload + ":" + key.sign(payload)
    }

    /// Whether `ticket` is still the one on this seat (a changed ticket has a new id and seat).
    func names(_ ticket: Ticket) -> Bool {
        self == TicketReference(ticket: ticket)
    }

    /// Reads a signed reference; nil when it is malformed or its signature is not `key`'s.
    static func verified(_ text: String, key: HMACKey) -> TicketReference? {
        guard text.utf8.count <= maximumLength else { return nil }
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0] == scheme,
            let ticketID = number(fields[1]), let runID = number(fields[2]),
            let coach = number(fields[3]), let seatIndex = number(fields[4])
        else { return nil }
        let reference = TicketReference(ticketID: ticketID, runID: runID, coachNumber: Int(coach), seatIndex: Int(seatIndex))
        // The signature covers the canonical text, so `RB1:007:…` never passes for `RB1:7:…`.
        guard reference.payload == fields[0...4].joined(separator: ":"),
            key.verify(String(fields[5]), for: reference.payload)
        else { return nil }
        return reference
    }

    /// A field of ASCII digits as a number, nil for anything else (signs, spaces, overflow).
    private static func number(_ field: Substring) -> Int64? {
        guard !field.isEmpty, field.utf8.count <= 18, field.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(field)
    }
}
