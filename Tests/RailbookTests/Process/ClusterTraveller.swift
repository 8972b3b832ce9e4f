import Foundation
import HTMLTesting

@testable import Railbook

/// One logged-in traveller of the cluster test, on a thread of their own, through HAProxy: books
/// the train for one or two of their saved passengers on a stretch they pick, pays on Railbook Pay,
/// joins the waitlist (候补) when the class is sold out — or stands, now and then, while standing
/// places are left —, refunds a ticket now and then (so seats come back and waitlists are served),
/// and notes every answer in the record. An abandoner first books and leaves the order unpaid
/// until they see it expire (the expiry stream), then travels as the others do.
///
/// What the traveller believes is only what the pages said: a booking whose answer was lost while
/// a server died is sent again with its key; any other request leaves its passengers uncertain
/// until a page says what became of it. Used by one thread only.
final class ClusterTraveller: @unchecked Sendable {
    /// How the traveller starts.
    enum Role: Sendable {
        case regular
        case abandoner
    }

    let client: TestClient
    let account: ClusterAccounts.Traveller
    let train: ClusterTrain
    let record: ClusterRecord
    var random: SplitMix

    /// The orders whose tickets the traveller holds (paid, or being settled), with their passengers.
    var orders: [String: Set<Int64>] = [:]
    /// The order booked and not paid yet, with its passengers.
    var unpaid: (number: String, passengers: Set<Int64>)?
    /// Waitlists joined and not closed, with their passengers; `unpaidWaitlist` awaits its prepayment.
    var waitlists: [String: Set<Int64>] = [:]
    var unpaidWaitlist: String?
    /// Passengers of a request whose answer was lost: booked, or not, until a page says.
    var uncertain: Set<Int64> = []
    /// The order an abandoner leaves unpaid, until they see it expire.
    var abandoned: String?
    private let role: Role

    init(_ account: ClusterAccounts.Traveller, role: Role, train: ClusterTrain, record: ClusterRecord, port: Int, seed: UInt64) {
        self.account = account
        self.role = role
        self.train = train
        self.record = record
        random = SplitMix(seed: seed)
        let transport = SocketTransport(port: port)
        transport.timeoutSeconds = 30
        client = TestClient(transport: transport)
        client.cookies = ["welcomed": "1", "session": account.sessionToken]
    }

    /// Passengers with nothing booked or waitlisted, as far as the traveller knows.
    var freePassengers: [ClusterAccounts.SavedPassenger] {
        let busy = orders.values.reduce(into: uncertain.union(unpaid?.passengers ?? [])) { $0.formUnion($1) }
            .union(waitlists.values.flatMap { $0 })
        return account.passengers.filter { !busy.contains($0.id) }
    }

    /// An abandoner books the order they will leave unpaid (before the others start, so the train
    /// has seats); anyone else does nothing yet.
    func abandonAnOrder() {
        guard role == .abandoner else { return }
        abandoned = book(party(from: freePassengers), on: wish())
        if let abandoned { record.note { $0.abandonedOrders.append(abandoned) } }
    }

    /// Travels until the record says stop.
    func run() {
        var turn = 0
        while !record.isStopping {
            turn += 1
            takeTurn(turn)
            usleep(UInt32(100_000 + random.next() % 300_000))
        }
    }

    private func takeTurn(_ turn: Int) {
        if let abandoned {
            watchExpiry(of: abandoned)
        } else if !uncertain.isEmpty {
            findOutAboutLostRequest()
        } else if let unpaid {
            pay(unpaid.number)
        } else if let unpaidWaitlist {
            payWaitlist(unpaidWaitlist)
        } else if !waitlists.isEmpty, turn % 4 == 0 {
            followWaitlists()
        } else if !orders.isEmpty, random.next() % 5 == 0 {
            refundOneTicket()
        } else if !freePassengers.isEmpty {
            let party = party(from: freePassengers)
            if let number = book(party, on: wish()) { unpaid = (number, Set(party.map(\.id))) }
        }
    }

    /// A stretch the traveller wants to travel.
    private func wish() -> ClusterTrain.Stretch {
        ClusterTrain.wishes[Int(random.next() % UInt64(ClusterTrain.wishes.count))]
    }

    /// One or two of `passengers`.
    private func party(from passengers: [ClusterAccounts.SavedPassenger]) -> [ClusterAccounts.SavedPassenger] {
        Array(passengers.shuffled(using: &random).prefix(1 + Int(random.next() % 2)))
    }

    /// Books `party` on `stretch` in second class (or what the book page at `link` sells) from the
    /// book page; returns the order number of a 303. When the class is sold out (the book page says
    /// so as it opens, or the booking is refused), joins the waitlist or stands instead.
    private func book(_ party: [ClusterAccounts.SavedPassenger], on stretch: ClusterTrain.Stretch, link: String? = nil) -> String? {
        guard !party.isEmpty, let (_, page) = fetch(link ?? train.bookPath(stretch)), !adoptUnpaidOrder(shownOn: page) else { return nil }
        if let notice = page.node("//div[@data-sold-out]") {
            // Nothing left to sell: second class links its waitlist; standing whose places went, or
            // that seats came back to, links none, and the traveller tries again later.
            guard let waitlist = notice.node(".//a[@data-waitlist]")?.attribute("href") else { return nil }
            return soldOut(party, on: stretch, waitlist: waitlist)
        }
        guard var form = form(action: "/orders", on: page) else { return nil }
        let seatClass = form.value("class") ?? ""
        tick(party, in: &form, on: page)
        guard let answer = submitUntilAnswered(form) else {
            uncertain = Set(party.map(\.id))
            return nil
        }
        if answer.status == .seeOther, let number = orderNumber(answer) {
            record.note {
                $0.bookings.append(
                    .init(
                        account: account.account, orderNumber: number, passengers: party.map(\.id),
                        stretch: stretch, seatClass: seatClass))
            }
            return number
        }
        guard let refusal = document(answer), !adoptUnpaidOrder(shownOn: refusal) else { return nil }
        guard seatClass == "second",
            let waitlist = refusal.node("//div[@role='alert']//a[starts-with(@href, '/waitlist/new')]")?
                .attribute("href")
        else {
            // Standing places went, or seats came back, between the results page and the booking.
            if seatClass != "standing" { unexpected("POST /orders refused: \(refusal.text("//div[@role='alert']") ?? "")") }
            return nil
        }
        return soldOut(party, on: stretch, waitlist: waitlist)
    }

    /// Submits `form` and, while its answer is lost (a server dying under it), the same form again,
    /// a few times, as a browser's retry would: its `request_key` makes a sending that was done
    /// answer with what it did instead of doing it twice.
    private func submitUntilAnswered(_ form: HTMLForm) -> TestResponse? {
        for attempt in 0..<5 {
            if attempt > 0 { usleep(500_000) }
            if let answer = submit(form) { return answer }
        }
        return nil
    }

    /// Second class is sold out on `stretch`: one time in three `party` stands when standing is
    /// offered (the order number when booked), else joins the `waitlist` link.
    private func soldOut(_ party: [ClusterAccounts.SavedPassenger], on stretch: ClusterTrain.Stretch, waitlist: String) -> String? {
        record.note { $0.soldOutAnswers += 1 }
        if random.next() % 3 == 0, let number = stand(party, on: stretch) { return number }
        joinWaitlist(party, from: waitlist)
        return nil
    }

    /// Books `party` standing when the results page of `stretch` offers standing places.
    private func stand(_ party: [ClusterAccounts.SavedPassenger], on stretch: ClusterTrain.Stretch) -> String? {
        guard let (_, results) = fetch(train.searchPath(stretch)),
            let link = results.node("//li[@data-train='\(ClusterTrain.number)']//li[@data-class='standing']/a[starts-with(@href, '/book')]")?
                .attribute("href")
        else { return nil }
        return book(party, on: stretch, link: link)
    }

    /// Watches the abandoned order's page until it shows the order expired.
    private func watchExpiry(of number: String) {
        guard let (_, page) = fetch("/orders/\(number)") else { return }
        switch status(of: page) {
        case "unpaid":
            usleep(700_000)
        case "expired":
            record.note { $0.expiriesSeen.append(number) }
            abandoned = nil
        case let other:
            unexpected("the abandoned order \(number) became \(other ?? "nothing")")
            abandoned = nil
        }
    }

    /// After an answer was lost: the book page names the account's unpaid order or waitlist if the
    /// request was done (its passengers are then learnt from its page); otherwise it was not.
    private func findOutAboutLostRequest() {
        guard let (_, page) = fetch(train.bookPath(ClusterTrain.wishes[0])) else { return }
        if !adoptUnpaidOrder(shownOn: page) { uncertain = [] }
    }

    /// Takes the unpaid order or waitlist a page names (`div[data-unpaid]`) as the traveller's own
    /// to pay; true when there was one.
    func adoptUnpaidOrder(shownOn page: HTMLDocument) -> Bool {
        guard let number = page.node("//div[@data-unpaid]")?.attribute("data-unpaid") else { return false }
        uncertain = []
        if number.hasPrefix("W") {
            unpaidWaitlist = number
            waitlists[number, default: []] = []
        } else if unpaid?.number != number, abandoned != number {
            unpaid = (number, [])
        }
        return true
    }

    /// Pays order `number` on Railbook Pay, after its page shows it still unpaid.
    private func pay(_ number: String) {
        guard let (_, page) = fetch("/orders/\(number)") else { return }
        let passengers = passengerIDs(named: page.nodes("//li[@data-ticket]//p[@class='ticket__passenger']").map(\.text))
        switch status(of: page) {
        case "unpaid":
            unpaid = (number, passengers)
        case "paid":
            unpaid = nil
            orders[number] = passengers
            return
        default: // expired while the traveller could not pay: its seats are free again
            unpaid = nil
            return
        }
        guard let form = form(action: "/orders/\(number)/pay", on: page), let started = submit(form),
            let provider = location(started), provider.hasPrefix("/pay/"), confirm(provider) != nil
        else { return }
        unpaid = nil
        orders[number] = passengers
    }

    /// Refunds one issued ticket of one of the traveller's orders.
    private func refundOneTicket() {
        let number = orders.keys.sorted()[Int(random.next() % UInt64(orders.count))]
        guard let (_, page) = fetch("/orders/\(number)") else { return }
        guard status(of: page) == "paid" else {
            if status(of: page) != "unpaid" { orders[number] = nil } // refunded in full
            return
        }
        let issued = page.nodes("//li[@data-ticket][@data-status='issued']")
        orders[number] = passengerIDs(named: issued.compactMap { $0.node(".//p[@class='ticket__passenger']")?.text })
        guard !issued.isEmpty else { return }
        let ticket = issued[Int(random.next() % UInt64(issued.count))]
        guard let id = ticket.attribute("data-ticket").flatMap({ Int64($0) }),
            let passenger = ticket.node(".//p[@class='ticket__passenger']").map({ passengerIDs(named: [$0.text]) }),
            let (_, refundPage) = fetch("/tickets/\(id)/refund"),
            let form = form(action: "/tickets/\(id)/refund", on: refundPage), let answer = submit(form)
        else { return }
        guard answer.status == .seeOther else {
            unexpected("the refund of ticket \(id) was refused: \(document(answer)?.text("//div[@role='alert']") ?? "")")
            return
        }
        record.note { $0.refunds.append(id) }
        orders[number]?.subtract(passenger)
    }
}
