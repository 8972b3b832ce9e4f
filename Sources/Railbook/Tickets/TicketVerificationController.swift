import HTTP
import Mustache
import Secrets
import SQLite

/// `GET /tickets/verify?ref=…`, public: tells staff scanning an e-ticket's QR code whether its
/// reference was signed by this site and still names a ticket, and that ticket's train, seat and
/// status; never the passenger's name or document.
struct TicketVerificationController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    /// The key the references were signed with.
    let key: HMACKey

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/tickets/verify") { request, context in try verify(request, &context) }
    }

    func verify(_ request: Request, _ context: inout AppContext) throws -> Response {
        let sent = (request.query["ref"] ?? "").trimmed
        var values: [String: MustacheValue] = ["ref": .string(String(sent.prefix(TicketReference.maximumLength)))]
        if !sent.isEmpty { values["result"] = try result(for: sent, context) }
        return try renderer.page("tickets/verify", values, context: context)
    }

    private func result(for sent: String, _ context: AppContext) throws -> MustacheValue {
        guard let reference = TicketReference.verified(sent, key: key) else {
            return .object(["valid": .bool(false), "message": .string(renderer.text("ticket_verify_invalid", context))])
        }
        let found = try database.read { db -> (Ticket, [Int64: TicketTrip])? in
            guard let ticket = try Ticket.find(id: reference.ticketID, in: db), reference.names(ticket) else { return nil }
            return (ticket, try TicketTrip.runs(of: [ticket], in: db))
        }
        guard let (ticket, runs) = found else {
            return .object(["valid": .bool(false), "message": .string(renderer.text("ticket_verify_stale", context))])
        }
        let train = runs[ticket.runID].flatMap { railway.timetable.train(id: $0.trainID) }
        let station = { (sequence: Int) -> String in
            guard let train, train.stops.indices.contains(sequence) else { return "" }
            return railway.timetable.station(train.stops[sequence].stationID)?.name(in: context.language) ?? ""
        }
        return .object([
            "valid": .bool(true),
            "isIssued": .bool(ticket.status == .issued),
            "ticket": .string(String(ticket.id)),
            "train": .string(train?.number ?? ""),
            "date": .string(ChinaTime.date(at: ticket.departsAt).description),
            "departs": .string(ClockTime.format((ticket.departsAt + ChinaTime.offsetSeconds) / 60)),
            "from": .string(station(ticket.fromSequence)), "to": .string(station(ticket.toSequence)),
            "coach": .string(ticket.coachText), "seat": .string(ticket.seatNumber.code),
            "seatText": .string(ticket.seatText(renderer.messages, context.language)),
            "status": .string(ticket.status.rawValue),
            "statusText": .string(renderer.text("ticket_status_\(ticket.status.rawValue)", context)),
        ])
    }
}
