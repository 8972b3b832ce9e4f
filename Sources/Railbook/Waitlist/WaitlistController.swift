import HTTP
import Mustache
import Storage

/// The waitlist (候补): `/waitlist/new` offers it for a sold-out class, `POST /waitlist` creates it
/// and sends the user to pay; `/waitlist` lists the user's waitlists with their queue positions,
/// `/waitlist/:number` shows one, with payment and cancellation. Another user's waitlist is a 404.
struct WaitlistController: MemberController {
    let renderer: PageRenderer
    let database: DatabasePool
    let railway: Railway
    let events: EventBus
    /// How long an unpaid waitlist waits for its prepayment (`Deadlines.holdSeconds`).
    let holdSeconds: Int
    /// The deadlines a waitlist can have (`Deadlines.waitlistCloseMinutes`).
    let deadlines: WaitlistDeadline

    private func joining(_ context: MemberContext) -> WaitlistJoining {
        WaitlistJoining(timetable: railway.timetable, presaleWindow: railway.presaleWindow(today: context.today), deadlines: deadlines)
    }

    func addRoutes(to group: MemberRoutes) {
        group.get("/waitlist", use: index)
        group.get("/waitlist/new", use: new)
        group.post("/waitlist", use: create)
        group.get("/waitlist/:number", use: show)
        group.post("/waitlist/:number/pay", use: pay)
        group.post("/waitlist/:number/cancel", use: cancel)
    }

    func index(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let all = try database.read { db in try Waitlist.all(userID: user.id, in: db).map { try details($0, in: db) } }
        let text = renderer.texts(context)
        let waitlists = all.map { WaitlistViewModel($0, timetable: railway.timetable, holdSeconds: holdSeconds, text: text) }
        return try renderer.page("waitlist/index", WaitlistListPageViewModel(waitlists: waitlists), context: context)
    }

    func new(_ request: Request, _ context: inout MemberContext) throws -> Response {
        try render(WaitlistForm(request.query), problem: nil, request, &context, status: .ok)
    }

    func create(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let user = context.user
        let form = WaitlistForm(request.form)
        if request.form["preview"] != nil { return try render(form, problem: nil, request, &context, status: .ok) }
        guard let waitlistRequest = form.request else { throw HTTPError(.notFound) }
        if form.hasUnreadableChoice {
            return try render(form, problem: message(.choiceInvalid, context), request, &context, status: .unprocessableContent)
        }
        let joining = joining(context)
        let now = context.now
        let key = try FormKey.sent(in: request.form)
        do {
            let sending = try FormAnswer.write(key, userID: user.id, now: now, to: database, answer: { $0 }) { db in
                try WaitlistPayment.start(try joining.join(waitlistRequest, userID: user.id, now: now, in: db), now: now, in: db)
            }
            switch sending {
            case .answeredBefore(let location): return .redirect(to: location)
            case .done(let checkout): return .redirect(to: checkout)
            }
        } catch is UnpaidOrder {
            return try render(form, problem: nil, request, &context, status: .conflict)
        } catch WaitlistError.notSoldOut {
            return .redirect(to: "/book?" + form.legQuery)
        } catch let error as WaitlistError {
            let status: Status = error.isAboutTheForm ? .unprocessableContent : .conflict
            return try render(form, problem: message(error, context), request, &context, status: status)
        }
    }

    func show(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let waitlist = try load(context)
        let shown = try database.read { db in try details(waitlist, in: db) }
        let text = renderer.texts(context)
        var notice: String?
        for (name, noticeKey) in [("cancelled", "waitlist_notice_cancelled"), ("closed", "waitlist_notice_closed")] where request.query[name] != nil {
            notice = text(noticeKey)
        }
        if request.query["payment"] == "cancelled" { notice = text("waitlist_notice_payment_cancelled") }
        let view = WaitlistPageViewModel(
            waitlist: WaitlistViewModel(shown, timetable: railway.timetable, holdSeconds: holdSeconds, text: text),
            notice: notice)
        return try renderer.formPage("waitlist/show", view, context: &context)
    }

    func pay(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let waitlist = try load(context)
        let now = context.now
        let checkout = try database.write { db -> String? in
            guard let current = try Waitlist.find(id: waitlist.id, in: db), current.status == .awaitingPayment, current.deadline > now else {
                return nil
            }
            return try WaitlistPayment.start(current, now: now, in: db)
        }
        return .redirect(to: checkout ?? "/waitlist/\(waitlist.number)?closed=1")
    }

    func cancel(_ request: Request, _ context: inout MemberContext) throws -> Response {
        let waitlist = try load(context)
        let now = context.now
        let published = try database.write(recordingEvents: { $0 ?? [] }, now: now) { try Waitlist.cancel(waitlist, now: now, in: $0) }
        guard let published else { return .redirect(to: "/waitlist/" + waitlist.number) }
        events.publish(published)
        return .redirect(to: "/waitlist/\(waitlist.number)?cancelled=1")
    }

    private func load(_ context: MemberContext) throws -> Waitlist {
        let user = context.user
        let number = try context.parameters.require("number")
        guard let waitlist = try database.read({ try Waitlist.find(number: number, userID: user.id, in: $0) }) else {
            throw HTTPError(.notFound)
        }
        return waitlist
    }

    private func details(_ waitlist: Waitlist, in db: Database) throws -> WaitlistViewModel.Details {
        let trainID = try RunSchedule.trainID(ofRun: waitlist.runID, in: db)
        let orderNumber = try waitlist.fulfilledOrderID.flatMap { try Order.find(id: $0, in: db)?.number }
        return WaitlistViewModel.Details(
            waitlist: waitlist, trainID: trainID, position: try waitlist.queuePosition(in: db),
            passengers: try WaitlistPassenger.all(waitlistID: waitlist.id, in: db),
            refundedFen: try PaymentLedger.paidPayment(for: .waitlist, subjectID: waitlist.id, in: db)?.refundedFen ?? 0,
            orderNumber: orderNumber,
            choices: try WaitlistChoice.all(waitlistID: waitlist.id, in: db).map { ($0, try RunSchedule.trainID(ofRun: $0.runID, in: db)) })
    }

    private func message(_ error: WaitlistError, _ context: MemberContext) -> String {
        switch error {
        case .overlappingTrip(let name), .notOwnersName(let name): renderer.messages.text(error.messageKey, context.language, name)
        case .alternativeUnavailable(let train, let date): renderer.messages.text(error.messageKey, context.language, arguments: [train, date])
        default: renderer.text(error.messageKey, context)
        }
    }

    /// Renders the waitlist form, or sends the user to the book page while seats are left.
    private func render(
        _ form: WaitlistForm, problem: String?, _ request: Request, _ context: inout MemberContext,
        status: Status
    ) throws -> Response {
        let user = context.user
        guard let runID = form.runID, let seatClass = form.seatClass else { throw HTTPError(.notFound) }
        let now = context.now
        let joining = joining(context)
        let trip = WaitlistRequest.Trip(runID: runID, fromCode: form.fromCode, toCode: form.toCode, seatClass: seatClass)
        let timetable = railway.timetable
        let (leg, freeSeats, tripProblem, passengers, choices, unpaid) = try database.read { db in
            let leg = try RunLeg.find(runID: runID, from: form.fromCode, to: form.toCode, timetable: timetable, in: db)
            let freeSeats = try leg.map { try WaitlistJoining.freeSeats(on: $0, seatClass: seatClass, in: db) } ?? 0
            var tripProblem: WaitlistError?
            do { _ = try joining.checkedLeg(trip, now: now, in: db) } catch let error as WaitlistError { tripProblem = error }
            let passengers = try Passenger.list(for: user.id, in: db)
            let rules = leg.map { TicketRules(timetable: timetable, leg: $0, seatClass: seatClass) }
            let choices = try rules?.choices(for: passengers, in: db) ?? [:]
            return (leg, freeSeats, tripProblem, passengers, choices, try UnpaidOrder.find(userID: user.id, now: now, in: db))
        }
        guard let leg, leg.train.seatClasses.contains(seatClass) else { throw HTTPError(.notFound) }
        if freeSeats > 0 { return .redirect(to: "/book?" + form.legQuery) }
        let alternatives = tripProblem == nil ? try alternatives(to: leg, seatClass: seatClass, context) : []
        let page = WaitlistFormViewModel(
            leg: leg, seatClass: seatClass, form: form, passengers: passengers, choices: choices, alternatives: alternatives,
            deadlines: deadlines, now: now,
            isResubmission: request.method == .post, canJoin: tripProblem == nil,
            unpaid: unpaid,
            problem: problem ?? tripProblem.map { message($0, context) }, timetable: railway.timetable,
            text: renderer.texts(context))
        return try renderer.formPage("waitlist/new", page, context: &context, status: status)
    }
}

extension WaitlistController {
    /// The other trips the form offers to wait for as well: the classes sold out for the stretch
    /// between the same two cities on the trip's date and the two days after (in the presale window),
    /// on trains whose waitlists have not closed, the trip itself left out; at most
    /// `WaitlistChoice.limit` − 1, soonest first.
    func alternatives(to leg: RunLeg, seatClass: SeatClass, _ context: MemberContext) throws -> [WaitlistAlternative] {
        let timetable = railway.timetable
        guard let origin = timetable.station(leg.train.stops[leg.originIndex].stationID),
            let destination = timetable.station(leg.train.stops[leg.destinationIndex].stationID)
        else { return [] }
        let window = railway.presaleWindow(today: context.today)
        var found: [WaitlistAlternative] = []
        for day in 0..<WaitlistChoice.dateLimit {
            let date = leg.travelDate.adding(days: day)
            guard window.contains(date) else { continue }
            for trip in try railway.search.trips(from: origin, to: destination, on: date, now: context.now) {
                let other = RunLeg(
                    runID: trip.run.id, train: trip.train, serviceDate: trip.serviceDate, isCancelled: trip.isCancelled,
                    originIndex: trip.originIndex, destinationIndex: trip.destinationIndex)
                guard deadlines.available(departsAt: other.departsAt, now: context.now).count > 0 else { continue }
                let (from, to) = other.telecodes(in: timetable)
                for offer in trip.offers where offer.seatsLeft == 0 && offer.seatClass != .standing {
                    guard trip.run.id != leg.runID || offer.seatClass != seatClass else { continue }
                    found.append(
                        WaitlistAlternative(
                            trip: WaitlistRequest.Trip(runID: trip.run.id, fromCode: from, toCode: to, seatClass: offer.seatClass), leg: other))
                }
            }
        }
        return Array(found.prefix(WaitlistChoice.limit - 1))
    }
}

/// Another trip the waitlist form offers: what the `also` box sends and its leg.
struct WaitlistAlternative {
    let trip: WaitlistRequest.Trip
    let leg: RunLeg
}

extension WaitlistError {
    /// True when the choices on the form are wrong (422) rather than the trip (409).
    var isAboutTheForm: Bool {
        switch self {
        case .noPassengers, .tooManyPassengers, .duplicatePassenger, .passengerNotYours, .deadlineInvalid, .tooManyChoices, .tooManyDates,
            .choiceInvalid:
            true
        default: false
        }
    }
}
