import Secrets

/// The e-ticket page (`tickets/ticket`): the trip, seat and passenger as the order page shows them
/// (`{{#ticket}}`), the masked document, and for an issued ticket the signed reference with its QR
/// code, or why the ticket is not valid.
struct TicketPageViewModel: Encodable {
    let ticket: OrderTicketViewModel
    /// The document number, masked.
    let certificate: String
    let certificateType: String
    let orderNumber: String
    /// The signed reference the gate scans, for an issued ticket.
    let reference: String?
    let calendarHref: String?
    /// The reference's QR code as inline SVG, written unescaped by the template: built from numbers only.
    let qr: String?
    /// "此车票已退票，不能乘车" when the ticket is not issued.
    let notValid: String?
    /// For a leg of a same-train seat change: "同车换座第 1 程（共 2 程）" and the passenger's legs.
    let seatChange: String?
    let legs: [Leg]

    /// A leg of a same-train seat change, linked to its e-ticket.
    struct Leg: Encodable {
        let href: String
        /// "第 2 程：南京南 → 上海虹桥，05车 05C".
        let text: String
        let isCurrent: Bool
    }

    /// The e-ticket of `ticket` in `order`, its run in `runs`; `key` signs its reference.
    init(
        _ ticket: Ticket, order: Order, carried: CarriedChild?, runs: [Int64: TicketTrip], key: HMACKey,
        seatChange: OrderSeatChange? = nil, timetable: Timetable, text: TextLookup
    ) {
        self.ticket = OrderTicketViewModel(ticket, carried: carried, runs: runs, timetable: timetable, text: text)
        certificate = Masking.certificate(ticket.certificateNumber)
        certificateType = text(ticket.certificateType.messageKey)
        orderNumber = order.number
        let legs = seatChange?.legs(of: ticket) ?? []
        let position = legs.firstIndex { $0.id == ticket.id }
        self.seatChange = position.map { text("eticket_seat_change", String($0 + 1), String(legs.count)) }
        self.legs =
            position == nil
            ? []
            : legs.enumerated().map { index, leg in
                let train = runs[leg.runID].flatMap { timetable.train(id: $0.trainID) }
                let station = { (stop: Int) in
                    train.flatMap { $0.stops.indices.contains(stop) ? timetable.station($0.stops[stop].stationID)?.name(in: text.language) : nil }
                        ?? ""
                }
                return Leg(
                    href: "/tickets/\(leg.id)",
                    text: text(
                        "eticket_seat_change_leg", String(index + 1), station(leg.fromSequence), station(leg.toSequence),
                        leg.seatText(text.messages, text.language)),
                    isCurrent: leg.id == ticket.id)
            }
        if ticket.status == .issued {
            let reference = TicketReference(ticket: ticket).signed(with: key)
            self.reference = reference
            calendarHref = "/tickets/\(ticket.id)/calendar.ics"
            qr = try? QRCode.svg(for: reference, label: text("eticket_qr_label"))
            notValid = nil
        } else {
            reference = nil
            calendarHref = nil
            qr = nil
            notValid = text("eticket_not_valid", text(ticket.status.messageKey))
        }
    }
}
