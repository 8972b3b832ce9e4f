import HTTP
import Mustache
import Storage

/// 改签: `GET /tickets/:id/change?date=` lists the trips between the ticket's stations on a day of
/// the presale window (only the ticket's own date once its train has left); `GET
/// /tickets/:id/change/confirm?run=&class=` shows the fares, fees and any refund or payment before
/// the user confirms; `POST /tickets/:id/change` (`run`, `class`) changes the ticket and
/// returns to the order, or, for a dearer fare, sends the user to pay the difference first.
/// `GET /tickets/:id/destination` lists the other stops of the ticket's train for a change of
/// destination (变更到站), confirmed on the same pages with `to` (the new destination's telecode).
/// Another user's ticket, or a run that does not serve the stations, is a 404.
struct TicketChangeController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let events: EventBus

    func addRoutes(to group: MemberRoutes) {
        group.get("/tickets/:id/change", use: list)
        group.get("/tickets/:id/change/confirm", use: confirm)
        group.get("/tickets/:id/destination", use: destination)
        group.post("/tickets/:id/change", use: change)
    }

    private func ticketChange(_ context: MemberContext) -> TicketChange {
        TicketChange(timetable: railway.timetable, presaleWindow: railway.presaleWindow(today: context.today), lateRules: railway.lateRules)
    }

    func list(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let owned = try OwnedTicket.load(context, from: database)
        let now = context.now, model = ticketChange(context)
        let late = try database.read { try railway.lateRules.lateness(of: owned.ticket, in: $0) }
        let window = model.dates(for: owned.ticket, now: now, late: late)
        let ticketDate = ChinaTime.date(at: owned.ticket.departsAt)
        var date = min(max(ticketDate, window.lowerBound), window.upperBound)
        var problem: String?, status = Status.ok
        if let asked = request.query["date"] {
            if let chosen = CivilDate(iso: asked), window.contains(chosen) {
                date = chosen
            } else {
                problem = renderer.messages.text(
                    "change_error_date", context.language,
                    arguments: [window.lowerBound.description, window.upperBound.description])
                status = .unprocessableContent
            }
        }
        var trips: [Trip] = [], ticketTypes: [Int64: [SeatClass: PassengerType]] = [:], canChange = true
        do {
            try TicketChange.checkChangeable(owned.ticket, now: now, late: late)
            let current = try database.read { try RunLeg.of(owned.ticket, timetable: model.timetable, in: $0) }
            trips = try model.alternatives(to: current, on: date, search: railway.search, now: now)
            ticketTypes = try database.read { try model.ticketTypes(of: owned.ticket, on: trips, in: $0) }
        } catch let error as TicketChangeError {
            problem = message(error, context)
            canChange = false
        }
        let page = TicketChangePageViewModel(
            owned, window: window, date: date, trips: trips, ticketTypes: ticketTypes, canChange: canChange,
            problem: problem, late: late, now: now, delays: try BoardingDelays(of: trips, railway: railway), timetable: model.timetable,
            text: renderer.texts(context))
        return try renderer.page("tickets/change", page, context: context, status: status)
    }

    /// 变更到站: the other stops of the ticket's train after its origin, with their fares.
    func destination(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let owned = try OwnedTicket.load(context, from: database)
        let now = context.now, model = ticketChange(context)
        var problem: String?, leg: RunLeg?
        do {
            try TicketChange.checkChangeable(owned.ticket, now: now)
            guard owned.ticket.departsAt - now >= TicketChange.destinationLeadSeconds else { throw TicketChangeError.destinationTooLate }
            leg = try database.read { db in
                guard try !OrderSeatChange.holds(owned.ticket, in: db) else { throw TicketChangeError.destinationOfSeatChange }
                return try RunLeg.of(owned.ticket, timetable: model.timetable, in: db)
            }
        } catch let error as TicketChangeError {
            problem = message(error, context)
        }
        let page = TicketDestinationPageViewModel(owned, leg: leg, problem: problem, timetable: model.timetable, text: renderer.texts(context))
        return try renderer.page("tickets/destination", page, context: context)
    }

    func confirm(_ request: Request, _ context: inout MemberContext) throws -> Response {
        try renderConfirmation(try OwnedTicket.load(context, from: database), fields: request.query, problem: nil, request, &context, status: .ok)
    }

    func change(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let owned = try OwnedTicket.load(context, from: database)
        guard let runID = request.form["run"].flatMap({ Int64($0) }),
            let seatClass = request.form["class"].flatMap(SeatClass.init(rawValue:))
        else { throw HTTPError(.notFound) }
        let model = ticketChange(context)
        let key = try FormKey.sent(in: request.form)
        do {
            let now = context.now
            let sending = try FormAnswer.write(key, userID: user.id, now: now, to: database, recordingEvents: \.events, answer: \.location) {
                db in
                guard
                    let result = try model.change(
                        ticketID: owned.ticket.id, userID: user.id, runID: runID, seatClass: seatClass, destination: request.form["to"],
                        now: now, in: db)
                else { throw HTTPError(.notFound) }
                return result
            }
            switch sending {
            case .answeredBefore(let location):
                return .redirect(to: location)
            case .done(let result):
                if case .changed(_, let published) = result { events.publish(published) }
                return .redirect(to: result.location)
            }
        } catch is UnpaidOrder {
            return try renderConfirmation(owned, fields: request.form, problem: nil, request, &context, status: .conflict)
        } catch TicketChangeError.runNotFound {
            throw HTTPError(.notFound)
        } catch let error as TicketChangeError {
            return try renderConfirmation(owned, fields: request.form, problem: message(error, context), request, &context, status: .conflict)
        } catch let failure as TicketRefund.Failure {
            return try renderConfirmation(
                owned, fields: request.form, problem: renderer.text(failure.messageKey, context), request, &context,
                status: .conflict)
        }
    }

    private func renderConfirmation(
        _ owned: OwnedTicket, fields: Parameters, problem: String?, _ request: Request,
        _ context: inout MemberContext, status: Status
    ) throws -> Response {
        guard let runID = fields["run"].flatMap({ Int64($0) }),
            let seatClass = fields["class"].flatMap(SeatClass.init(rawValue:))
        else { throw HTTPError(.notFound) }
        let now = context.now, model = ticketChange(context)
        var quote: TicketChange.Quote?, seatsLeft = 0, unpaid: UnpaidOrder?
        var problem = problem
        do {
            let found = try database.read {
                try model.quote(owned.ticket, runID: runID, seatClass: seatClass, destination: fields["to"], now: now, in: $0)
            }
            if found.needsPayment {
                unpaid = try database.read { try UnpaidOrder.find(userID: owned.order.userID, now: now, in: $0) }
            }
            seatsLeft =
                seatClass == .standing
                ? try railway.inventory.freeStandingPlaces(runID: runID, quota: found.leg.train.standingQuota, segment: found.leg.segment)
                : try railway.inventory.freeSeats(runID: runID, seatClass: seatClass, segment: found.leg.segment)
            quote = found
            // A new destination may keep the ticket's own seat, which counts as taken here.
            if seatsLeft == 0, !TicketChange.isNewDestination(owned.ticket, found) {
                problem = problem ?? message(TicketChangeError.soldOut, context)
            }
        } catch TicketChangeError.runNotFound {
            throw HTTPError(.notFound)
        } catch let error as TicketChangeError {
            problem = problem ?? message(error, context)
        }
        let page = TicketChangeConfirmViewModel(
            owned, quote: quote, seatsLeft: seatsLeft, problem: problem, unpaid: unpaid,
            timetable: model.timetable, text: renderer.texts(context))
        return try renderer.formPage("tickets/change-confirm", page, context: &context, status: status)
    }

    private func message(_ error: TicketChangeError, _ context: MemberContext) -> String {
        guard let argument = error.messageArgument else { return renderer.text(error.messageKey, context) }
        return renderer.messages.text(error.messageKey, context.language, argument)
    }
}
