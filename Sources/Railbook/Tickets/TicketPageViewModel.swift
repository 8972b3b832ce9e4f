import Mustache
import Secrets

/// The e-ticket page's values: the trip, seat and passenger as the order page shows them, the
/// masked document, and for an issued ticket the signed reference with its QR code.
struct TicketPageViewModel {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let runs: [Int64: TicketTrip]
    let key: HMACKey

    /// The e-ticket's values: those of the order page's ticket row plus the document, order and code.
    func values(_ ticket: Ticket, _ order: Order) -> [String: MustacheValue] {
        let orderPage = OrderPageViewModel(renderer: renderer, context: context, timetable: timetable, runs: runs, now: context.now)
        guard case .object(var values) = orderPage.ticket(order, ticket) else { return [:] }
        values["certificate"] = .string(Masking.certificate(ticket.certificateNumber))
        values["certificateType"] = .string(text(ticket.certificateType.messageKey))
        values["orderNumber"] = .string(order.number)
        if let trip = runs[ticket.runID] { values["serviceDate"] = .string(trip.serviceDate.description) }
        if ticket.status == .issued {
            let reference = TicketReference(ticket: ticket).signed(with: key)
            values["reference"] = .string(reference)
            values["calendarHref"] = .string("/tickets/\(ticket.id)/calendar.ics")
            // Inline SVG, written unescaped by the template: built here from numbers only.
            if let svg = try? QRCode.svg(for: reference, label: text("eticket_qr_label")) { values["qr"] = .string(svg) }
        } else {
            values["notValid"] = .string(renderer.messages.text("eticket_not_valid", context.language, text("ticket_status_\(ticket.status.rawValue)")))
        }
        return values
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
