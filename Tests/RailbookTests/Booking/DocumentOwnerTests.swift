import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Nobody can block my trips with my document number: another account may save my registered
/// document only under my registered name, my My page lists and removes the accounts that hold me,
/// and another account's unpaid hold for me gives way when I book the same time myself. Tickets
/// paid for me by someone else still count.
final class DocumentOwnerTests: XCTestCase {
    /// 李雷, whose resident ID is registered to his own account.
    private var owner: TestClient!
    private let me = AccountFixtures.Person()
    private var stranger: TestClient!

    override func setUpWithError() throws {
        owner = try BookingFixtures.traveller()
        stranger = try WaitlistFixtures.member("wang_wei", name: "王伟", sequence: "301", mobile: "13700000001", on: owner.application)
    }

    /// Saves my document on `client`'s passenger list under `name`; returns the page it leads to.
    private func saveMe(as name: String, with client: TestClient) throws -> TestResponse {
        try BookingFixtures.savePassenger(
            [
                "name": name, "certificate_type": "resident_id", "certificate_number": me.certificateNumber,
                "passenger_type": "adult",
            ], with: client)
    }

    private func myEntry(on client: TestClient) throws -> Int64 {
        let list = try client.get("/me/passengers").document()
        let node = try XCTUnwrap(list.nodes("//li[@data-passenger]").last)
        return try XCTUnwrap(Int64(node.attribute("data-passenger") ?? ""))
    }

    private func orderStatus(_ target: String, with client: TestClient) throws -> String? {
        try client.get(target).document().node("//section[@data-order]")?.attribute("data-status")
    }

    private func liveOverlaps() throws -> [String] {
        try owner.application.database.read { try BookingInvariants.orderProblems(in: $0) }
    }

    // MARK: Only under my name

    func testAnotherAccountMaySaveMyDocumentOnlyUnderMyRegisteredName() throws {
        let refused = try saveMe(as: "张三", with: stranger)
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(
            try refused.document().text("//p[@id='field-name-error']"),
            "该证件已由本人注册账号：姓名须与其注册的姓名一致。")
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])

        let id = try myEntry(on: stranger)
        let edit = try stranger.get("/me/passengers/\(id)/edit")
        var form = try edit.document().form(action: "/me/passengers/\(id)")
        try form.fill("name", "李 雷")
        let renamed = try stranger.submit(form, from: edit)
        XCTAssertEqual(renamed.status, .unprocessableContent, "exactly the registered name")
        XCTAssertEqual(try renamed.document().text("//p[@id='field-name-error']"), "该证件已由本人注册账号：姓名须与其注册的姓名一致。")
    }

    func testTheBookPagesAddPassengerFormSaysSoAndHoldsNothing() throws {
        let page = try BookingFixtures.bookPage(with: stranger)
        var form = try page.document().form(action: "/orders")
        try form.fill("new_name", "张三")
        try form.fill("new_certificate_number", me.certificateNumber)
        let refused = try stranger.submit(form, from: page)
        XCTAssertEqual(refused.status, .unprocessableContent)
        let name = try XCTUnwrap(try refused.document().node("//input[@name='new_name']"))
        let errorID = try XCTUnwrap(name.attribute("aria-describedby")?.split(separator: " ").last.map(String.init))
        XCTAssertEqual(try refused.document().text("//*[@id='\(errorID)']"), "该证件已由本人注册账号：姓名须与其注册的姓名一致。")
        let counts = try owner.application.database.read { db in
            (try db.queryOne("SELECT COUNT(*) AS n FROM passengers")!.int("n"), try db.queryOne("SELECT COUNT(*) AS n FROM tickets")!.int("n"))
        }
        XCTAssertEqual(counts.0, 2, "only the two account holders")
        XCTAssertEqual(counts.1, 0)
    }

    func testAnOldEntryUnderAnotherNameCannotBeBooked() throws {
        let early = try TestSite.makeClient()
        try TimetableFixtures.load(into: early.application)
        let stranger = try WaitlistFixtures.member("wang_wei", name: "王伟", sequence: "301", mobile: "13700000001", on: early.application)
        XCTAssertEqual(try saveMe(as: "张三", with: stranger).redirects, ["/me/passengers?saved=1"], "not registered yet")
        try AccountFixtures.register(me, with: TestClient(application: early.application))
        let entry = try myEntry(on: stranger)
        let refused = try BookingFixtures.book(try BookingFixtures.bookPage(with: stranger), passengers: [entry], with: stranger)
        XCTAssertEqual(refused.status, .conflict)
        XCTAssertEqual(try refused.document().text("//div[@role='alert']/p[1]"), "张三 的证件已由本人注册账号，姓名须与其注册的姓名一致。")
    }

    // MARK: My page lists who holds me

    func testMyPageListsTheAccountsHoldingMeAndRemovesThem() throws {
        XCTAssertNil(try owner.get("/me").document().node("//section[@id='holders']"), "nobody holds me yet")
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let entry = try myEntry(on: stranger)
        let paid = try BookingFixtures.book(try BookingFixtures.bookPage(with: stranger), passengers: [entry], with: stranger)
        try RefundFixtures.markPaid(paid.target, in: owner.application)

        let page = try owner.get("/me")
        let holder = try XCTUnwrap(try page.document().node("//section[@id='holders']//li[@data-holder='\(entry)']"))
        XCTAssertEqual(holder.text(".//span[@class='holder__account']"), "wa***i")
        XCTAssertEqual(holder.node(".//time")?.attribute("datetime"), ChinaTime.today().description)
        XCTAssertNil(try page.document().node("//*[contains(., 'wang_wei')]"), "the account name is masked")

        let removed = try owner.submit(try page.document().form(action: "/me/holders/\(entry)/remove"), from: page)
        XCTAssertEqual(removed.redirects, ["/me?holder_removed=1"])
        XCTAssertEqual(try removed.document().text("//p[@role='status']"), "已从该账号的常用联系人中移除。")
        XCTAssertNil(try removed.document().node("//li[@data-holder]"))
        XCTAssertEqual(try stranger.get("/me/passengers").document().count("//li[@data-passenger]"), 1, "only 王伟 himself is left")
        XCTAssertEqual(try orderStatus(paid.target, with: stranger), "paid")
        XCTAssertEqual(
            try stranger.get(paid.target).document().node("//li[@data-ticket]")?.attribute("data-status"), "issued",
            "tickets already issued are untouched")
    }

    func testOnlyTheOwnerRemovesAnEntryAndOnlyWithTheToken() throws {
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let entry = try myEntry(on: stranger)
        let third = try WaitlistFixtures.member("zhao_m", name: "赵敏", sequence: "302", mobile: "13700000002", on: owner.application)
        let csrf = try XCTUnwrap(try third.get("/me/passengers/new").document().form(action: "/me/passengers").value("csrf"))
        XCTAssertEqual(try third.post("/me/holders/\(entry)/remove", fields: [("csrf", csrf)]).status, .notFound)
        XCTAssertEqual(try owner.post("/me/holders/\(entry)/remove", fields: []).status, .forbidden)
        let ownEntry = try BookingFixtures.holderID(owner)
        let ownCSRF = try XCTUnwrap(try owner.get("/me/passengers/new").document().form(action: "/me/passengers").value("csrf"))
        XCTAssertEqual(try owner.post("/me/holders/\(ownEntry)/remove", fields: [("csrf", ownCSRF)]).status, .notFound)
        XCTAssertEqual(try stranger.get("/me/passengers").document().count("//li[@data-passenger]"), 2)
    }

    // MARK: Holds give way to the owner

    func testAStrangersUnpaidHoldGivesWayWhenIBookTheSameTime() throws {
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let meThere = try myEntry(on: stranger)
        let companion = try BookingFixtures.addPassenger("王小伟", sequence: "311", with: stranger)
        let hold = try BookingFixtures.book(try BookingFixtures.bookPage(with: stranger), passengers: [meThere, companion], with: stranger)
        XCTAssertTrue(hold.target.hasPrefix("/orders/E"), hold.target)
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 1, with: owner), "538")

        let mine = try BookingFixtures.book(try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: owner), with: owner)
        XCTAssertTrue(mine.target.hasPrefix("/orders/E"), "my booking goes through: \(mine.target)")
        XCTAssertEqual(try orderStatus(hold.target, with: stranger), "displaced")
        XCTAssertEqual(
            try stranger.get(hold.target).document().nodes("//li[@data-ticket]").compactMap { $0.attribute("data-status") },
            ["released", "released"])
        XCTAssertEqual(try RefundFixtures.seatsLeft(daysAhead: 1, with: owner), "540", "its seats are free again")
        XCTAssertNil(try stranger.get(hold.target).document().node("//form[contains(@action, '/pay')]"), "nothing left to pay")
        let notice = try XCTUnwrap(try stranger.get("/me").document().node("//li[@data-key='notice_order_displaced']"))
        XCTAssertEqual(notice.text, "新 订单 \(hold.target.dropFirst(8)) 已撤销：乘车人 李雷 本人已预订同一时间的行程，座位已释放。")
        XCTAssertEqual(notice.node(".//a")?.attribute("href"), hold.target)
        XCTAssertEqual(try liveOverlaps(), [])
    }

    func testATicketPaidForMeBySomeoneElseStillClashes() throws {
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let paid = try BookingFixtures.book(try BookingFixtures.bookPage(with: stranger), passengers: [try myEntry(on: stranger)], with: stranger)
        try RefundFixtures.markPaid(paid.target, in: owner.application)
        let mine = try BookingFixtures.book(try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: owner), with: owner)
        XCTAssertEqual(mine.status, .conflict)
        XCTAssertEqual(try mine.document().text("//div[@role='alert']/p[1]"), "李雷 已有同一时间段的车票。")
        XCTAssertEqual(try orderStatus(paid.target, with: stranger), "paid")
    }

    func testOnlyTheOwnerFromTheirOwnAccountOverridesAHold() throws {
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let hold = try BookingFixtures.book(try BookingFixtures.bookPage(with: stranger), passengers: [try myEntry(on: stranger)], with: stranger)
        let family = try WaitlistFixtures.member("li_ma", name: "李妈", sequence: "402", mobile: "13700000003", on: owner.application)
        XCTAssertEqual(try saveMe(as: "李雷", with: family).redirects, ["/me/passengers?saved=1"])
        let theirs = try BookingFixtures.book(
            try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: family),
            passengers: [try myEntry(on: family)], with: family)
        XCTAssertEqual(theirs.status, .conflict)
        XCTAssertEqual(try orderStatus(hold.target, with: stranger), "unpaid")
    }

    func testAStrangersHoldGivesWayWhenMyWaitlistIsServed() throws {
        let seller = try WaitlistFixtures.member("zhao_m", name: "赵敏", sequence: "302", mobile: "13700000002", on: owner.application)
        let released = try WaitlistFixtures.sellOutAround(seats: 1, booker: seller)
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let hold = try BookingFixtures.book(
            try BookingFixtures.bookPage(train: "G103", from: "甲城", to: "乙城", with: stranger),
            passengers: [try myEntry(on: stranger)], with: stranger)
        XCTAssertTrue(hold.target.hasPrefix("/orders/E"), hold.target)

        let waiting = try WaitlistFixtures.joinAndPay(with: owner)
        XCTAssertEqual(try WaitlistFixtures.state(waiting.target, with: owner).status, "waiting", "the hold does not block my waitlist")
        try WaitlistFixtures.cancel(released, with: seller)
        XCTAssertEqual(try WaitlistFixtures.state(waiting.target, with: owner).status, "fulfilled")
        XCTAssertEqual(try orderStatus(hold.target, with: stranger), "displaced")
        XCTAssertEqual(try liveOverlaps(), [])
    }

    func testAStrangersHoldGivesWayWhenIChangeMyTicketToTheSameTime() throws {
        let paid = try RefundFixtures.paidTicket(daysAhead: 3, with: owner)
        XCTAssertEqual(try saveMe(as: "李雷", with: stranger).redirects, ["/me/passengers?saved=1"])
        let hold = try BookingFixtures.book(
            try BookingFixtures.bookPage(date: ChinaTime.today().adding(days: 4), with: stranger),
            passengers: [try myEntry(on: stranger)], with: stranger)
        XCTAssertTrue(hold.target.hasPrefix("/orders/E"), hold.target)
        let runID = try TimetableFixtures.runID(owner.application, train: "G101", date: ChinaTime.today().adding(days: 4))
        let confirm = try owner.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=second")
        let changed = try owner.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm)
        XCTAssertEqual(changed.redirects.first, paid.order + "?changed=1")
        XCTAssertEqual(try orderStatus(hold.target, with: stranger), "displaced")
        XCTAssertEqual(try liveOverlaps(), [])
    }
}
