/// What the gate sees after scanning an e-ticket (`tickets/verify`): the reference as sent and,
/// once one was sent, whether it is valid, with the ticket's train, seat and status; never the
/// passenger's name or document.
struct TicketVerificationPageViewModel: Encodable {
    /// What checking the reference found.
    enum Outcome {
        /// No reference was sent yet.
        case notAsked
        /// The reference was not signed by this site.
        case invalid
        /// The reference was signed but names no ticket any more (changed, or another passenger).
        case stale
        /// The ticket it names, with its run's train.
        case found(Ticket, train: Train?)
    }

    /// The verdict on a reference sent: refused with a message, or valid with the ticket.
    struct Result: Encodable {
        let valid: Bool
        /// Why the reference was refused.
        let message: String?
        let isIssued: Bool
        let ticket: String
        let train: String
        let date: String
        let departs: String
        let from: String
        let to: String
        let coach: String
        let seat: String
        let seatText: String
        let status: String
        let statusText: String
    }

    /// The reference as sent, cut to the longest a reference can be.
    let ref: String
    /// Nil until a reference is sent.
    let result: Result?

    init(reference: String, outcome: Outcome, timetable: Timetable, text: TextLookup) {
        ref = reference
        switch outcome {
        case .notAsked: result = nil
        case .invalid: result = Self.refused(text("ticket_verify_invalid"))
        case .stale: result = Self.refused(text("ticket_verify_stale"))
        case .found(let ticket, let train): result = Self.found(ticket, train: train, timetable: timetable, text: text)
        }
    }

    private static func refused(_ message: String) -> Result {
        Result(
            valid: false, message: message, isIssued: false, ticket: "", train: "", date: "", departs: "", from: "", to: "",
            coach: "", seat: "", seatText: "", status: "", statusText: "")
    }

    private static func found(_ ticket: Ticket, train: Train?, timetable: Timetable, text: TextLookup) -> Result {
        let station = { (sequence: Int) -> String in
            guard let train, train.stops.indices.contains(sequence) else { return "" }
            return timetable.station(train.stops[sequence].stationID)?.name(in: text.language) ?? ""
        }
        return Result(
            valid: true, message: nil, isIssued: ticket.status == .issued, ticket: String(ticket.id), train: train?.number ?? "",
            date: ChinaTime.date(at: ticket.departsAt).description,
            departs: ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60),
            from: station(ticket.fromSequence), to: station(ticket.toSequence), coach: ticket.coachText, seat: ticket.seatCode,
            seatText: ticket.seatText(text.messages, text.language), status: ticket.status.rawValue,
            statusText: text(ticket.status.messageKey))
    }
}
