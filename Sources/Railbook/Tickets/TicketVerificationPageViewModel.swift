import Mustache

/// What the gate sees after scanning an e-ticket (`tickets/verify`): the reference as sent and,
/// once one was sent, whether it is valid, with the ticket's train, seat and status; never the
/// passenger's name or document.
struct TicketVerificationPageViewModel: MustacheRenderable {
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

    /// The reference as sent, cut to the longest a reference can be.
    let reference: String
    let outcome: Outcome
    let renderer: PageRenderer
    let timetable: Timetable
    let context: AppContext

    var mustacheValue: MustacheValue {
        var values: MustacheObject = ["ref": .string(reference)]
        switch outcome {
        case .notAsked: break
        case .invalid: values["result"] = refused("ticket_verify_invalid")
        case .stale: values["result"] = refused("ticket_verify_stale")
        case .found(let ticket, let train): values["result"] = found(ticket, train: train)
        }
        return .object(values)
    }

    private func refused(_ key: String) -> MustacheValue {
        .object(["valid": .bool(false), "message": .string(renderer.text(key, context))])
    }

    private func found(_ ticket: Ticket, train: Train?) -> MustacheValue {
        let station = { (sequence: Int) -> String in
            guard let train, train.stops.indices.contains(sequence) else { return "" }
            return timetable.station(train.stops[sequence].stationID)?.name(in: context.language) ?? ""
        }
        return .object([
            "valid": .bool(true),
            "isIssued": .bool(ticket.status == .issued),
            "ticket": .string(String(ticket.id)),
            "train": .string(train?.number ?? ""),
            "date": .string(ChinaTime.date(at: ticket.departsAt).description),
            "departs": .string(ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60)),
            "from": .string(station(ticket.fromSequence)), "to": .string(station(ticket.toSequence)),
            "coach": .string(ticket.coachText), "seat": .string(ticket.seatCode),
            "seatText": .string(ticket.seatText(renderer.messages, context.language)),
            "status": .string(ticket.status.rawValue),
            "statusText": .string(renderer.text(ticket.status.messageKey, context)),
        ])
    }
}
