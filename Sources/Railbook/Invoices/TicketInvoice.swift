import Storage

/// What a passenger's ticket can be invoiced for: the fare once the trip is over (within the
/// window after arrival), or the refund or change fee kept from it (within the window after it
/// was kept). Only the ticket's owner asks.
enum TicketInvoice {
    /// Why nothing can be invoiced.
    enum Refusal: Error, Equatable {
        /// The trip has not ended yet: a fare is invoiced after travel.
        case notTravelled
        /// The window after travel (or after the fee) has passed.
        case tooLate
        /// The ticket was not travelled on (refunded, changed, never paid) and kept no fee.
        case nothingToInvoice

        /// The message-catalog key of the refusal.
        var messageKey: String {
            switch self {
            case .notTravelled: "invoice_refused_not_travelled"
            case .tooLate: "invoice_refused_too_late"
            case .nothingToInvoice: "invoice_refused_nothing"
            }
        }
    }

    /// The kind `ticket` can be invoiced for at `now`, or why none.
    static func kind(of ticket: Ticket, now: Int, windowDays: Int) -> Result<Invoice.Kind, Refusal> {
        let window = windowDays * 86_400
        if ticket.status == .issued {
            guard ticket.arrivesAt <= now else { return .failure(.notTravelled) }
            return ticket.arrivesAt + window >= now ? .success(.ticket) : .failure(.tooLate)
        }
        if ticket.feesFen > 0, let closed = ticket.closedAt {
            return closed + window >= now ? .success(.fee) : .failure(.tooLate)
        }
        return .failure(.nothingToInvoice)
    }

    /// The draft of `ticket`'s invoice of `kind` to `buyer`: its amount (the fare, or the fee) and
    /// the trip in one line (train, departure, stations, class and seat, passenger with the
    /// document masked).
    static func draft(
        _ ticket: Ticket, kind: Invoice.Kind, buyer: InvoiceBuyer, userID: Int64, railway: Railway, text: TextLookup, in db: Database
    ) throws -> Invoice.Draft {
        let runs = try TicketTrip.runs(of: [ticket], in: db)
        let timetable = railway.timetable
        var trip = ""
        if let run = runs[ticket.runID], let train = timetable.train(id: run.trainID), train.stops.indices.contains(ticket.fromSequence),
            train.stops.indices.contains(ticket.toSequence), let origin = timetable.station(train.stops[ticket.fromSequence].stationID),
            let destination = timetable.station(train.stops[ticket.toSequence].stationID)
        {
            trip = text(
                "invoice_trip_line", train.number, ChinaMoment(ticket.departsAt).text, origin.name(in: text.language),
                destination.name(in: text.language), text(ticket.seatClass.messageKey), ticket.seatText(text.messages, text.language),
                ticket.passengerName, Masking.certificate(ticket.certificateNumber))
        }
        let line = kind == .fee ? text("invoice_fee_line", trip) : trip
        return Invoice.Draft(
            kind: kind, subject: Invoice.subject(ticketID: ticket.id), userID: userID, buyer: buyer.copy,
            amountFen: kind == .fee ? ticket.feesFen : ticket.priceFen, description: line)
    }
}
