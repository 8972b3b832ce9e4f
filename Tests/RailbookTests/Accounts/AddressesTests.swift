import HTMLTesting
import HTTP
import Railbook
import XCTest

/// Delivery addresses (收货地址) at `/me/addresses`, driven as a user through the pages.
final class AddressesTests: XCTestCase {
    private var client: TestClient!
    private let holder = AccountFixtures.Person()
    /// A Beijing address most tests add.
    private let home: [String: String] = [
        "recipient": "李雷", "phone": "13812345678", "province": "北京市", "city": "北京市",
        "district": "朝阳区", "detail": "建国路 88 号 3 单元 501", "postcode": "100022",
    ]

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
        try AccountFixtures.register(holder, with: client)
    }

    // MARK: Listing and adding

    func testMyPageLinksToAnEmptyList() throws {
        let page = try client.get("/me").document()
        let list = try client.get(try XCTUnwrap(page.node("//a[span[@class='hub-tile__label']='收货地址']")?.attribute("href")))
        XCTAssertEqual(list.target, "/me/addresses")
        let document = try list.document()
        XCTAssertEqual(document.text("//h1"), "收货地址")
        XCTAssertEqual(document.count("//li[@data-address]"), 0)
        XCTAssertEqual(document.text("//p[@class='passenger-summary']"), "已保存：0/20")
        XCTAssertEqual(document.text("//main//p[.='还没有收货地址。']"), "还没有收货地址。")
        XCTAssertNotNil(document.node("//a[@href='/me/addresses/new']"))
    }

    func testTheFirstAddressBecomesTheDefaultAndIsShownMasked() throws {
        let response = try add(home)
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.redirects, ["/me/addresses?saved=1"])
        let document = try response.document()
        XCTAssertEqual(document.text("//p[@role='status']"), "收货地址已保存。")
        let card = try XCTUnwrap(document.node("//li[@data-address]"))
        XCTAssertEqual(card.attribute("data-default"), "true")
        XCTAssertEqual(card.text(".//h2"), "李雷 默认")
        XCTAssertEqual(card.text(".//dt[.='联系电话']/following-sibling::dd"), "138****5678")
        XCTAssertEqual(card.text(".//dt[.='地址']/following-sibling::dd"), "北京市朝阳区 建国路 88 号 3 单元 501")
        XCTAssertEqual(card.text(".//dt[.='邮政编码']/following-sibling::dd"), "100022")
        XCTAssertNil(card.node(".//form[contains(@action, '/default')]"), "the default needs no 'make default' button")
        let id = try XCTUnwrap(card.attribute("data-address"))
        XCTAssertNotNil(card.node(".//a[@href='/me/addresses/\(id)/edit']"))
        XCTAssertNotNil(card.node(".//a[@href='/me/addresses/\(id)/delete']"))
    }

    func testLaterAddressesAreNotDefaultAndALandlineIsAccepted() throws {
        try add(home)
        let office = try add(
            home.merging([
                "recipient": "韩梅梅", "phone": "0755-1234567", "province": "广东省",
                "city": "深圳市", "district": "南山区", "detail": "科技园南路 1 号", "postcode": "",
            ]) { $1 })
        XCTAssertEqual(office.redirects, ["/me/addresses?saved=1"])
        let document = try office.document()
        XCTAssertEqual(document.nodes("//li[@data-address]//h2").map(\.text), ["李雷 默认", "韩梅梅"])
        XCTAssertEqual(document.count("//li[@data-default='true']"), 1)
        let card = try XCTUnwrap(document.node("//li[@data-address][2]"))
        XCTAssertNil(card.attribute("data-default"))
        XCTAssertEqual(card.text(".//dt[.='联系电话']/following-sibling::dd"), "0755-***4567")
        XCTAssertEqual(card.text(".//dt[.='地址']/following-sibling::dd"), "广东省深圳市南山区 科技园南路 1 号")
        XCTAssertNil(card.node(".//dt[.='邮政编码']"), "no postcode given")
        XCTAssertEqual(document.text("//p[@class='passenger-summary']"), "已保存：2/20")
    }

    func testASuccessfulPostAnswers303() throws {
        let page = try client.get("/me/addresses/new")
        var form = try page.document().form(action: "/me/addresses")
        for (name, value) in home { try form.fill(name, value) }
        let body = Array(try form.submission().urlencoded.utf8)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let response = try client.send(.post, "/me/addresses", headers: headers, body: body, followRedirects: false)
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers["Location"], "/me/addresses?saved=1")
    }

    func testTheFormHasLabelledFieldsInOrderWithTheMainlandProvinces() throws {
        let document = try client.get("/me/addresses/new").document()
        let form = try document.form(action: "/me/addresses")
        XCTAssertEqual(form.controlNames, ["csrf", "recipient", "phone", "province", "city", "district", "detail", "postcode"])
        XCTAssertEqual(form.value("province"), "")
        let provinces = document.nodes("//select[@name='province']/option").compactMap { $0.attribute("value") }
        XCTAssertEqual(provinces.count, 32, "a choose option and the 31 mainland divisions")
        XCTAssertEqual(Array(provinces.prefix(3)), ["", "北京市", "天津市"])
        XCTAssertTrue(provinces.contains("新疆维吾尔自治区"))
        XCTAssertEqual(document.text("//label[@for='field-postcode']"), "邮政编码 （选填）")
        XCTAssertEqual(document.text("//label[@for='field-detail']"), "详细地址")
    }

    func testSpacesAndHyphensInAMobileNumberAreDropped() throws {
        let document = try add(home.merging(["phone": " 138-1234 5678 ", "detail": "  建国路\t88 号  ", "postcode": "100 022"]) { $1 })
            .document()
        let id = try XCTUnwrap(document.node("//li[@data-address]")?.attribute("data-address"))
        let form = try client.get("/me/addresses/\(id)/edit").document().form(action: "/me/addresses/\(id)")
        XCTAssertEqual(form.value("phone"), "13812345678")
        XCTAssertEqual(form.value("detail"), "建国路 88 号")
        XCTAssertEqual(form.value("postcode"), "100022")
    }

    func testEachBadInputShowsAMessageNextToTheFieldAndKeepsTheValues() throws {
        let cases: [(values: [String: String], field: String, message: String)] = [
            (["recipient": "  "], "recipient", "请填写收货人姓名，最多 30 个字，且为一行。"),
            (["recipient": String(repeating: "李", count: 31)], "recipient", "请填写收货人姓名，最多 30 个字，且为一行。"),
            (["phone": ""], "phone", "请填写以 1 开头的 11 位手机号码，或带区号的固定电话，例如 010-12345678。"),
            (["phone": "2381234567"], "phone", "请填写以 1 开头的 11 位手机号码，或带区号的固定电话，例如 010-12345678。"),
            (["phone": "1381234567"], "phone", "请填写以 1 开头的 11 位手机号码，或带区号的固定电话，例如 010-12345678。"),
            (["phone": "01012345678"], "phone", "请填写以 1 开头的 11 位手机号码，或带区号的固定电话，例如 010-12345678。"),
            (["phone": "10-12345678"], "phone", "请填写以 1 开头的 11 位手机号码，或带区号的固定电话，例如 010-12345678。"),
            (["phone": "010-123456"], "phone", "请填写以 1 开头的 11 位手机号码，或带区号的固定电话，例如 010-12345678。"),
            (["province": ""], "province", "请选择省份。"),
            (["province": "台北市"], "province", "请选择省份。"),
            (["city": ""], "city", "请填写城市，最多 20 个字。"),
            (["city": String(repeating: "城", count: 21)], "city", "请填写城市，最多 20 个字。"),
            (["district": " "], "district", "请填写区/县，最多 20 个字。"),
            (["detail": "建国路"], "detail", "请填写详细地址，5–120 个字。"),
            (["detail": String(repeating: "路", count: 121)], "detail", "请填写详细地址，5–120 个字。"),
            (["postcode": "10002"], "postcode", "邮政编码为 6 位数字。"),
            (["postcode": "10002A"], "postcode", "邮政编码为 6 位数字。"),
        ]
        for (changes, field, message) in cases {
            let response = try add(home.merging(changes) { $1 })
            XCTAssertEqual(response.status, .unprocessableContent, "\(changes)")
            let document = try response.document()
            let id = "field-" + field
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, "\(changes)")
            XCTAssertEqual(document.node("//*[@id='\(id)']")?.attribute("aria-invalid"), "true", field)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong: \(changes)")
            XCTAssertEqual(document.text("//p[@role='alert']"), "部分信息需要修改，请更正后重新提交。")
            let form = try document.form(action: "/me/addresses")
            for (name, value) in home.merging(changes, uniquingKeysWith: { $1 }) where name != field {
                XCTAssertEqual(form.value(name), value, "\(name) kept when \(field) is wrong")
            }
            if field != "province" { XCTAssertEqual(form.value(field), changes[field]?.trimmingCharacters(in: .whitespaces), "\(field) kept") }
        }
        XCTAssertEqual(try addressIDs().count, 0, "nothing was saved")
    }

    // MARK: Editing, the default and deleting

    func testEditingAnAddressKeepsItsDefaultMark() throws {
        try add(home)
        let list = try client.get("/me/addresses")
        let id = try XCTUnwrap(addressIDs().first)
        let editPage = try client.get(try XCTUnwrap(list.document().node("//li[@data-address='\(id)']//a[.='编辑']")?.attribute("href")))
        let document = try editPage.document()
        XCTAssertEqual(document.text("//h1"), "编辑收货地址")
        var form = try document.form(action: "/me/addresses/\(id)")
        for (name, value) in home { XCTAssertEqual(form.value(name), value, name) }

        try form.fill("postcode", "1000")
        let invalid = try client.submit(form, from: editPage)
        XCTAssertEqual(invalid.status, .unprocessableContent)
        let retry = try invalid.document()
        XCTAssertEqual(retry.text("//p[@id='field-postcode-error']"), "邮政编码为 6 位数字。")
        form = try retry.form(action: "/me/addresses/\(id)")
        XCTAssertEqual(form.value("postcode"), "1000")

        try form.fill("postcode", "")
        try form.fill("province", "上海市")
        try form.fill("city", "上海市")
        try form.fill("district", "徐汇区")
        try form.fill("detail", "漕溪北路 1 号")
        let saved = try client.submit(form, from: invalid)
        XCTAssertEqual(saved.redirects, ["/me/addresses?saved=1"])
        let card = try XCTUnwrap(saved.document().node("//li[@data-address='\(id)']"))
        XCTAssertEqual(card.attribute("data-default"), "true")
        XCTAssertEqual(card.text(".//dt[.='地址']/following-sibling::dd"), "上海市徐汇区 漕溪北路 1 号")
        XCTAssertNil(card.node(".//dt[.='邮政编码']"))
    }

    func testMakingAnotherAddressTheDefault() throws {
        try add(home)
        try add(home.merging(["recipient": "韩梅梅"]) { $1 })
        let list = try client.get("/me/addresses")
        let ids = try addressIDs()
        let form = try list.document().form(action: "/me/addresses/\(ids[1])/default")
        XCTAssertEqual(try list.document().text("//li[@data-address='\(ids[1])']//form//button"), "设为默认")
        let changed = try client.submit(form, from: list)
        XCTAssertEqual(changed.redirects, ["/me/addresses?default=1"])
        let document = try changed.document()
        XCTAssertEqual(document.text("//p[@role='status']"), "默认地址已更新。")
        XCTAssertEqual(document.nodes("//li[@data-default='true']").compactMap { $0.attribute("data-address") }, [ids[1]])
        XCTAssertEqual(document.nodes("//li[@data-address]//h2").map(\.text), ["韩梅梅 默认", "李雷"], "the default is listed first")
        XCTAssertNotNil(document.node("//li[@data-address='\(ids[0])']//form[@action='/me/addresses/\(ids[0])/default']"))
    }

    func testDeletingGoesThroughAConfirmationPage() throws {
        try add(home)
        try add(home.merging(["recipient": "韩梅梅"]) { $1 })
        let ids = try addressIDs()
        let list = try client.get("/me/addresses")
        let confirmation = try client.get(try XCTUnwrap(list.document().node("//li[@data-address='\(ids[1])']//a[.='删除']")?.attribute("href")))
        let document = try confirmation.document()
        XCTAssertEqual(document.text("//h1"), "删除收货地址")
        XCTAssertEqual(document.text("//p[@class='lead']"), "确定要删除收货人为“韩梅梅”的地址吗？")
        XCTAssertNil(document.node("//p[@class='hint']"), "not the default")
        XCTAssertEqual(try addressIDs().count, 2, "showing the confirmation deletes nothing")
        let deleted = try client.submit(try document.form(action: "/me/addresses/\(ids[1])/delete"), from: confirmation)
        XCTAssertEqual(deleted.redirects, ["/me/addresses?deleted=1"])
        let after = try deleted.document()
        XCTAssertEqual(after.text("//p[@role='status']"), "收货地址已删除。")
        XCTAssertEqual(after.nodes("//li[@data-address]//h2").map(\.text), ["李雷 默认"])
        XCTAssertEqual(try client.get("/me/addresses/\(ids[1])/edit").status, .notFound)
        XCTAssertEqual(try client.get("/me/addresses/\(ids[1])/delete").status, .notFound)
    }

    func testDeletingTheDefaultMakesTheOldestRemainingOneDefault() throws {
        for name in ["甲", "乙", "丙"] { try add(home.merging(["recipient": name]) { $1 }) }
        var ids = try addressIDs()
        // Make 丙 the default, then delete it: 甲 (the oldest of the others) takes over, not 乙.
        let list = try client.get("/me/addresses")
        _ = try client.submit(try list.document().form(action: "/me/addresses/\(ids[2])/default"), from: list)
        ids = try addressIDs()
        XCTAssertEqual(try defaultRecipient(), "丙")
        let confirmation = try client.get("/me/addresses/\(ids[0])/delete")
        XCTAssertEqual(
            try confirmation.document().text("//p[@class='hint']"),
            "这是您的默认地址。删除后，其余地址中最早添加的一个将成为默认地址。")
        XCTAssertEqual(try confirmation.document().node("//dl[@data-address]")?.attribute("data-default"), "true")
        _ = try client.submit(try confirmation.document().form(action: "/me/addresses/\(ids[0])/delete"), from: confirmation)
        XCTAssertEqual(try defaultRecipient(), "甲")
        XCTAssertEqual(try client.get("/me/addresses").document().nodes("//li[@data-address]//h2").map(\.text), ["甲 默认", "乙"])

        for id in try addressIDs() {
            let page = try client.get("/me/addresses/\(id)/delete")
            _ = try client.submit(try page.document().form(action: "/me/addresses/\(id)/delete"), from: page)
        }
        XCTAssertEqual(try addressIDs(), [])
        try add(home.merging(["recipient": "丁"]) { $1 })
        XCTAssertEqual(try defaultRecipient(), "丁", "the first address after deleting all is the default again")
    }

    func testAtMostTwentyAddresses() throws {
        for index in 1...20 {
            XCTAssertEqual(try add(home.merging(["recipient": "收货人\(index)"]) { $1 }).status, .ok)
        }
        let list = try client.get("/me/addresses").document()
        XCTAssertEqual(list.count("//li[@data-address]"), 20)
        XCTAssertEqual(list.count("//li[@data-default='true']"), 1)
        XCTAssertNil(list.node("//a[@href='/me/addresses/new']"))
        let limit = "最多可保存 20 个收货地址。请先删除一个再添加。"
        XCTAssertEqual(list.text("//p[contains(@class, 'form-notice')]"), limit)
        XCTAssertEqual(try client.get("/me/addresses/new").document().text("//p[@role='alert']"), limit)
        let response = try add(home)
        XCTAssertEqual(response.status, .unprocessableContent)
        let document = try response.document()
        XCTAssertEqual(document.text("//p[@role='alert']"), limit)
        XCTAssertEqual(try document.form(action: "/me/addresses").value("recipient"), "李雷")
        XCTAssertEqual(try addressIDs().count, 20)
    }

    // MARK: Who may see what

    func testAnotherUsersAddressesAreNotFound() throws {
        try add(home)
        let mine = try addressIDs()
        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "wang_fang", name: "王芳",
                certificateNumber: AccountFixtures.residentID(sequence: "482"),
                mobile: "13700002222", gender: "female"), with: other)
        let form = try other.get("/me/addresses/new").document().form(action: "/me/addresses")
        let csrf = try XCTUnwrap(form.value("csrf"))
        let fields = home.merging(["recipient": "王小明"]) { $1 }.map { ($0.key, $0.value) } + [("csrf", csrf)]
        for id in mine + ["abc", "0", "99999", "-1", mine[0] + "x"] {
            XCTAssertEqual(try other.get("/me/addresses/\(id)/edit").status, .notFound, id)
            XCTAssertEqual(try other.get("/me/addresses/\(id)/delete").status, .notFound, id)
            XCTAssertEqual(try other.post("/me/addresses/\(id)", fields: fields).status, .notFound, id)
            XCTAssertEqual(try other.post("/me/addresses/\(id)/delete", fields: [("csrf", csrf)]).status, .notFound, id)
            XCTAssertEqual(try other.post("/me/addresses/\(id)/default", fields: [("csrf", csrf)]).status, .notFound, id)
        }
        XCTAssertEqual(try other.get("/me/addresses").document().count("//li[@data-address]"), 0)
        let myList = try client.get("/me/addresses").document()
        XCTAssertEqual(myList.nodes("//li[@data-address]//h2").map(\.text), ["李雷 默认"])
        XCTAssertEqual(
            try client.get("/me/addresses/\(mine[0])/edit").document().form(action: "/me/addresses/\(mine[0])")
                .value("recipient"), "李雷", "unchanged")
    }

    func testVisitorsAreSentToLogInAndBack() throws {
        try AccountFixtures.logOut(with: client)
        for target in ["/me/addresses", "/me/addresses/new", "/me/addresses/1/edit", "/me/addresses/1/delete"] {
            let response = try client.get(target)
            XCTAssertEqual(response.target, "/login?next=" + PercentEncoding.encode(target))
            XCTAssertEqual(try response.document().text("//h1"), "登录")
        }
        let back = try AccountFixtures.logIn(holder.account, holder.password, from: "/login?next=%2Fme%2Faddresses", with: client)
        XCTAssertEqual(back.target, "/me/addresses")
        try AccountFixtures.logOut(with: client)
        let csrf = try XCTUnwrap(client.get("/login").document().form(action: "/login").value("csrf"))
        for target in ["/me/addresses", "/me/addresses/1", "/me/addresses/1/delete", "/me/addresses/1/default"] {
            let response = try client.post(target, fields: home.map { ($0.key, $0.value) } + [("csrf", csrf)])
            XCTAssertEqual(response.target, "/login?next=%2Fme", target)
        }
    }

    func testPostsWithoutTheCSRFFieldAreRefused() throws {
        try add(home)
        try add(home.merging(["recipient": "韩梅梅"]) { $1 })
        let ids = try addressIDs()
        let fields = home.merging(["recipient": "王小明"]) { $1 }.map { ($0.key, $0.value) }
        for target in ["/me/addresses", "/me/addresses/\(ids[1])", "/me/addresses/\(ids[1])/delete", "/me/addresses/\(ids[1])/default"] {
            let response = try client.post(target, fields: fields + [("csrf", "forged")])
            XCTAssertEqual(response.status, .forbidden, target)
            _ = try response.document()
            XCTAssertEqual(try client.post(target, fields: fields).status, .forbidden, target)
        }
        let list = try client.get("/me/addresses").document()
        XCTAssertEqual(list.nodes("//li[@data-address]//h2").map(\.text), ["李雷 默认", "韩梅梅"])
    }

    func testPagesInEnglish() throws {
        client.defaultHeaders.set("Accept-Language", "en")
        try add(home)
        let document = try client.get("/me/addresses").document()
        XCTAssertEqual(document.text("//h1"), "Delivery addresses")
        XCTAssertEqual(document.text("//li[@data-address]//h2"), "李雷 Default")
        let form = try client.get("/me/addresses/new").document()
        XCTAssertEqual(form.text("//label[@for='field-province']"), "Province")
        XCTAssertEqual(form.text("//option[@value='广东省']"), "Guangdong 广东省")
    }
}

// MARK: - Helpers

extension AddressesTests {
    /// Opens the add form (from the list's link when there is one), fills `values` and submits it;
    /// a value no option offers is sent as a hostile client would.
    @discardableResult
    fileprivate func add(_ values: [String: String]) throws -> TestResponse {
        let list = try client.get("/me/addresses").document()
        let page = try client.get(list.node("//a[@href='/me/addresses/new']")?.attribute("href") ?? "/me/addresses/new")
        var form = try page.document().form(action: "/me/addresses")
        var forced: [String: String] = [:]
        for (name, value) in values {
            do { try form.fill(name, value) } catch { forced[name] = value }
        }
        guard !forced.isEmpty else { return try client.submit(form, from: page) }
        return try client.post("/me/addresses", fields: form.fields.map { ($0.name, forced[$0.name] ?? $0.value) })
    }

    /// The ids of the listed addresses, in order.
    fileprivate func addressIDs() throws -> [String] {
        try client.get("/me/addresses").document().nodes("//li[@data-address]").compactMap { $0.attribute("data-address") }
    }

    /// The recipient of the address marked default on the list.
    fileprivate func defaultRecipient() throws -> String? {
        try client.get("/me/addresses").document().node("//li[@data-default='true']//h2")?.text
            .replacingOccurrences(of: " 默认", with: "")
    }
}
