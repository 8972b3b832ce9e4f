import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Notices on the My page (and the header's unread count) for what happens to a traveller's orders:
/// every payment that went through, a waitlist served or refunded (with the reason), an answer from
/// the complaint desk, a shop order accepted, rejected or refunded. Each names the order and the
/// amount, in the page's language, and links to what it is about.
final class EventNoticesTests: XCTestCase {
    /// One notice as the My page shows it.
    struct Shown: Equatable {
        let key: String
        let text: String
        let link: String?
    }

    /// The notices on `client`'s My page, newest first (opening it marks them read).
    private func notices(_ client: TestClient, language: String = "zh-CN") throws -> [Shown] {
        var headers = Headers()
        headers.add("Accept-Language", language)
        return try client.get("/me", headers: headers).document().nodes("//ul[@class='notices']/li").map { node in
            Shown(
                key: node.attribute("data-key") ?? "", text: node.node(".//a")?.text ?? node.text,
                link: node.node(".//a")?.attribute("href"))
        }
    }

    private func unreadCount(_ client: TestClient) throws -> String? {
        try client.get("/").document().node("//span[@data-unread-notices]")?.attribute("data-unread-notices")
    }

    // MARK: Payments

    func testAPaidTicketOrderIsNoticed() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        XCTAssertNil(try unreadCount(client))
        _ = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
        XCTAssertEqual(try unreadCount(client), "1")
        let number = String(order.target.dropFirst(8))
        XCTAssertEqual(
            try notices(client),
            [
                Shown(
                    key: "notice_paid_ticket_order", text: "订单 \(number) 已支付 ¥276，车票已出票。",
                    link: order.target)
            ])
        XCTAssertEqual(try notices(client, language: "en").first?.text, "Order \(number) is paid (¥276): the tickets are issued.")
    }

    func testAPaidShopOrderIsNoticedAndSoIsTheMerchantsAcceptance() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let order = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let number = ShopOrderFixtures.number(order)
        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/shop/merchant")
        _ = try admin.submit(try desk.document().form(action: order.target + "/accept"), from: desk)
        let shown = try notices(client)
        XCTAssertEqual(
            shown.prefix(2),
            [
                Shown(key: "notice_shop_order_accepted", text: "商城订单 \(number) 商家已接单。", link: order.target),
                Shown(key: "notice_paid_shop_order", text: "商城订单 \(number) 已支付 ¥30，等待商家接单。", link: order.target),
            ])
        XCTAssertEqual(shown.last?.key, "notice_paid_ticket_order")
    }

    func testARejectedShopOrderAndOneNotAcceptedInTimeAreNoticedWithTheRefund() throws {
        let client = try ShopOrderFixtures.traveller()
        let ticketID = try ShopOrderFixtures.ticket(with: client)
        try ShopOrderFixtures.fillCart(quantity: 2, with: client)
        let rejected = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/shop/merchant")
        _ = try admin.submit(try desk.document().form(action: rejected.target + "/reject"), from: desk)
        XCTAssertEqual(
            try notices(client).first,
            Shown(
                key: "notice_shop_order_rejected",
                text: "商城订单 \(ShopOrderFixtures.number(rejected)) 未被商家接单，已退款 ¥30。",
                link: rejected.target))

        try ShopOrderFixtures.fillCart(quantity: 1, with: client)
        let late = try ShopOrderFixtures.paidOrder(ticket: ticketID, with: client)
        client.application.wait(seconds: client.application.configuration.deadlines.acceptSeconds)
        client.application.runJobsNow()
        XCTAssertEqual(
            try notices(client).first,
            Shown(
                key: "notice_shop_order_refunded_not_accepted",
                text: "商城订单 \(ShopOrderFixtures.number(late)) 商家未在 10 分钟内接单，已退款 ¥15。",
                link: late.target))
    }

    func testAPaidChangeDifferenceIsNoticed() throws {
        let client = try BookingFixtures.traveller()
        let paid = try RefundFixtures.paidTicket(with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "G101", date: ChinaTime.today().adding(days: 3))
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=first")
        let provider = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        _ = try PaymentFixtures.press("confirm", on: provider, with: client)
        XCTAssertEqual(
            try notices(client).first,
            Shown(
                key: "notice_paid_change",
                text: "订单 \(paid.order.dropFirst(8)) 的改签差价 ¥168 已支付，已改签。",
                link: paid.order))
    }

    // MARK: Waitlists

    func testAWaitlistPrepaymentAndItsServingAreNoticed() throws {
        let seller = try BookingFixtures.traveller()
        let order = try WaitlistFixtures.sellOutAround(seats: 1, booker: seller)
        let member = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: seller.application)
        let waitlist = try WaitlistFixtures.joinAndPay(with: member)
        let number = String(waitlist.target.dropFirst("/waitlist/".count).prefix { $0 != "?" })
        XCTAssertEqual(
            try notices(member),
            [
                Shown(
                    key: "notice_paid_waitlist", text: "候补订单 \(number) 已预付 ¥276，正在排队候补。",
                    link: "/waitlist/" + number)
            ])
        try WaitlistFixtures.cancel(order, with: seller)
        let served = try XCTUnwrap(try member.get(waitlist.target).document().node("//a[@data-order]")?.attribute("data-order"))
        XCTAssertEqual(
            try notices(member).first,
            Shown(
                key: "notice_waitlist_fulfilled",
                text: "候补订单 \(number) 已兑现：G101 \(ChinaTime.today().adding(days: 1)) 的车票已出票。",
                link: "/orders/" + served))
        XCTAssertEqual(
            try notices(member, language: "en").first?.text,
            "Waitlist \(number) was served: your tickets for G101 on \(ChinaTime.today().adding(days: 1)) are issued.")
    }

    func testWaitlistRefundsAreNoticedWithTheReason() throws {
        let client = try BookingFixtures.traveller()
        let application = client.application
        try TimetableFixtures.sellAll(application, runID: try WaitlistFixtures.runID(client), seatClass: .second, from: 0, to: 2)
        let cancelled = try WaitlistFixtures.joinAndPay(with: client)
        let first = String(cancelled.target.dropFirst("/waitlist/".count).prefix { $0 != "?" })
        let page = try client.get(cancelled.target)
        _ = try client.submit(try page.document().form(action: "/waitlist/\(first)/cancel"), from: page)
        XCTAssertEqual(
            try notices(client).first,
            Shown(
                key: "notice_waitlist_refunded_cancelled",
                text: "候补订单 \(first) 已取消，已退款 ¥276。", link: "/waitlist/" + first))

        let deadline = try WaitlistFixtures.joinAndPay(with: client)
        let second = String(deadline.target.dropFirst("/waitlist/".count).prefix { $0 != "?" })
        try client.keepBrowsing("/", until: try WaitlistFixtures.deadline(of: second, in: application))
        application.runJobsNow()
        XCTAssertEqual(
            try notices(client).first,
            Shown(
                key: "notice_waitlist_refunded_deadline",
                text: "候补订单 \(second) 到截止时间仍未兑现，已退款 ¥276。", link: "/waitlist/" + second))
    }

    func testARunCancellationRefundsTheWaitlistWithItsOwnNotice() throws {
        let client = try BookingFixtures.traveller()
        let runID = try WaitlistFixtures.runID(client)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)
        let waitlist = try WaitlistFixtures.joinAndPay(with: client)
        let number = String(waitlist.target.dropFirst("/waitlist/".count).prefix { $0 != "?" })
        let admin = try ShopOrderFixtures.admin(of: client)
        let confirmation = try admin.get("/admin/runs/\(runID)/cancel")
        _ = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)
        let keys = try notices(client).map(\.key)
        XCTAssertTrue(keys.contains("notice_run_cancelled"), "\(keys)")
        XCTAssertEqual(
            try notices(client).first { $0.key == "notice_waitlist_refunded_run_cancelled" },
            Shown(
                key: "notice_waitlist_refunded_run_cancelled", text: "候补订单 \(number) 因车次停运已退款 ¥276。",
                link: "/waitlist/" + number))
    }

    // MARK: Complaints

    func testAnAnswerFromTheComplaintDeskIsNoticed() throws {
        let client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        let form = try client.get("/complaints/new?order=" + order.target.dropFirst(8))
        var filled = try form.document().form(action: "/complaints")
        try filled.fill("category", "delay")
        try filled.fill("text", "G101 晚点两个小时，没有广播。")
        let filed = try client.submit(filled, from: form)
        let number = String(try XCTUnwrap(filed.target.split(separator: "?").first?.split(separator: "/").last))
        XCTAssertEqual(try notices(client), [], "filing it is not news")

        let admin = try ShopOrderFixtures.admin(of: client)
        let desk = try admin.get("/complaints/" + number)
        var reply = try desk.document().form(action: "/complaints/\(number)/staff-reply")
        try reply.fill("text", "您好，已核实晚点情况。")
        _ = try admin.submit(reply, from: desk)
        XCTAssertEqual(try unreadCount(client), "1")
        XCTAssertEqual(
            try notices(client),
            [
                Shown(
                    key: "notice_complaint_answered", text: "您的投诉 \(number) 有新的客服答复。",
                    link: "/complaints/" + number)
            ])
        XCTAssertEqual(try notices(admin).map(\.key), [], "the desk is not told about its own answer")
    }
}
