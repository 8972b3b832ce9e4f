import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class WaitlistTests: XCTestCase {
    func testWaitlistsAreServedInOrderOfPaymentWhenSeatsAreReleased() throws {
        let seller = try BookingFixtures.traveller()
        let order = try WaitlistFixtures.sellOutAround(seats: 1, booker: seller)
        let first = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let second = try WaitlistFixtures.member("lin_xl", name: "林小丽", sequence: "336", mobile: "13900000002", on: seller.application)
        let firstPage = try WaitlistFixtures.joinAndPay(with: first)
        let secondPage = try WaitlistFixtures.joinAndPay(with: second)
        XCTAssertEqual(try firstPage.document().node("//section[@data-waitlist]")?.attribute("data-status"), "waiting")
        XCTAssertEqual(try WaitlistFixtures.state(firstPage.target, with: first).position, "1")
        XCTAssertEqual(try WaitlistFixtures.state(secondPage.target, with: second).position, "2")
        let list = try second.get("/waitlist").document()
        XCTAssertEqual(list.node("//li[@data-waitlist]")?.attribute("data-position"), "2")
        XCTAssertEqual(list.text("//li[@data-waitlist]//span[@class='waitlist__position']"), "排队位次：第 2 位")
        XCTAssertEqual(list.node("//li[@data-waitlist]")?.attribute("data-train"), "G101")

        let cancelled = try WaitlistFixtures.cancel(order, with: seller)
        XCTAssertEqual(try cancelled.document().node("//section[@data-order]")?.attribute("data-status"), "cancelled")

        let served = try first.get(firstPage.target)
        let servedPage = try served.document()
        XCTAssertEqual(servedPage.node("//section[@data-waitlist]")?.attribute("data-status"), "fulfilled")
        XCTAssertNil(servedPage.node("//section[@data-waitlist]")?.attribute("data-position"))
        XCTAssertNil(servedPage.node("//form[contains(@action,'/cancel')]"))
        let orderNumber = try XCTUnwrap(servedPage.node("//a[@data-order]")?.attribute("data-order"))
        let orderPage = try first.get("/orders/" + orderNumber).document()
        XCTAssertEqual(orderPage.node("//section[@data-order]")?.attribute("data-status"), "paid")
        let ticket = try XCTUnwrap(orderPage.node("//li[@data-ticket]"))
        XCTAssertEqual(ticket.attribute("data-status"), "issued")
        XCTAssertEqual(ticket.attribute("data-train"), "G101")
        XCTAssertFalse((ticket.attribute("data-coach") ?? "").isEmpty)
        XCTAssertFalse((ticket.attribute("data-seat") ?? "").isEmpty)
        XCTAssertTrue(orderPage.text("//li[@data-ticket]//p[@class='ticket__passenger']")?.hasPrefix("韩梅梅") ?? false)
        XCTAssertNotNil(try first.get("/orders?tab=upcoming").document().node("//li[@data-order='\(orderNumber)'][@data-status='paid']"))

        XCTAssertEqual(try WaitlistFixtures.state(secondPage.target, with: second).status, "waiting")
        XCTAssertEqual(try WaitlistFixtures.state(secondPage.target, with: second).position, "1")
        XCTAssertEqual(try WaitlistFixtures.payments(seller).map(\.status), ["paid", "paid"])
        XCTAssertEqual(try WaitlistFixtures.payments(seller).map(\.refundedFen), [0, 0])
        let results = try second.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E&date=\(ChinaTime.today().adding(days: 1))")
        XCTAssertEqual(
            try results.document().node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "0",
            "the released seat went to the waitlist")
    }

    func testAWaitlistForTwoIsSkippedWhenOnlyOneSeatIsReleased() throws {
        let seller = try BookingFixtures.traveller()
        let order = try WaitlistFixtures.sellOutAround(seats: 1, booker: seller)
        let pair = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let companion = try BookingFixtures.addPassenger("韩小梅", sequence: "445", with: pair)
        let single = try WaitlistFixtures.member("lin_xl", name: "林小丽", sequence: "336", mobile: "13900000002", on: seller.application)
        let pairPage = try WaitlistFixtures.joinAndPay(passengers: [try WaitlistFixtures.holderID(pair), companion], with: pair)
        XCTAssertEqual(try pairPage.document().nodes("//ul[@class='waitlist__passengers']/li").count, 2)
        let singlePage = try WaitlistFixtures.joinAndPay(with: single)
        XCTAssertEqual(try WaitlistFixtures.state(singlePage.target, with: single).position, "2")

        try WaitlistFixtures.cancel(order, with: seller)

        XCTAssertEqual(try WaitlistFixtures.state(pairPage.target, with: pair).status, "waiting")
        XCTAssertEqual(try WaitlistFixtures.state(pairPage.target, with: pair).position, "1")
        XCTAssertEqual(try WaitlistFixtures.state(singlePage.target, with: single).status, "fulfilled")
    }

    func testTheFormOffersTheSavedPassengersAndOnlyDeadlinesStillAhead() throws {
        let client = try BookingFixtures.traveller()
        let runID = try WaitlistFixtures.runID(client)
        for (name, sequence) in [("韩梅梅", "224"), ("林小丽", "336"), ("王大伟", "447")] {
            try BookingFixtures.addPassenger(name, sequence: sequence, with: client)
        }
        let notSoldOut = try client.get("/waitlist/new?run=\(runID)&from=AAA&to=CCC&class=second")
        XCTAssertTrue(notSoldOut.target.hasPrefix("/book?run=\(runID)"), notSoldOut.target)
        XCTAssertEqual(try notSoldOut.document().node("//div[@data-class]")?.attribute("data-class"), "second")
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)

        let page = try WaitlistFixtures.waitlistPage(with: client)
        let document = try page.document()
        XCTAssertEqual(document.nodes("//input[@name='passenger']").count, 4)
        XCTAssertEqual(document.node("//input[@name='passenger'][@checked]")?.attribute("value"), String(try BookingFixtures.holderID(client)))
        XCTAssertEqual(document.text("//strong[@data-total]"), "¥276")
        let now = ChinaTime.now()
        let expected = [2880, 1440, 720, 360, 120, 20].filter { WaitlistFixtures.departure - $0 * 60 > now }.map(String.init)
        XCTAssertEqual(document.nodes("//input[@name='deadline']").compactMap { $0.attribute("value") }, expected)
        XCTAssertEqual(document.node("//input[@name='deadline'][@checked]")?.attribute("value"), "20")
        XCTAssertTrue(document.text("//label[@for='deadline-20']")?.hasPrefix("最晚：开车前 20 分钟") ?? false)

        // Sent by hand several times, each a new sending: without the page's key, which would
        // answer every repeat with the first one's answer (`FormSentTwiceTests`).
        var fields = try document.form(action: "/waitlist").submission().fields.map { ($0.name, $0.value) }
            .filter { $0.0 != "deadline" && $0.0 != "request_key" }
        let lateDeadline = try client.post("/waitlist", fields: fields + [("deadline", "1")])
        XCTAssertEqual(lateDeadline.status, .unprocessableContent)
        XCTAssertEqual(try lateDeadline.document().text("//div[@role='alert']/p"), "请选择列出的截止时间之一。")

        fields.append(("deadline", "20"))
        let provider = try client.post("/waitlist", fields: fields)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        XCTAssertEqual(try provider.document().node("//section[@data-payment]")?.attribute("data-amount"), "27600")
        let mine = try client.get("/waitlist").document()
        XCTAssertEqual(mine.node("//li[@data-waitlist]")?.attribute("data-status"), "awaiting_payment")
        XCTAssertNil(mine.node("//li[@data-waitlist]")?.attribute("data-position"))
        let deadline = try client.application.database.read { try $0.queryOne("SELECT deadline FROM waitlists")!.int("deadline") }
        XCTAssertEqual(deadline, WaitlistFixtures.departure - 20 * 60)

        let unpaid = try client.post("/waitlist", fields: fields)
        XCTAssertEqual(unpaid.status, .conflict)
        XCTAssertNotNil(try unpaid.document().node("//div[@role='alert'][@data-unpaid]"), "one unpaid waitlist at a time")
        _ = try PaymentFixtures.press("confirm", on: provider, with: client)
        let again = try client.post("/waitlist", fields: fields)
        XCTAssertEqual(again.status, .conflict)
        XCTAssertEqual(try again.document().text("//div[@role='alert']/p"), "李雷 已有同一时间段的车票或候补订单。")
    }

    func testAPaidWaitlistIsRefundedInFullAtItsDeadlineAndAnUnpaidOneIsCancelled() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        try TimetableFixtures.sellAll(application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let provider = try WaitlistFixtures.join(try WaitlistFixtures.waitlistPage(with: client), with: client)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        let now = ChinaTime.now()
        let outcome = try application.database.write { db -> PaymentOutcome in
            let waitlist = try XCTUnwrap(try db.queryOne("SELECT id FROM waitlists")).int64("id")
            try db.run("UPDATE payments SET status = 'paid', completed_at = ? WHERE purpose = 'waitlist'", [now])
            let payment = try XCTUnwrap(try db.queryOne("SELECT id FROM payments WHERE purpose = 'waitlist'")).int64("id")
            return try Waitlist.markPaid(id: waitlist, paymentID: payment, now: now, in: db)
        }
        guard case .accepted(let events) = outcome else { return XCTFail("refused: \(outcome)") }
        application.events.publish(events)
        let number = try application.database.read { try $0.queryOne("SELECT number FROM waitlists")!.string("number") }
        XCTAssertEqual(try WaitlistFixtures.state("/waitlist/" + number, with: client).status, "waiting")
        XCTAssertEqual(try WaitlistFixtures.state("/waitlist/" + number, with: client).position, "1")

        let late = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: application)
        XCTAssertTrue(try WaitlistFixtures.join(try WaitlistFixtures.waitlistPage(with: late), with: late).target.hasPrefix("/pay/"))
        try client.keepBrowsing("/", for: application.configuration.deadlines.holdSeconds, alongside: [late])
        application.runJobsNow()
        try client.keepBrowsing("/", until: try WaitlistFixtures.deadline(of: number, in: application), alongside: [late])
        application.runJobsNow()

        let refunded = try client.get("/waitlist/" + number).document()
        XCTAssertEqual(refunded.node("//section[@data-waitlist]")?.attribute("data-status"), "refunded")
        XCTAssertEqual(refunded.node("//span[@data-refunded]")?.attribute("data-refunded"), "¥276")
        XCTAssertNil(refunded.node("//form[contains(@action,'/cancel')]"))
        XCTAssertEqual(try WaitlistFixtures.payments(client).first?.status, "refunded")
        XCTAssertEqual(try WaitlistFixtures.payments(client).first?.refundedFen, 27600)
        XCTAssertEqual(try late.get("/waitlist").document().node("//li[@data-waitlist]")?.attribute("data-status"), "cancelled")
    }

    func testCancellingAWaitingWaitlistRefundsThePrepayment() throws {
        let client = try BookingFixtures.traveller()
        try TimetableFixtures.sellAll(client.application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let page = try WaitlistFixtures.joinAndPay(with: client)
        let cancelled = try client.submit(try page.document().form(action: page.target + "/cancel"), from: page)
        XCTAssertEqual(cancelled.target, page.target + "?cancelled=1")
        let document = try cancelled.document()
        XCTAssertEqual(document.node("//section[@data-waitlist]")?.attribute("data-status"), "cancelled")
        XCTAssertEqual(document.text("//p[@role='status']"), "候补订单已取消，预付款将全额退回。")
        XCTAssertEqual(document.node("//span[@data-refunded]")?.attribute("data-refunded"), "¥276")
        XCTAssertNil(document.node("//form[contains(@action,'/cancel')]"))
        XCTAssertEqual(try WaitlistFixtures.payments(client).map(\.status), ["refunded"])
        XCTAssertEqual(try WaitlistFixtures.payments(client).map(\.refundedFen), [27600])
    }

    func testAnotherUsersWaitlistIsNotFound() throws {
        let client = try BookingFixtures.traveller()
        try TimetableFixtures.sellAll(client.application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let page = try WaitlistFixtures.joinAndPay(with: client)
        let other = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: client.application)
        XCTAssertEqual(try other.get(page.target).status, .notFound)
        let csrf = try XCTUnwrap(try other.get("/me/passengers/new").document().form(action: "/me/passengers").value("csrf"))
        XCTAssertEqual(try other.post(page.target + "/cancel", fields: [("csrf", csrf)]).status, .notFound)
        XCTAssertEqual(try other.get("/waitlist").document().count("//li[@data-waitlist]"), 0)
        XCTAssertEqual(try WaitlistFixtures.state(page.target, with: client).status, "waiting")
    }
}
