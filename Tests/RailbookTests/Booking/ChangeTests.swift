import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// 改签. Fares on the test network: G101 甲城 → 丙城 second ¥276, first ¥444; 甲城 → 乙城 G101 second
/// ¥138, K201 hard seat ¥36. Three days ahead the fee on a lower fare's difference is 5%.
/// Payments are marked paid in the database, except the differences paid through Railbook Pay.
final class ChangeTests: XCTestCase {
    func testChangeToAnotherDayMovesTheSeatOnce() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let link = try XCTUnwrap(
            try client.get(paid.order).document()
                .node("//li[@data-ticket='\(paid.ticketID)']//a[contains(@href,'/change')]")?.attribute("href"))
        let list = try client.get(link)
        var document = try list.document()
        let ticketDay = ChinaTime.today().adding(days: 3), nextDay = ChinaTime.today().adding(days: 4)
        XCTAssertEqual(document.node("//input[@name='date']")?.attribute("value"), ticketDay.description)
        XCTAssertEqual(document.node("//input[@name='date']")?.attribute("max"), ChinaTime.today().adding(days: 14).description)
        XCTAssertNotNil(document.node("//li[@data-train='G101']//li[@data-class='second']//*[@class='badge']"), "the ticket's own class")
        XCTAssertNil(document.node("//li[@data-train='G101']//li[@data-class='second']//a"), "cannot change to the same run and class")
        var form = try document.form(action: link)
        try form.fill("date", nextDay.description)
        let nextDayList = try client.submit(form, from: list)
        document = try nextDayList.document()
        XCTAssertEqual(document.node("//li[@data-train='G101']")?.attribute("data-date"), nextDay.description)
        let offer = try XCTUnwrap(document.node("//li[@data-train='G101']//li[@data-class='second']"))
        XCTAssertEqual(offer.attribute("data-price"), "¥276")
        XCTAssertEqual(offer.attribute("data-seats"), "540")
        let confirmLink = try XCTUnwrap(offer.nodes(".//a").first?.attribute("href"))
        let confirm = try client.get(confirmLink)
        document = try confirm.document()
        XCTAssertEqual(document.node("//dl[@data-run]")?.attribute("data-date"), nextDay.description)
        XCTAssertEqual(document.node("//*[@data-new-price]")?.attribute("data-new-price"), "¥276")
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "¥0")
        XCTAssertNil(document.node("//*[@data-fee]"), "no fee without a refund")
        let done = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        document = try done.document()
        XCTAssertEqual(document.text("//p[@role='status']"), "已改签，新车票在本订单中。")
        XCTAssertEqual(document.node("//section[@data-order]")?.attribute("data-status"), "paid")
        let old = try XCTUnwrap(document.node("//li[@data-ticket='\(paid.ticketID)']"))
        XCTAssertEqual(old.attribute("data-status"), "changed")
        XCTAssertEqual(old.attribute("data-date"), ticketDay.description)
        let replacement = try XCTUnwrap(document.node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(replacement.attribute("data-status"), "issued")
        XCTAssertEqual(replacement.attribute("data-date"), nextDay.description)
        XCTAssertEqual(replacement.attribute("data-class"), "second")
        XCTAssertEqual(document.text("//li[@data-ticket='\(paid.ticketID)']//p[@data-changed-to]"), "已改签为 G101 \(nextDay) 08:00")
        XCTAssertNil(replacement.nodes(".//a[contains(@href,'/change')]").first, "a changed ticket offers no second change")
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 3, with: client), "540", "the old seat is free again")
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 4, with: client), "539", "the new seat is sold")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 0)

        let newID = try XCTUnwrap(replacement.attribute("data-ticket"))
        let again = try client.get("/tickets/\(newID)/change").document()
        XCTAssertEqual(again.text("//div[@role='alert']/p[1]"), "该车票已改签过一次，每张车票只能改签一次。")
        XCTAssertNil(again.node("//input[@name='date']"))
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 5))
        let csrf = try XCTUnwrap(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change").value("csrf"))
        let refused = try client.post("/tickets/\(newID)/change", fields: [("csrf", csrf), ("run", String(runID)), ("class", "second")])
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p[1]"), "该车票已改签过一次，每张车票只能改签一次。")
        let resubmitted = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertEqual(resubmitted.target, done.target, "the same form sent again changes nothing and gets the first answer")
        let tickets = try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM tickets")!.int("n") }
        XCTAssertEqual(tickets, 2)
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 5, with: client), "540")
    }

    func testChangingAChangedTicketAgainIsRefusedWithTheReason() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second")
        let form = try confirm.document().form(action: "/tickets/\(paid.ticketID)/change")
        XCTAssertTrue(try client.submit(form, from: confirm).target.hasSuffix("?changed=1"))
        let otherRun = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 5))
        let csrf = try XCTUnwrap(form.value("csrf"))
        let again = try client.post("/tickets/\(paid.ticketID)/change", fields: [("csrf", csrf), ("run", String(otherRun)), ("class", "second")])
        XCTAssertEqual(again.status, .conflict)
        XCTAssertEqual(try again.document().text("//div[@role='alert']/p[1]"), "该车票已改签过一次，每张车票只能改签一次。")
        XCTAssertEqual(try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM tickets")!.int("n") }, 2)
    }

    func testChangeToACheaperTrainRefundsTheDifferenceLessTheFee() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(from: "甲城", to: "乙城", with: client)
        let list = try client.get("/tickets/\(paid.ticketID)/change").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='K201']//li[@data-class='hard_seat']"))
        XCTAssertEqual(offer.attribute("data-price"), "¥36")
        XCTAssertTrue(offer.text.contains("-¥102"), offer.text)
        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href")))
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-old-price]")?.attribute("data-old-price"), "¥138")
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "-¥102")
        XCTAssertEqual(document.node("//*[@data-fee]")?.attribute("data-fee"), "¥5", "5% of ¥102 = ¥5.1 → ¥5")
        XCTAssertEqual(document.node("//*[@data-refund]")?.attribute("data-refund"), "¥97")
        let done = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm).document()
        let old = try XCTUnwrap(done.node("//li[@data-ticket='\(paid.ticketID)']"))
        XCTAssertTrue(old.text.contains("退款 ¥97"), old.text)
        XCTAssertTrue(old.text.contains("退票费 ¥5"), old.text)
        XCTAssertEqual(done.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-train"), "K201")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 9_700)
        let stored = try RefundFixtures.ticket(paid.ticketID, in: client.application)
        XCTAssertEqual(stored.status, .changed)
        XCTAssertEqual(stored.refundFeeFen, 500)
        XCTAssertEqual(stored.refundedFen, 9_700)
    }

    func testChangeToACheaperClassOnTheSameTrain() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(seatClass: "first", with: client)
        let list = try client.get("/tickets/\(paid.ticketID)/change").document()
        let link = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='second']//a")?.attribute("href"))
        let confirm = try client.get(link)
        XCTAssertEqual(try confirm.document().node("//*[@data-refund]")?.attribute("data-refund"), "¥159.5", "¥168 less ¥8.5")
        let done = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm).document()
        XCTAssertEqual(done.node("//li[@data-changed-from='\(paid.ticketID)']")?.attribute("data-class"), "second")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 15_950)
        XCTAssertEqual(
            try RefundFixtures.seatsLeft(seatClass: "first", with: client),
            try RefundFixtures.seatsLeft(
                seatClass: "first",
                daysAhead: 4, with: client))
    }

    func testSoldOutTargetIsRefusedAndNothingChanges() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second")
        let form = try confirm.document().form(action: "/tickets/\(paid.ticketID)/change")
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)
        let refused = try client.submit(form, from: confirm)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p[1]"), "该席别余票不足，未做任何改签。")
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued)
        let tickets = try client.application.database.read { try $0.queryOne("SELECT COUNT(*) AS n FROM tickets")!.int("n") }
        XCTAssertEqual(tickets, 1)
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 3, with: client), "539", "the old seat is still held")
        let shown = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second").document()
        XCTAssertEqual(shown.text("//div[@role='alert']/p[1]"), "该席别余票不足，未做任何改签。")
        XCTAssertNil(shown.node("//form[@action='/tickets/\(paid.ticketID)/change']"))
        let list = try client.get("/tickets/\(paid.ticketID)/change?date=\(ChinaTime.today().adding(days: 4))").document()
        XCTAssertEqual(list.node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "0")
        XCTAssertNil(list.node("//li[@data-train='G101']//li[@data-class='second']//a"))
    }

    func testDearerFareIsPaidFirstThenChanged() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let list = try client.get("/tickets/\(paid.ticketID)/change").document()
        let offer = try XCTUnwrap(list.node("//li[@data-train='G101']//li[@data-class='first']"))
        XCTAssertTrue(offer.text.contains("+¥168"), offer.text)
        let confirm = try client.get(try XCTUnwrap(offer.nodes(".//a").first?.attribute("href")))
        let document = try confirm.document()
        XCTAssertEqual(document.node("//*[@data-difference]")?.attribute("data-difference"), "+¥168")
        XCTAssertEqual(document.node("//*[@data-to-pay]")?.attribute("data-to-pay"), "¥168")
        let provider = try client.submit(try document.form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued, "nothing changes before paying")
        let order = try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
        XCTAssertEqual(order.target, paid.order)
        let page = try order.document()
        XCTAssertEqual(page.node("//li[@data-ticket='\(paid.ticketID)']")?.attribute("data-status"), "changed")
        let replacement = try XCTUnwrap(page.node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(replacement.attribute("data-class"), "first")
        XCTAssertEqual(replacement.attribute("data-status"), "issued")
        XCTAssertTrue(replacement.text.contains("¥444"), replacement.text)
        XCTAssertEqual(try RefundFixtures.seatsLeft(with: client), "540")
        XCTAssertEqual(try RefundFixtures.changePayment(in: client.application)?.status, "paid")

        let newID = try XCTUnwrap(replacement.attribute("data-ticket"))
        let refund = try client.get("/tickets/\(newID)/refund")
        XCTAssertEqual(try refund.document().node("//*[@data-refund]")?.attribute("data-refund"), "¥422", "¥444 less 5% (¥22)")
        _ = try client.submit(try refund.document().form(action: "/tickets/\(newID)/refund"), from: refund)
        XCTAssertEqual(try RefundFixtures.changePayment(in: client.application)?.refundedFen, 16_800, "the difference back first")
        XCTAssertEqual(try RefundFixtures.payment(paid.order, in: client.application).refundedFen, 42_200 - 16_800)
    }

    func testAPaidChangeThatCanNoLongerBeMadeIsRefundedInFull() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=first")
        let provider = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .first, from: 0, to: 2)
        let order = try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
        XCTAssertEqual(try order.document().node("//li[@data-ticket='\(paid.ticketID)']")?.attribute("data-status"), "issued")
        XCTAssertEqual(try order.document().count("//li[@data-ticket]"), 1)
        let payment = try XCTUnwrap(try RefundFixtures.changePayment(in: client.application))
        XCTAssertEqual(payment.status, "refunded")
        XCTAssertEqual(payment.refundedFen, 16_800)
        XCTAssertEqual(try RefundFixtures.seatsLeft(with: client), "539", "the old seat is still held")
    }

    func testRefusalsForDepartedSameTrainOutsideWindowAndOtherUsers() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let sameRun = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 3))
        let same = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(sameRun)&class=second").document()
        XCTAssertEqual(same.text("//div[@role='alert']/p[1]"), "这就是您已持有的车次和席别。")
        XCTAssertNil(same.node("//form[@action='/tickets/\(paid.ticketID)/change']"))
        let far = try client.get("/tickets/\(paid.ticketID)/change?date=\(ChinaTime.today().adding(days: 40))")
        XCTAssertEqual(far.status, .unprocessableContent)
        XCTAssertTrue(try far.document().text("//div[@role='alert']/p[1]")?.hasPrefix("请选择") ?? false)
        XCTAssertEqual(try client.get("/tickets/\(paid.ticketID)/change/confirm?run=999999&class=second").status, .notFound)

        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅",
                certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: other)
        XCTAssertEqual(try other.get("/tickets/\(paid.ticketID)/change").status, .notFound)
        XCTAssertEqual(try other.get("/tickets/\(paid.ticketID)/change/confirm?run=\(sameRun)&class=first").status, .notFound)

        let ticketDay = ChinaTime.date(at: try RefundFixtures.ticket(paid.ticketID, in: client.application).departsAt)
        try client.keepBrowsing("/", until: RunLeg.unixTime(ticketDay.adding(days: 1), minute: 1))
        let departed = try client.get("/tickets/\(paid.ticketID)/change").document()
        XCTAssertEqual(departed.text("//div[@role='alert']/p[1]"), "列车已开出且已过票面日期，该车票不能再改签。")
        XCTAssertNil(departed.node("//li[@data-train]"))
        XCTAssertEqual(try RefundFixtures.ticket(paid.ticketID, in: client.application).status, .issued)
    }
}
