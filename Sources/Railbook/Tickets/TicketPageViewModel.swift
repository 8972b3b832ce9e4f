import Mustache
import Secrets

/// The e-ticket page (`tickets/ticket`): the trip, seat and passenger as the order page shows them,
/// the masked document, and for an issued ticket the signed reference with its QR code.
struct TicketPageViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let timetable: Timetable
    let runs: [Int64: TicketTrip]
    let key: HMACKey
    let ticket: Ticket
    let order: Order

    /// Those of the order page's ticket row plus the document, order and code.
    var mustacheValue: MustacheValue {
        let orderPage = OrderPageViewModel(renderer: renderer, context: context, timetable: timetable, runs: runs, now: context.now)
        guard case .object(var values) = orderPage.ticket(order, ticket) else { return .object([:]) }
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
            values["notValid"] = .string(renderer.messages.text("eticket_not_valid", context.language, text(ticket.status.messageKey)))
        }
        return .object(values)
    }

    private func text(_ key: String) -> String { renderer.messages.text(key, context.language) }
}
