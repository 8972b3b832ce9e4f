import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// Complaints (投诉) at `/complaints`: filed by a traveller about their own order, answered by the
/// service desk (administrators) in a thread, resolved for good.
final class ComplaintsTests: XCTestCase {
    var client: TestClient!
    var orderNumber = ""
    let delay: [String: String] = [
        "category": "delay", "text": "G101 晚点两个小时，\r\n车上没有任何广播说明。", "contact_preference": "phone",
    ]

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
        let order = try BookingFixtures.book(try BookingFixtures.bookPage(with: client), with: client)
        orderNumber = String(try XCTUnwrap(order.target.split(separator: "/").last))
    }

    func testFileAComplaintFromTheOrderPageThenSeeItInTheListAndItsThread() throws {
        let orderPage = try client.get("/orders/" + orderNumber).document()
        let link = try XCTUnwrap(orderPage.node("//a[.='投诉此订单']")?.attribute("href"))
        XCTAssertEqual(link, "/complaints/new?order=" + orderNumber)
        let page = try client.get(link)
        let document = try page.document()
        XCTAssertEqual(document.text("//h1"), "提交投诉")
        let form = try document.form(action: "/complaints")
        XCTAssertEqual(form.method, "POST")
        XCTAssertEqual(form.controlNames, ["csrf", "order", "category", "text", "contact_preference"])
        XCTAssertEqual(form.value("order"), orderNumber, "the order is chosen")
        XCTAssertEqual(
            document.text("//select[@name='order']/option[@selected]"), "\(orderNumber) · 车票订单 · G101 \(ChinaTime.today().adding(days: 1))")
        XCTAssertEqual(
            document.nodes("//select[@name='category']/option").compactMap { $0.attribute("value") },
            ["", "delay", "seat", "service", "food", "refund", "other"])
        XCTAssertEqual(form.value("contact_preference"), "none")
        XCTAssertEqual(document.text("//label[@for='field-contact-preference']"), "联系方式 （选填）")
        XCTAssertEqual(document.text("//p[@id='field-contact-preference-hint']"), "除在此答复外，我们还可以致电或发短信至您账户的手机号码 138****5678。")

        var filled = form
        for (name, value) in delay { try filled.fill(name, value) }
        let filed = try client.submit(filled, from: page)
        XCTAssertEqual(filed.status, .ok)
        let number = try complaintNumber(filed)
        XCTAssertNotNil(number.wholeMatch(of: /C[0-9]{9}/), number)
        XCTAssertEqual(filed.redirects, ["/complaints/\(number)?filed=1"])
        let shown = try filed.document()
        let section = try XCTUnwrap(shown.node("//section[@data-complaint]"))
        XCTAssertEqual(section.attribute("data-complaint"), number)
        XCTAssertEqual(section.attribute("data-status"), "submitted")
        XCTAssertEqual(section.attribute("data-order"), orderNumber)
        XCTAssertEqual(section.attribute("data-category"), "delay")
        XCTAssertEqual(shown.text("//h1"), "投诉 \(number)")
        XCTAssertEqual(shown.text("//p[@role='status']"), "您的投诉已提交，我们会在此答复。")
        XCTAssertEqual(shown.node("//dd/a[.='\(orderNumber)']")?.attribute("href"), "/orders/" + orderNumber)
        XCTAssertEqual(shown.text("//dt[.='联系方式']/following-sibling::dd"), "电话联系我")
        XCTAssertEqual(try thread(shown), [Message(author: "customer", name: "您", text: "G101 晚点两个小时，\n车上没有任何广播说明。")])
        XCTAssertNotNil(try? shown.form(action: "/complaints/\(number)/replies"), "the customer may add to it")
        XCTAssertNil(shown.node("//form[@action='/complaints/\(number)/staff-reply']"), "no desk for travellers")

        let list = try client.get("/complaints").document()
        let row = try XCTUnwrap(list.node("//li[@data-complaint='\(number)']"))
        XCTAssertEqual(row.attribute("data-status"), "submitted")
        XCTAssertEqual(row.attribute("data-order"), orderNumber)
        XCTAssertEqual(list.node("//li[@data-complaint='\(number)']//a")?.attribute("href"), "/complaints/" + number)
        XCTAssertEqual(list.text("//li[@data-complaint='\(number)']//span[contains(@class,'order-row__status')]"), "已提交")
        XCTAssertEqual(
            try stored(),
            [
                Stored(
                    number: number, subjectKind: "ticket_order", subjectNumber: orderNumber, category: "delay",
                    status: "submitted", contactPreference: "phone", messages: 1)
            ])

        let me = try client.get("/me").document()
        XCTAssertEqual(me.node("//a[span[@class='hub-tile__label']='我的投诉']")?.attribute("href"), "/complaints")
    }

    func testTheListShowsTheNewestFirstAndAnEmptyListSaysSo() throws {
        XCTAssertEqual(try client.get("/complaints").document().text("//p[@class='empty']"), "您还没有提交过投诉。")
        let first = try complaintNumber(try file(delay))
        let second = try complaintNumber(try file(delay.merging(["category": "seat", "text": "座位靠背坏了，无法调节。"]) { $1 }))
        let list = try client.get("/complaints").document()
        XCTAssertEqual(list.nodes("//li[@data-complaint]").compactMap { $0.attribute("data-complaint") }, [second, first])
        XCTAssertNotNil(list.node("//a[@href='/complaints/new']"))
    }

    func testEachBadInputShowsAMessageNextToTheFieldAndKeepsTheValues() throws {
        let other = try otherTraveller()
        let othersOrder = String(
            try XCTUnwrap(
                try BookingFixtures.book(try BookingFixtures.bookPage(with: other), with: other)
                    .target.split(separator: "/").last))
        let orderMessage = "请选择您的一个订单。"
        let values = delay.merging(["order": orderNumber]) { $1 }
        let cases: [(changes: [String: String], field: String, message: String)] = [
            (["order": ""], "order", orderMessage),
            (["order": othersOrder], "order", orderMessage),
            (["order": "E000000000"], "order", orderMessage),
            (["order": "C123"], "order", orderMessage),
            (["category": ""], "category", "请选择投诉类型。"),
            (["category": "lost_luggage"], "category", "请选择投诉类型。"),
            (["text": "太慢了"], "text", "请用 10–2000 个字描述问题。"),
            (["text": "  一二三四五六七八九  "], "text", "请用 10–2000 个字描述问题。"),
            (["text": String(repeating: "长", count: 2001)], "text", "请用 10–2000 个字描述问题。"),
            (["contact_preference": "fax"], "contact_preference", "请选择联系方式。"),
        ]
        for (changes, field, message) in cases {
            let sent = values.merging(changes) { $1 }
            let response = try file(sent)
            XCTAssertEqual(response.status, .unprocessableContent, "\(changes)")
            let document = try response.document()
            let id = "field-" + field.replacingOccurrences(of: "_", with: "-")
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, "\(changes)")
            XCTAssertEqual(document.node("//*[@id='\(id)']")?.attribute("aria-invalid"), "true", field)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong: \(changes)")
            XCTAssertEqual(document.text("//p[@role='alert']"), "部分信息需要修改，请更正后重新提交。")
            let form = try document.form(action: "/complaints")
            for (name, value) in sent where name != field {
                XCTAssertEqual(form.value(name), name == "text" ? ComplaintForm.normalized(value) : value, "\(name) kept when \(field) is wrong")
            }
            if field == "text" { XCTAssertEqual(form.value("text"), sent["text"]!.trimmingCharacters(in: .whitespaces), "text kept") }
            XCTAssertFalse(
                document.nodes("//select[@name='order']/option").contains { $0.attribute("value") == othersOrder },
                "another user's order is never shown")
        }
        XCTAssertEqual(try stored().count, 0, "nothing was stored")
        XCTAssertEqual(try file(values.merging(["text": "一二三四五六七八九十"]) { $1 }).status, .ok, "exactly 10 characters")
        XCTAssertEqual(try file(values.merging(["text": String(repeating: "长", count: 2000)]) { $1 }).status, .ok, "exactly 2000")
        XCTAssertEqual(try stored().count, 2)
    }

    func testAskingForAnotherUsersOrderPreselectsNothing() throws {
        let other = try otherTraveller()
        try BookingFixtures.book(try BookingFixtures.bookPage(with: other), with: other)
        let document = try other.get("/complaints/new?order=" + orderNumber).document()
        XCTAssertEqual(try document.form(action: "/complaints").value("order"), "")
        XCTAssertFalse(document.nodes("//select[@name='order']/option").contains { $0.attribute("value") == orderNumber })
    }

    func testAComplaintAboutAShopOrder() throws {
        let shopOrder = try placeShopOrder(number: "S1234567890")
        let page = try client.get("/complaints/new?order=" + shopOrder).document()
        XCTAssertEqual(page.text("//select[@name='order']/option[@selected]"), "S1234567890 · 商城订单 · 乙城站美食")
        XCTAssertEqual(
            page.nodes("//select[@name='order']/option").compactMap { $0.attribute("value") }, ["", "S1234567890", orderNumber],
            "newest first, both kinds")
        let filed = try file(delay.merging(["order": shopOrder, "category": "food", "text": "盐水鸭送到时已经凉了。"]) { $1 })
        let number = try complaintNumber(filed)
        let document = try filed.document()
        XCTAssertEqual(document.node("//section[@data-complaint]")?.attribute("data-subject-kind"), "shop_order")
        XCTAssertEqual(document.node("//dd/a[.='S1234567890']")?.attribute("href"), "/shop/orders/S1234567890")
        XCTAssertEqual(try stored().map(\.subjectKind), ["shop_order"])
        XCTAssertEqual(try client.get("/complaints").document().node("//li[@data-complaint='\(number)']")?.attribute("data-order"), shopOrder)

        let other = try otherTraveller()
        try BookingFixtures.book(try BookingFixtures.bookPage(with: other), with: other)
        let refused = try file(delay.merging(["order": shopOrder]) { $1 }, with: other)
        XCTAssertEqual(refused.status, .unprocessableContent, "another user's shop order")
        XCTAssertEqual(try refused.document().text("//p[@id='field-order-error']"), "请选择您的一个订单。")
    }

    func testCallsAndTextsNeedAMobileNumber() throws {
        _ = try client.application.database.write { try $0.run("UPDATE users SET mobile = NULL") }
        let page = try client.get("/complaints/new?order=" + orderNumber).document()
        XCTAssertEqual(page.text("//p[@id='field-contact-preference-hint']"), "您的账户没有手机号码，我们将在网站上答复。")
        let refused = try file(delay.merging(["contact_preference": "sms"]) { $1 })
        XCTAssertEqual(refused.status, .unprocessableContent)
        XCTAssertEqual(
            try refused.document().text("//p[@id='field-contact-preference-error']"),
            "您的账户没有手机号码。请在个人信息中添加，或选择在网站上答复。")
        XCTAssertEqual(try file(delay.merging(["contact_preference": "none"]) { $1 }).status, .ok)
    }

    func testAUserWithoutOrdersIsPointedToFeedback() throws {
        let other = try otherTraveller()
        let document = try other.get("/complaints/new").document()
        XCTAssertNil(document.node("//form[@action='/complaints']"))
        XCTAssertNotNil(document.node("//p[@role='status']/a[@href='/feedback']"))
    }

    func testTheCustomerAddsToTheThread() throws {
        let number = try complaintNumber(try file(delay))
        let page = try client.get("/complaints/" + number)
        var form = try page.document().form(action: "/complaints/\(number)/replies")
        XCTAssertEqual(form.controlNames, ["csrf", "text"])
        try form.fill("text", "补充：\r\n后来列车又停了半小时。")
        let replied = try client.submit(form, from: page)
        XCTAssertEqual(replied.redirects, ["/complaints/\(number)?replied=1"])
        let document = try replied.document()
        XCTAssertEqual(document.text("//p[@role='status']"), "您的留言已添加。")
        XCTAssertEqual(try thread(document).map(\.text), ["G101 晚点两个小时，\n车上没有任何广播说明。", "补充：\n后来列车又停了半小时。"])
        XCTAssertEqual(try thread(document).map(\.author), ["customer", "customer"])
        XCTAssertEqual(document.node("//section[@data-complaint]")?.attribute("data-status"), "submitted", "a reply keeps the status")

        for text in ["   ", String(repeating: "长", count: 2001)] {
            let refused = try reply(text, to: number)
            XCTAssertEqual(refused.status, .unprocessableContent)
            let page = try refused.document()
            XCTAssertEqual(page.text("//p[@id='field-text-error']"), "请填写不超过 2000 个字的留言。")
            XCTAssertEqual(try page.form(action: "/complaints/\(number)/replies").value("text"), text.trimmingCharacters(in: .whitespaces))
            XCTAssertEqual(try thread(page).count, 2)
        }
    }

    func testAnotherUsersComplaintIs404() throws {
        let number = try complaintNumber(try file(delay))
        let other = try otherTraveller()
        let page = try other.get("/complaints/" + number)
        XCTAssertEqual(page.status, .notFound)
        _ = try page.document()
        XCTAssertEqual(try other.get("/complaints/C000000000").status, .notFound)
        let token = try XCTUnwrap(try other.get("/complaints").document().form(action: "/logout").value("csrf"))
        let replied = try other.post("/complaints/\(number)/replies", fields: [("csrf", token), ("text", "这不是我的投诉。")])
        XCTAssertEqual(replied.status, .notFound)
        _ = try replied.document()
        XCTAssertEqual(try other.get("/complaints").document().count("//li[@data-complaint]"), 0)
        XCTAssertEqual(try stored().first?.messages, 1)
    }

    func testVisitorsAreSentToLogin() throws {
        let visitor = TestClient(application: client.application)
        for target in ["/complaints", "/complaints/new?order=" + orderNumber, "/complaints/C000000000"] {
            let response = try visitor.get(target)
            XCTAssertEqual(response.redirects.first, "/login?next=" + PercentEncoding.encode(target), target)
            XCTAssertEqual(response.target.split(separator: "?").first, "/login")
            _ = try response.document()
        }
    }

    func testPostsWithoutTheCSRFFieldAreRefused() throws {
        let number = try complaintNumber(try file(delay))
        let admin = try administrator()
        let fields = [("order", orderNumber), ("category", "delay"), ("text", "没有令牌的投诉内容。")]
        for (browser, path) in [
            (client!, "/complaints"), (client!, "/complaints/\(number)/replies"),
            (admin, "/complaints/\(number)/staff-reply"), (admin, "/complaints/\(number)/status"),
        ] {
            let forged = try browser.post(path, fields: fields + [("csrf", "forged"), ("status", "resolved")])
            XCTAssertEqual(forged.status, .forbidden, path)
            _ = try forged.document()
            XCTAssertEqual(try browser.post(path, fields: fields + [("status", "resolved")]).status, .forbidden, path)
        }
        XCTAssertEqual(
            try stored(),
            [
                Stored(
                    number: number, subjectKind: "ticket_order", subjectNumber: orderNumber, category: "delay",
                    status: "submitted", contactPreference: "phone", messages: 1)
            ])
    }

    func testPagesInEnglish() throws {
        client.defaultHeaders.set("Accept-Language", "en")
        let form = try client.get("/complaints/new?order=" + orderNumber).document()
        XCTAssertEqual(form.text("//h1"), "File a complaint")
        XCTAssertEqual(form.text("//option[@value='food']"), "Food and onboard shop")
        let refused = try file(delay.merging(["text": "short"]) { $1 })
        XCTAssertEqual(try refused.document().text("//p[@id='field-text-error']"), "Please describe the problem in 10–2000 characters.")
        let page = try file(delay).document()
        XCTAssertEqual(page.text("//p[@role='status']"), "Your complaint has been filed. We will answer here.")
        XCTAssertEqual(page.text("//li[@data-author='customer']//strong"), "You")
        XCTAssertEqual(try client.get("/complaints").document().text("//h1"), "My complaints")
    }
}

// MARK: - Helpers

extension ComplaintsTests {
    struct Stored: Equatable {
        let number: String
        let subjectKind: String
        let subjectNumber: String
        let category: String
        let status: String
        let contactPreference: String
        let messages: Int
    }

    struct Message: Equatable {
        let author: String
        let name: String
        let text: String
    }

    /// Opens the form for the traveller's order, fills `values` and submits it; a value no option
    /// offers is sent as a hostile client would.
    func file(_ values: [String: String], with browser: TestClient? = nil) throws -> TestResponse {
        let browser = browser ?? client!
        let page = try browser.get("/complaints/new?order=" + orderNumber)
        var form = try page.document().form(action: "/complaints")
        var forced: [String: String] = [:]
        for (name, value) in values {
            do { try form.fill(name, value) } catch { forced[name] = value }
        }
        guard !forced.isEmpty else { return try browser.submit(form, from: page) }
        return try browser.post("/complaints", fields: form.fields.map { ($0.name, forced[$0.name] ?? $0.value) })
    }

    /// Puts a paid shop order from 乙城站美食 in the traveller's name straight into the database
    /// (placing one through checkout is the shop's own tests' business); returns its number.
    func placeShopOrder(number: String) throws -> String {
        try client.application.database.write { db in
            try ShopText.loadShops(ShopFixtures.shops, into: db)
            let shopID = try XCTUnwrap(try db.queryOne("SELECT id FROM shops WHERE code = 'yicheng'")).int64("id")
            let userID = try XCTUnwrap(try db.queryOne("SELECT id FROM users WHERE account = 'li_lei'")).int64("id")
            let now = Int64(ChinaTime.now() + 1)
            try db.run(
                """
                INSERT INTO shop_orders (number, user_id, shop_id, status, total_fen, delivery_kind, address, created_at, pay_deadline)
                VALUES (?, ?, ?, 'paid', 5800, 'address', '李雷 138****5678 甲城', ?, ?)
                """, [number, userID, shopID, now, now + 1800])
        }
        return number
    }

    /// Posts `text` as the traveller's reply, with the CSRF token of the thread page.
    func reply(_ text: String, to number: String) throws -> TestResponse {
        let page = try client.get("/complaints/" + number).document()
        let token = try XCTUnwrap(page.form(action: "/logout").value("csrf"))
        return try client.post("/complaints/\(number)/replies", fields: [("csrf", token), ("text", text)])
    }

    /// The complaint number of the page a filing led to.
    func complaintNumber(_ response: TestResponse) throws -> String {
        XCTAssertEqual(response.status, .ok, response.target)
        let path = try XCTUnwrap(response.target.split(separator: "?").first)
        XCTAssertTrue(path.hasPrefix("/complaints/C"), response.target)
        return String(try XCTUnwrap(path.split(separator: "/").last))
    }

    /// The thread of a complaint page, oldest first; texts exactly as written (line breaks kept).
    func thread(_ document: HTMLDocument) throws -> [Message] {
        document.nodes("//ol[@class='complaint-thread']/li").map { node in
            Message(
                author: node.attribute("data-author") ?? "", name: node.text(".//strong") ?? "",
                text: node.node("p[@class='complaint-message__text']")?.rawText ?? "")
        }
    }

    /// 韩梅梅, another traveller on the same site, without orders.
    func otherTraveller() throws -> TestClient {
        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "han_mm", name: "韩梅梅",
                certificateNumber: AccountFixtures.residentID(sequence: "224"),
                mobile: "13900000000", gender: "female"), with: other)
        return other
    }

    /// 王客服, a user given administrator authority.
    func administrator() throws -> TestClient {
        let admin = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "wang_kf", name: "王客服",
                certificateNumber: AccountFixtures.residentID(sequence: "336"),
                mobile: "13700000000", gender: "female"), with: admin)
        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'wang_kf'") }
        return admin
    }

    /// Every stored complaint, oldest first, with the number of messages in its thread.
    func stored() throws -> [Stored] {
        try client.application.database.read { db in
            try db.query(
                """
                SELECT c.number, c.subject_kind, c.subject_number, c.category, c.status, c.contact_preference,
                       (SELECT COUNT(*) FROM complaint_messages m WHERE m.complaint_id = c.id) AS messages
                FROM complaints c ORDER BY c.id
                """
            ).map { row in
                Stored(
                    number: try row.string("number"), subjectKind: try row.string("subject_kind"),
                    subjectNumber: try row.string("subject_number"), category: try row.string("category"),
                    status: try row.string("status"), contactPreference: try row.string("contact_preference"),
                    messages: try row.int("messages"))
            }
        }
    }
}
