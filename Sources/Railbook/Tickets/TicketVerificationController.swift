import HTTP
import Secrets
import Storage

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
        router.get("/tickets/verify", use: verify)
    }

    func verify(_ request: Request, _ context: inout AppContext) throws -> Response {
        let sent = (request.query["ref"] ?? "").trimmed
        let timetable = railway.timetable
        let page = TicketVerificationPageViewModel(
            reference: String(sent.prefix(TicketReference.maximumLength)),
            outcome: sent.isEmpty ? .notAsked : try check(sent, timetable: timetable),
            timetable: timetable, text: renderer.texts(context))
        return try renderer.page("tickets/verify", page, context: context)
    }

    private func check(_ sent: String, timetable: Timetable) throws -> TicketVerificationPageViewModel.Outcome {
        guard let reference = TicketReference.verified(sent, key: key) else { return .invalid }
        let found = try database.read { db -> (Ticket, [Int64: TicketTrip])? in
            guard let ticket = try Ticket.find(id: reference.ticketID, in: db), reference.names(ticket) else { return nil }
            return (ticket, try TicketTrip.runs(of: [ticket], in: db))
        }
        guard let (ticket, runs) = found else { return .stale }
        return .found(ticket, train: runs[ticket.runID].flatMap { timetable.train(id: $0.trainID) })
    }
}
