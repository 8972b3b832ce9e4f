import HTTP
import Storage

/// `/book` shows the trip and lets the user choose passengers; `POST /orders` books the seats and
/// opens the new order, or shows the page again with what went wrong and nothing held.
struct BookController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let events: EventBus
    let deadlines: Deadlines

    func addRoutes(to group: MemberRoutes) {
        group.get("/book", use: show)
        group.post("/orders", use: create)
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        try render(BookingForm(request.query), problem: nil, request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let form = BookingForm(request.form)
        let key = try FormKey.sent(in: request.form)
        if request.form["preview"] != nil { return try render(form, problem: nil, request, &context, status: .ok) }
        var newPassenger: PassengerForm?
        if let fields = form.newPassenger {
            let details = PassengerForm(form: fields)
            let problems = details.problems(in: railway.timetable, today: context.today)
            if !problems.isEmpty {
                return try render(
                    form, problem: renderer.text("booking_error_new_passenger", context), fieldErrors: problems, request,
                    &context, status: .unprocessableContent)
            }
            newPassenger = details
        }
        let booking = Booking(
            timetable: railway.timetable, presaleWindow: railway.presaleWindow(today: context.today),
            holdSeconds: deadlines.holdSeconds)
        let now = context.now
        do {
            let sending = try FormAnswer.write(
                key, userID: user.id, now: now, to: database,
                recordingEvents: { $0.events + [OrderBooked(orderNumber: $0.orderNumber, userID: user.id)] }, answer: Self.location(of:)
            ) { db in
                let newID = try newPassenger.map { try Passenger.create($0, for: user.id, now: now, in: db) }
                guard let bookingRequest = form.request(including: newID) else { throw BookingError.runNotFound }
                return try booking.book(bookingRequest, userID: user.id, now: now, in: db)
            }
            switch sending {
            case .answeredBefore(let location):
                return .redirect(to: location)
            case .done(let outcome):
                railway.inventory.forget(runID: outcome.runID)
                if let second = outcome.connectionRunID { railway.inventory.forget(runID: second) }
                events.publish(outcome.events + [OrderBooked(orderNumber: outcome.orderNumber, userID: user.id)])
                return .redirect(to: Self.location(of: outcome))
            }
        } catch is UnpaidOrder {
            return try render(form, problem: nil, request, &context, status: .conflict)
        } catch let error as BookingError {
            return try render(form, problem: message(error, context), request, &context, status: .conflict, soldOut: error == .soldOut)
        } catch let errors as FormErrors {
            return try render(
                form, problem: renderer.text("booking_error_new_passenger", context), fieldErrors: errors, request,
                &context, status: .unprocessableContent)
        } catch is Passenger.LimitReached {
            return try render(
                form, problem: renderer.text("booking_error_passenger_limit", context), request, &context,
                status: .unprocessableContent)
        }
    }

    /// The new order's page, saying when the party could not sit together or have the seats they picked.
    private static func location(of outcome: Booking.Outcome) -> String {
        let page = "/orders/" + outcome.orderNumber
        if !outcome.isTogether { return page + "?apart=1" }
        return outcome.honouredPreferences ? page : page + "?preference=1"
    }

    private func message(_ error: BookingError, _ context: MemberContext) -> String {
        renderer.messages.text(error.messageKey, context.language, arguments: error.messageArguments)
    }

    private func render(
        _ form: BookingForm, problem: String?, fieldErrors: FormErrors = FormErrors(), _ request: Request,
        _ context: inout MemberContext, status: Status, soldOut: Bool = false
    ) throws -> Response {
        let user = context.user
        guard let runID = form.runID, let seatClass = form.seatClass else { throw HTTPError(.notFound) }
        let timetable = railway.timetable
        let (leg, passengers, choices, unpaid) = try database.read { db in
            let leg = try RunLeg.find(runID: runID, from: form.fromCode, to: form.toCode, timetable: timetable, in: db)
            let passengers = try Passenger.list(for: user.id, in: db)
            let rules = leg.map { TicketRules(timetable: timetable, leg: $0, seatClass: seatClass) }
            let choices = try rules?.choices(for: passengers, in: db) ?? [:]
            return (leg, passengers, choices, try UnpaidOrder.find(userID: user.id, now: context.now, in: db))
        }
        guard let leg, leg.train.sells(seatClass) else { throw HTTPError(.notFound) }
        // The second train of a journey: one that does not exist (or sells no such class) is a 404;
        // whether it can follow this one is the booking's to say.
        let connection = try form.connection.map { connection in
            guard
                let second = try database.read({
                    try RunLeg.find(runID: connection.runID, from: connection.fromCode, to: connection.toCode, timetable: timetable, in: $0)
                }), second.train.sells(connection.seatClass)
            else { throw HTTPError(.notFound) }
            return BookConnectionViewModel(second, seatClass: connection.seatClass, after: leg, timetable: timetable, text: renderer.texts(context))
        }
        // A same-train seat change asked for: the one the seats give now, for the party ticked.
        let seatChange = try seatChange(form, on: leg, seatClass: seatClass)
        var problem = problem
        if !form.seatChangeAt.isEmpty, seatChange == nil, problem == nil { problem = renderer.text("booking_error_seat_change_gone", context) }
        // A page opened (not sent back) says at once when its class has nothing to sell; the
        // refusal of a form sent says it in its own words.
        let availability =
            request.method == .get && !leg.isCancelled && seatChange == nil ? try availability(of: seatClass, on: leg) : nil
        let waitlistHref =
            soldOut && seatClass != .standing
            ? "/waitlist/new?run=\(runID)&from=\(form.fromCode)&to=\(form.toCode)&class=\(seatClass.rawValue)" : nil
        let page = BookPageViewModel(
            leg: leg, seatClass: seatClass, form: form, passengers: passengers, choices: choices,
            isResubmission: request.method == .post, newPassengerErrors: fieldErrors, problem: problem,
            unpaid: unpaid, waitlistHref: waitlistHref, availability: availability, connection: connection, seatChange: seatChange,
            timetable: timetable, text: renderer.texts(context))
        return try renderer.formPage("booking/book", page, context: &context, status: status)
    }

    /// The same-train seat change of `form` (which names its stops), as the seats stand now, for the
    /// passengers ticked who take a seat (one when none is): nil when the form asks for none, for a
    /// second train or standing, or when none covers the stretch.
    private func seatChange(_ form: BookingForm, on leg: RunLeg, seatClass: SeatClass) throws -> SeatChangePlan? {
        guard !form.seatChangeAt.isEmpty, form.connection == nil, seatClass != .standing, !leg.isCancelled else { return nil }
        let seated = form.chosen.filter { form.ticketTypes[$0] != BookingForm.freeChild }.count + (form.newPassenger == nil ? 0 : 1)
        let coaches = try database.read { try CoachOccupancy.load(runID: leg.runID, seatClass: seatClass, locking: false, in: $0) }
        return SeatChangePlan.find(in: coaches, from: leg.originIndex, to: leg.destinationIndex, party: max(1, seated))
    }

    /// What the train sells on the leg, counted as the results page counts it, for `seatClass`.
    private func availability(of seatClass: SeatClass, on leg: RunLeg) throws -> ClassAvailability {
        let run = RunInfo(id: leg.runID, isCancelled: leg.isCancelled, delayMinutes: 0)
        let offers = try railway.search.offers(leg.train, run, from: leg.originIndex, to: leg.destinationIndex)
        return ClassAvailability(of: seatClass, among: offers)
    }
}
