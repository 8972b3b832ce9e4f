import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 同车换座: G101 甲城 → 丙城 second class has no seat free for the whole stretch, but seat 02C of
/// its first second-class coach is free 甲城 → 乙城 and 03C 乙城 → 丙城. The results and book pages
/// offer the two legs; they are booked as one order, shown as linked legs on the e-ticket, and
/// refunded or changed leg by leg.
final class SeatChangeTests: XCTestCase {
    private let date = ChinaTime.today().adding(days: 3)

    func testTheResultsAndBookPagesOfferItAndItBooksAsOneOrderOfLinkedLegs() throws {
        let client = try BookingFixtures.traveller()
        let coach = try SeatChangeFixtures.splitSeats(client.application, date: date)

        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(date)")
        let row = try XCTUnwrap(results.document().node("//li[@data-train='G101']"))
        XCTAssertEqual(row.node(".//li[@data-class='second']")?.attribute("data-seats"), "0", "sold out for the whole stretch")
        let offer = try XCTUnwrap(row.node(".//p[@data-seat-change='BBB'][@data-class='second']"))
        XCTAssertTrue(offer.text.contains("同车换座"), offer.text)
        XCTAssertEqual(
            offer.nodes(".//*[@data-coach]").map { [$0.attribute("data-coach"), $0.attribute("data-seat"), $0.attribute("data-to")] },
            [[coach, "02C", "BBB"], [coach, "03C", "CCC"]])
        XCTAssertEqual(offer.text(".//span[@class='trip__price']"), "¥276", "¥138 + ¥138")
        XCTAssertNil(row.node(".//p[@data-class='first']"), "first class still has seats: no seat change")

        let book = try client.get(try XCTUnwrap(offer.node(".//a")?.attribute("href")))
        let page = try book.document()
        XCTAssertEqual(page.node("//div[@data-seat-change]")?.attribute("data-seat-change"), "BBB")
        XCTAssertEqual(page.nodes("//div[@data-seat-change]//li").map { $0.attribute("data-seat") }, ["02C", "03C"])
        XCTAssertEqual(page.node("//*[@data-total]")?.attribute("data-total-fen"), "27600")
        XCTAssertNil(page.node("//*[@data-sold-out]"), "the seat change is on sale")
        XCTAssertNil(page.node("//input[@name='together']"), "seats come from the plan")

        let order = try BookingFixtures.book(book, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let shown = try order.document()
        XCTAssertEqual(shown.text("//p[@data-seat-change]"), "同车换座：G101 次，在 乙城 换座")
        let tickets = shown.nodes("//li[@data-ticket]")
        XCTAssertEqual(tickets.map { $0.attribute("data-seat") }, ["02C", "03C"])
        XCTAssertEqual(shown.text("//p[@class='order__total']/strong"), "¥276", "one order for both legs")
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "甲城", to: "乙城", with: client), "0")
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "乙城", to: "丙城", with: client), "0")

        let admin = try ShopOrderFixtures.admin(of: client)
        let back = try admin.get("/admin/orders/" + order.target.dropFirst("/orders/".count)).document()
        XCTAssertEqual(back.text("//p[@data-seat-change]"), "同车换座：G101 次，在 乙城 换座", "staff see it too")

        try RefundFixtures.markPaid(order.target, in: client.application)
        let ids = tickets.compactMap { $0.attribute("data-ticket") }
        let first = try client.get("/tickets/\(ids[0])").document()
        XCTAssertEqual(first.text("//*[@data-seat-change]/p"), "同车换座第 1 程（共 2 程）")
        XCTAssertEqual(first.text("//*[@data-seat-change]//li[2]/a"), "第 2 程：乙城 → 丙城，\(coach)车 03C")
        XCTAssertEqual(first.node("//*[@data-seat-change]//li[2]/a")?.attribute("href"), "/tickets/\(ids[1])")
        XCTAssertNotNil(first.node("//figure[contains(@class,'eticket__code')]"), "each leg has its own code")
    }

    func testEachLegIsRefundedAndChangedOnItsOwnButItsDestinationStays() throws {
        let client = try BookingFixtures.traveller()
        try SeatChangeFixtures.splitSeats(client.application, date: date)
        let (order, ids) = try SeatChangeFixtures.book(date: date, with: client)
        try RefundFixtures.markPaid(order, in: client.application)

        let destination = try client.get("/tickets/\(ids[0])/destination").document()
        XCTAssertEqual(destination.text("//div[@role='alert']/p"), "同车换座的车票不能变更到站：下一程从到站出发。")
        let runID = try RefundFixtures.ticket(ids[0], in: client.application).runID
        let further = try client.get("/tickets/\(ids[0])/change/confirm?run=\(runID)&class=second&to=CCC").document()
        XCTAssertNil(further.node("//form[@action='/tickets/\(ids[0])/change']"), "no destination change through the confirm page either")

        // The second leg to D301 乙城 → 丙城 at 11:00, after G101 reaches 乙城 at 09:00.
        let d301 = try TimetableFixtures.runID(client.application, train: "D301", date: date)
        let confirm = try client.get("/tickets/\(ids[1])/change/confirm?run=\(d301)&class=second")
        let changed = try client.submit(try confirm.document().form(action: "/tickets/\(ids[1])/change"), from: confirm)
        let page = try changed.document()
        XCTAssertEqual(page.node("//li[@data-changed-from='\(ids[1])']")?.attribute("data-train"), "D301", page.text("//main") ?? "")
        XCTAssertEqual(try RefundFixtures.ticket(ids[0], in: client.application).status, .issued, "the first leg stays")
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "乙城", to: "丙城", with: client), "1", "03C is free again")

        let refund = try client.get("/tickets/\(ids[0])/refund")
        _ = try client.submit(try refund.document().form(action: "/tickets/\(ids[0])/refund"), from: refund)
        XCTAssertEqual(try RefundFixtures.ticket(ids[0], in: client.application).status, .refunded)
        XCTAssertEqual(try RefundFixtures.seatsLeft(from: "甲城", to: "乙城", with: client), "1", "02C is free again")
    }

    func testASeatSoldMeanwhileIsReplacedWhileTheChangeStationHolds() throws {
        let client = try BookingFixtures.traveller()
        let coach = try SeatChangeFixtures.splitSeats(client.application, date: date)
        let book = try client.get(try SeatChangeFixtures.offerLink(date: date, with: client))
        // Someone takes 03C 乙城 → 丙城 first; 04C is still free there, so a plan remains, changing at 乙城.
        try SeatChangeFixtures.setSeats(client.application, date: date, masks: [12: 0b11, 17: 0b01])
        let booked = try BookingFixtures.book(book, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertTrue(booked.target.hasPrefix("/orders/E"), "the same change station: booked with the seat free now")
        let tickets = try booked.document().nodes("//li[@data-ticket]")
        XCTAssertEqual(tickets.map { $0.attribute("data-seat") }, ["02C", "04C"])
        XCTAssertEqual(tickets.map { $0.attribute("data-coach") }, [coach, coach])

        let second = try AccountFixtures.rider(1, on: client.application)
        let page = try second.get(try SeatChangeFixtures.offerLink(date: date, with: second, expecting: nil))
        XCTAssertNotNil(try page.document().node("//*[@data-sold-out]"), "nothing left: sold out")
    }

    func testAResultsPageShownBeforeASeatChangesShowsTheSeatOfNow() throws {
        let client = try BookingFixtures.traveller()
        try SeatChangeFixtures.splitSeats(client.application, date: date)
        for _ in 0..<3 { XCTAssertTrue(try SeatChangeFixtures.offerLink(date: date, with: client).contains("change_at=BBB")) }
        XCTAssertGreaterThan(client.application.railway.resultsCache.statistics.hits, 0, "the third page came from the cache")
        // 03C is sold 乙城 → 丙城 and 04C freed there: the same change station, another seat.
        try SeatChangeFixtures.setSeats(client.application, date: date, masks: [12: 0b11, 17: 0b01])
        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(date)")
        let legs = try results.document().nodes("//li[@data-train='G101']//p[@data-seat-change='BBB']//*[@data-seat]")
        XCTAssertEqual(legs.map { $0.attribute("data-seat") }, ["02C", "04C"])
    }

    func testAStudentsSeatChangeCountsAsOneOfTheFourTripsOfTheSchoolYear() throws {
        let client = try BookingFixtures.traveller()
        let student = try BookingFixtures.addPassenger(
            "韩小梅", sequence: "246", type: "student", birth: "20050601",
            fields: ["school": "甲城大学", "enrolment_year": String(ChinaTime.today().year - 1), "home_city": "丙城", "school_city": "甲城"],
            with: client)
        try SeatChangeFixtures.splitSeats(client.application, date: date)
        let book = try client.get(try SeatChangeFixtures.offerLink(date: date, with: client))
        let legs = try BookingFixtures.book(book, passengers: [student], types: [student: "student"], with: client)
        XCTAssertTrue(legs.target.hasPrefix("/orders/E"), legs.target)
        XCTAssertEqual(try legs.document().nodes("//li[@data-ticket]").count, 2)
        try RefundFixtures.markPaid(legs.target, in: client.application)
        for offset in 1...3 {
            let page = try BookingFixtures.bookPage(date: date.adding(days: offset), with: client)
            let order = try BookingFixtures.book(page, passengers: [student], types: [student: "student"], with: client)
            XCTAssertTrue(order.target.hasPrefix("/orders/E"), "trip \(offset + 1) of 4: \(order.target)")
            try RefundFixtures.markPaid(order.target, in: client.application)
        }
        let fifth = try BookingFixtures.bookPage(date: date.adding(days: 4), with: client).document()
        XCTAssertNil(fifth.node("//select[@name='type_\(student)']/option[@value='student']"), "a fifth trip is not offered")
        XCTAssertNotNil(fifth.node("//div[@data-passenger='\(student)']//p[@class='passenger-choice__rule']"))
    }

    func testAChildCarriedFreeRidesEveryLeg() throws {
        let client = try BookingFixtures.traveller()
        let tomorrow = date
        let born = CivilDate(year: tomorrow.year - 4, month: tomorrow.month, day: min(tomorrow.day, 28))!
        let child = try BookingFixtures.addPassenger(
            "李小宝", sequence: "512", type: "child", birth: String(format: "%04d%02d%02d", born.year, born.month, born.day), with: client)
        try SeatChangeFixtures.splitSeats(client.application, date: date)
        let book = try client.get(try SeatChangeFixtures.offerLink(date: date, with: client))
        let order = try BookingFixtures.book(
            book, passengers: [try BookingFixtures.holderID(client), child], types: [child: "free_child"], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let tickets = try order.document().nodes("//li[@data-ticket]")
        XCTAssertEqual(tickets.count, 2, "two legs, the child has no seat")
        for ticket in tickets {
            XCTAssertTrue(ticket.text(".//p[@data-carried-child]")?.contains("李小宝") ?? false, "on each leg")
        }
    }

    func testAPlanThatChangedIsRefusedWithNothingBooked() throws {
        let client = try BookingFixtures.traveller()
        try SeatChangeFixtures.splitSeats(client.application, date: date)
        let book = try client.get(try SeatChangeFixtures.offerLink(date: date, with: client))
        // 02C is sold 甲城 → 乙城 and 03C 乙城 → 丙城 meanwhile: nothing covers the stretch.
        try SeatChangeFixtures.setSeats(client.application, date: date, masks: [7: 0b11, 12: 0b11])
        let refused = try BookingFixtures.book(book, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertEqual(refused.status, .conflict)
        let document = try refused.document()
        XCTAssertEqual(document.text("//div[@role='alert']/p"), "同车换座的座位已有变化，没有预订任何车票。下面是现在能订的。")
        XCTAssertNil(document.node("//div[@data-seat-change]"))
        XCTAssertEqual(document.nodes("//input[@name='passenger'][@checked]").count, 1, "the choices are kept")
        let orders = try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM orders")?.int("n") }
        XCTAssertEqual(orders, 0, "nothing half-booked")
    }
}

/// G101's second class split into parts on `date`, and helpers to book them.
enum SeatChangeFixtures {
    /// Sells every second-class seat 甲城 → 丙城 but seat 7 of the first coach (02C), left free
    /// 甲城 → 乙城, and seat 12 (03C), free 乙城 → 丙城; returns that coach's number as printed.
    @discardableResult
    static func splitSeats(_ application: Application, date: CivilDate) throws -> String {
        let runID = try TimetableFixtures.runID(application, train: "G101", date: date)
        try TimetableFixtures.sellAll(application, runID: runID, seatClass: .second, from: 0, to: 2)
        try setSeats(application, date: date, masks: [7: 0b10, 12: 0b01])
        let number = try application.database.read { db in
            try db.queryOne("SELECT MIN(coach_number) AS n FROM run_coaches WHERE run_id = ? AND seat_class = 'second'", [runID])?.int("n")
        }
        return Ticket.coachText(try XCTUnwrap(number))
    }

    /// Sets the occupancy of seats of G101's first second-class coach on `date` (a bit per segment).
    static func setSeats(_ application: Application, date: CivilDate, masks: [Int: UInt64]) throws {
        let runID = try TimetableFixtures.runID(application, train: "G101", date: date)
        try application.database.write { db in
            let row = try XCTUnwrap(
                try db.queryOne(
                    "SELECT coach_number, seat_count, occupancy FROM run_coaches WHERE run_id = ? AND seat_class = 'second' ORDER BY coach_number",
                    [runID]))
            var occupancy = try OccupancyBlob.decode(try row.blob("occupancy"), seatCount: try row.int("seat_count"))
            for (seat, mask) in masks { occupancy[seat] = mask }
            try db.run(
                "UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?",
                [OccupancyBlob.encode(occupancy), runID, try row.int64("coach_number")])
        }
        application.railway.inventory.forget(runID: runID)
    }

    /// The link of the results' seat change for G101 甲城 → 丙城 second class on `date` (`expecting`
    /// its change station), or the class's book link when none is offered (`expecting` nil).
    static func offerLink(date: CivilDate, with client: TestClient, expecting station: String? = "BBB") throws -> String {
        let results = try client.get("/search?from=\(PercentEncoding.encode("甲城"))&to=\(PercentEncoding.encode("丙城"))&date=\(date)")
        let row = try XCTUnwrap(results.document().node("//li[@data-train='G101']"))
        guard let station else {
            XCTAssertNil(row.node(".//p[@data-seat-change]"))
            return "/book?run=\(try TimetableFixtures.runID(client.application, train: "G101", date: date))&from=AAA&to=CCC&class=second"
        }
        return try XCTUnwrap(row.node(".//p[@data-seat-change='\(station)']//a")?.attribute("href"))
    }

    /// Books the seat change for the account holder; returns the order's address and its ticket ids.
    static func book(date: CivilDate, with client: TestClient) throws -> (String, [Int64]) {
        let page = try client.get(try offerLink(date: date, with: client))
        let order = try BookingFixtures.book(page, passengers: [try BookingFixtures.holderID(client)], with: client)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let ids = try order.document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-ticket").flatMap { Int64($0) } }
        return (order.target, ids)
    }
}
