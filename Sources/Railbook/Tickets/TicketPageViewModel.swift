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

    /// The e-ticket of `ticket` in `order`, its run in `runs`; `key` signs its reference.
    init(
        _ ticket: Ticket, order: Order, carried: CarriedChild?, runs: [Int64: TicketTrip], key: HMACKey, timetable: Timetable,
        text: TextLookup
    ) {
        self.ticket = OrderTicketViewModel(ticket, carried: carried, runs: runs, timetable: timetable, text: text)
        certificate = Masking.certificate(ticket.certificateNumber)
        certificateType = text(ticket.certificateType.messageKey)
        orderNumber = order.number
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
