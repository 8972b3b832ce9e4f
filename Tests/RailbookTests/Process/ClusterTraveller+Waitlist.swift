import HTMLTesting

/// A cluster traveller on the waitlist (候补) and on Railbook Pay: joining from a sold-out book
/// page or refusal, paying the prepayment, and looking now and then whether a waitlist was served.
extension ClusterTraveller {
    /// Joins the waitlist `link` offers for `party` and pays its prepayment.
    func joinWaitlist(_ party: [ClusterAccounts.SavedPassenger], from link: String) {
        // Seats that came back meanwhile send the traveller to the book page instead: they try again later.
        guard let (response, page) = fetch(link), response.target.hasPrefix("/waitlist/new"),
            !adoptUnpaidOrder(shownOn: page), var form = form(action: "/waitlist", on: page)
        else { return }
        tick(party, in: &form, on: page)
        guard let answer = submit(form) else {
            uncertain = Set(party.map(\.id))
            return
        }
        guard let provider = location(answer), provider.hasPrefix("/pay/") else {
            // 303 to the book page: seats came back; 409: the account's unpaid order, or no longer sold out.
            if answer.status == .conflict, let refusal = document(answer) { _ = adoptUnpaidOrder(shownOn: refusal) }
            return
        }
        record.note { $0.waitlistsJoined.append(String(provider.dropFirst("/pay/".count))) }
        guard let back = confirm(provider), back.hasPrefix("/waitlist/W") else {
            uncertain = Set(party.map(\.id)) // joined, prepayment unknown: the book page names it if unpaid
            return
        }
        waitlists[waitlistNumber(back)] = Set(party.map(\.id))
    }

    /// Pays the prepayment of waitlist `number`, after its page shows it still awaiting it.
    func payWaitlist(_ number: String) {
        guard let (_, page) = fetch("/waitlist/\(number)") else { return }
        waitlists[number] = passengerIDs(named: page.nodes("//ul[@class='waitlist__passengers']/li").map(\.text))
        guard status(of: page) == "awaiting_payment" else {
            unpaidWaitlist = nil
            follow(number, on: page)
            return
        }
        guard let form = form(action: "/waitlist/\(number)/pay", on: page), let started = submit(form),
            let provider = location(started), provider.hasPrefix("/pay/"), confirm(provider) != nil
        else { return }
        unpaidWaitlist = nil
    }

    /// Looks at each waitlist still waiting: a served one's passengers now hold its order's tickets.
    func followWaitlists() {
        for number in waitlists.keys.sorted() {
            guard let (_, page) = fetch("/waitlist/\(number)") else { return }
            follow(number, on: page)
        }
    }

    /// What the waitlist page says of waitlist `number`: still waiting, served with an order, or closed.
    private func follow(_ number: String, on page: HTMLDocument) {
        switch status(of: page) {
        case "waiting", "awaiting_payment":
            break
        case "fulfilled":
            guard let order = page.node("//a[@data-order]")?.attribute("data-order") else {
                unexpected("waitlist \(number) is fulfilled without an order")
                return
            }
            record.note { $0.fulfilmentsSeen.append(number) }
            orders[order] = waitlists.removeValue(forKey: number)
        default: // refunded at its deadline, or cancelled
            waitlists[number] = nil
        }
    }

    /// Confirms the payment on Railbook Pay page `provider`; returns where the provider sent the
    /// traveller back to (noted), or nil when that answer was lost or the payment could not be made.
    func confirm(_ provider: String) -> String? {
        // A payment whose order expired meanwhile shows why, and no form.
        guard let (_, page) = fetch(provider), let form = try? page.form(action: provider + "/confirm"),
            let answer = submit(form), let back = location(answer)
        else { return nil }
        record.note { $0.payments.append(.init(reference: String(provider.dropFirst("/pay/".count)), returnedTo: back)) }
        return back
    }

    /// The waitlist number in `/waitlist/W…?…`.
    private func waitlistNumber(_ target: String) -> String {
        String(target.dropFirst("/waitlist/".count).prefix { $0 != "?" })
    }
}
