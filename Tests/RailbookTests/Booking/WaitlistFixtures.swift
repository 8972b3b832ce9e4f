import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Helpers to use the waitlist as travellers would: sell a class out around someone's unpaid
/// order, join the waitlist from the search results, pay on the provider page, read the queue.
enum WaitlistFixtures {
    /// Tomorrow's G101 run (甲城 08:00 → 乙城 → 丙城).
    static func runID(_ client: TestClient) throws -> Int64 {
        try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 1))
    }

    /// Departure of tomorrow's G101 from 甲城, as Unix seconds.
    static var departure: Int { RunLeg.unixTime(ChinaTime.today().adding(days: 1), minute: 8 * 60) }

    /// Another registered traveller on the same site (sequence and mobile make them unique; an odd
    /// sequence is a man's, an even one a woman's, as the ID number's 17th digit says).
    static func member(_ account: String, name: String, sequence: String, mobile: String, on application: Application) throws -> TestClient {
        let client = TestClient(application: application)
        let gender = (sequence.last?.wholeNumberValue ?? 0) % 2 == 1 ? "male" : "female"
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: account, name: name,
                certificateNumber: AccountFixtures.residentID(sequence: sequence),
                mobile: mobile, gender: gender), with: client)
        return client
    }

    /// The client's own passenger entry (listed first on their passengers page).
    static func holderID(_ client: TestClient) throws -> Int64 {
        let node = try XCTUnwrap(try client.get("/me/passengers").document().node("//*[@data-passenger]"))
        return try XCTUnwrap(Int64(node.attribute("data-passenger") ?? ""))
    }

    /// Books `seats` passengers (the holder and new saved ones) on tomorrow's G101 甲城 → 丙城 second
    /// class, then marks every other seat sold for the stretch: cancelling the order frees exactly those seats.
    /// Returns the unpaid order's page.
    static func sellOutAround(seats: Int, booker: TestClient) throws -> TestResponse {
        var passengers = [try holderID(booker)]
        for index in 1..<max(seats, 1) {
            passengers.append(try BookingFixtures.addPassenger("同行\(index)", sequence: String(700 + index), with: booker))
        }
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: booker), passengers: passengers, with: booker)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        try TimetableFixtures.sellAll(booker.application, runID: try runID(booker), seatClass: .second, from: 0, to: 2)
        return order
    }

    /// Cancels the unpaid order through its cancel form.
    @discardableResult
    static func cancel(_ order: TestResponse, with client: TestClient) throws -> TestResponse {
        let page = try client.get(order.target)
        return try client.submit(try page.document().form(action: page.target + "/cancel"), from: page)
    }

    /// Follows the sold-out class's waitlist link in the search results for tomorrow's 甲城 → 丙城.
    static func waitlistPage(seatClass: String = "second", with client: TestClient) throws -> TestResponse {
        let date = ChinaTime.today().adding(days: 1)
        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(date)")
        let link = try XCTUnwrap(results.document().node("//li[@data-train='G101']//li[@data-class='\(seatClass)']/a")?.attribute("href"))
        XCTAssertTrue(link.hasPrefix("/waitlist/new?"), link)
        return try client.get(link)
    }

    /// Submits the waitlist form with `passengers` ticked (default: as offered) and `deadline` chosen.
    static func join(_ page: TestResponse, passengers: [Int64]? = nil, deadline: String? = nil, with client: TestClient) throws -> TestResponse {
        let document = try page.document()
        var form = try document.form(action: "/waitlist")
        if let passengers {
            for node in document.nodes("//input[@name='passenger']") {
                let id = node.attribute("value") ?? ""
                if passengers.contains(Int64(id) ?? 0) { try form.check("passenger", value: id) } else { try form.uncheck("passenger", value: id) }
            }
        }
        if let deadline { try form.check("deadline", value: deadline) }
        return try client.submit(form, from: page)
    }

    /// Joins from the search results and pays on the provider page; returns the waitlist page paid.
    static func joinAndPay(passengers: [Int64]? = nil, with client: TestClient) throws -> TestResponse {
        let provider = try join(try waitlistPage(with: client), passengers: passengers, with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let back = try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
        XCTAssertTrue(back.target.hasPrefix("/waitlist/W"), back.target)
        return back
    }

    /// The time (seconds since the epoch) waitlist `number` stops waiting.
    static func deadline(of number: String, in application: Application) throws -> Int {
        try application.database.read { try XCTUnwrap(try $0.queryOne("SELECT deadline FROM waitlists WHERE number = ?", [number])).int("deadline") }
    }

    /// The `data-status` and `data-position` of the waitlist page at `target`.
    static func state(_ target: String, with client: TestClient) throws -> (status: String?, position: String?) {
        let section = try client.get(target).document().node("//section[@data-waitlist]")
        return (section?.attribute("data-status"), section?.attribute("data-position"))
    }

    /// Every payment for a waitlist as (status, amount, refunded).
    static func payments(_ client: TestClient) throws -> [(status: String, amountFen: Int, refundedFen: Int)] {
        try client.application.database.read { db in
            try db.query("SELECT status, amount_fen, refunded_fen FROM payments WHERE purpose = 'waitlist' ORDER BY id").map {
                (try $0.string("status"), try $0.int("amount_fen"), try $0.int("refunded_fen"))
            }
        }
    }
}
