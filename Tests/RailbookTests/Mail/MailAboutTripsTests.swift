import Foundation
import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// What travellers are mailed about their trips, on an in-process site whose mail goes to a folder.
final class MailAboutTripsTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
        try AccountFixtures.askForAddress("li@example.com", with: client)
        try AccountFixtures.confirmAddress(token: try QueuedMail.latestToken("address_confirmation", on: client), with: client)
    }

    /// The mail written to the site's mail folder, oldest first.
    private func written() throws -> [ReceivedMail] {
        client.application.mail.drain()
        let folder = try XCTUnwrap(client.application.configuration.mail.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".eml") }
        let mails = try names.map { try ReceivedMail(try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
        return mails.sorted { ($0.headers["Message-ID"] ?? "") < ($1.headers["Message-ID"] ?? "") }
    }

    private func ids(_ kind: String) throws -> Int {
        try QueuedMail.all(on: client).filter { $0.kind == kind }.count
    }

    func testABookedOrderIsMailedInTheTravellersLanguageAndRemindedOnceBeforeItExpires() throws {
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let number = String(order.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        let booked = try XCTUnwrap(try written().first { $0.subject.contains(number) })
        XCTAssertEqual(booked.subject, "订单 \(number) 已提交，请尽快支付")
        XCTAssertTrue(booked.text.hasPrefix("李雷，您好："), booked.text)
        XCTAssertTrue(booked.html.contains("<html lang=\"zh-CN\">"))
        XCTAssertNotNil(booked.headers["List-Unsubscribe"], "a notice names its turn-off link")

        let clock = try XCTUnwrap(client.application.clock as? SettableClock)
        client.application.jobs.runAllNow()
        XCTAssertEqual(try ids("payment_reminder"), 0, "no reminder while the deadline is far")
        clock.advance(by: client.application.configuration.deadlines.holdSeconds - 9 * 60)
        client.application.jobs.runAllNow()
        client.application.jobs.runAllNow()
        XCTAssertEqual(try ids("payment_reminder"), 1, "one reminder, however often the job runs")
        let reminder = try XCTUnwrap(try written().first { $0.subject.contains("即将超时") })
        XCTAssertTrue(reminder.text.contains(number))
    }

    func testMailFollowsTheLanguageTheTravellerLastChose() throws {
        _ = try client.get("/language/en?back=/me")
        try AccountFixtures.logOut(with: client)
        try AccountFixtures.logIn("li_lei", AccountFixtures.Person().password, with: client)
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let number = String(order.target.dropFirst("/orders/".count).prefix { $0 != "?" })
        let booked = try XCTUnwrap(try written().first { $0.subject.contains(number) })
        XCTAssertEqual(booked.subject, "Order \(number) is booked: please pay")
        XCTAssertTrue(booked.html.contains("<html lang=\"en\">"))
    }

    func testARefundIsMailedWithTheMoneyGoingBack() throws {
        let paid = try RefundFixtures.paidTicket(with: client)
        let page = try client.get("/tickets/\(paid.ticketID)/refund")
        XCTAssertEqual(try client.submit(try page.document().form(action: "/tickets/\(paid.ticketID)/refund"), from: page).status, .ok)
        let refunded = try RefundFixtures.payment(paid.order, in: client.application).refundedFen
        let mail = try XCTUnwrap(try QueuedMail.all(on: client).last)
        XCTAssertEqual(mail.kind, "refund_done")
        XCTAssertTrue(mail.arguments.hasSuffix("\n" + Money.format(refunded)), mail.arguments)
        XCTAssertTrue(try written().contains { $0.subject.hasPrefix("订单") && $0.subject.hasSuffix("退款") })
    }

    func testAChangeIsMailed() throws {
        let paid = try RefundFixtures.paidTicket(with: client)
        let list = try client.get("/tickets/\(paid.ticketID)/change")
        var form = try list.document().form(action: "/tickets/\(paid.ticketID)/change")
        try form.fill("date", ChinaTime.today().adding(days: 4).description)
        let nextDay = try client.submit(form, from: list)
        let confirmLink = try XCTUnwrap(try nextDay.document().node("//li[@data-train='G101']//li[@data-class='second']//a")?.attribute("href"))
        let confirm = try client.get(confirmLink)
        _ = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        let number = String(paid.order.dropFirst("/orders/".count))
        XCTAssertEqual(try QueuedMail.all(on: client).last?.kind, "change_done")
        let mail = try XCTUnwrap(try written().first { $0.subject == "订单 \(number) 已改签" })
        XCTAssertTrue(mail.text.contains("新的电子客票见订单页面"), mail.text)
    }

    func testADelayNoticeIsMailedWithItsMinutes() throws {
        let userID = try XCTUnwrap(
            try client.application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = 'li_lei'") }?.int64("id"))
        let now = client.application.clock.now()
        try client.application.database.write { db in
            try Notice.send("notice_run_delayed", arguments: ["G101", "2026-12-08", "25"], to: [userID], now: now, in: db)
        }
        let mail = try XCTUnwrap(try written().first { $0.subject.contains("G101") })
        XCTAssertTrue(mail.subject.contains("25"), mail.subject)
        XCTAssertTrue(mail.text.contains(mail.subject), "the notice's text is the mail's news")
    }

    func testNoticesAreMailedByTopicUnlessTheTravellerTurnedTheTopicOff() throws {
        let userID = try XCTUnwrap(
            try client.application.database.read { try $0.queryOne("SELECT id FROM users WHERE account = 'li_lei'") }?.int64("id"))
        let now = client.application.clock.now()
        try client.application.database.write { db in
            try Notice.send("notice_complaint_answered", arguments: ["C1"], to: [userID], link: "/complaints/1", now: now, in: db)
            try Notice.send("notice_passenger_removed_by_owner", arguments: ["韩梅梅", "李雷"], to: [userID], now: now, in: db)
        }
        XCTAssertEqual(try ids("notice"), 1, "a notice of a mailed topic only")
        let settings = try client.get("/me/email")
        var topics = try settings.document().form(action: "/me/email/topics")
        try topics.uncheck("topic", value: "support")
        _ = try client.submit(topics, from: settings)
        try client.application.database.write { db in
            try Notice.send("notice_complaint_answered", arguments: ["C2"], to: [userID], link: "/complaints/2", now: now, in: db)
        }
        XCTAssertEqual(try ids("notice"), 1, "a topic turned off is not mailed")
        try client.application.database.write { db in
            try PasswordChange.apply(passwordHash: "x", for: try XCTUnwrap(try User.find(id: userID, in: db)), keeping: nil, now: now, in: db)
        }
        XCTAssertEqual(try ids("password_changed"), 1, "security mail cannot be turned off")
    }

    func testAdministratorsSeeEachMailWithItsState() throws {
        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        let admin = client!
        _ = try written()
        try AdminFixtures.assertAdminOnly("/admin/mail", admin: admin)
        let page = try admin.get("/admin/mail").document()
        XCTAssertEqual(page.node("//tr[@data-kind='address_confirmation']")?.attribute("data-state"), "sent")
        XCTAssertTrue((page.text("//*[@data-mail-destination]") ?? "").hasPrefix("folder "))
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/mail']"))
    }
}
