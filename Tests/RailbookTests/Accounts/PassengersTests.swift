import HTMLTesting
import HTTP
import Railbook
import XCTest

/// Saved passengers (常用联系人) at `/me/passengers`, driven as a user through the pages.
final class PassengersTests: XCTestCase {
    private var client: TestClient!
    private let holder = AccountFixtures.Person()
    /// A child with a resident ID, the passenger most tests add.
    private let child: [String: String] = [
        "name": "韩梅梅", "certificate_type": "resident_id",
        "certificate_number": AccountFixtures.residentID(region: "310104", birth: "20150601", sequence: "246"),
        "passenger_type": "child", "mobile": "",
    ]

    override func setUpWithError() throws {
        client = try TimetableFixtures.client()
        try AccountFixtures.register(holder, with: client)
    }

    // MARK: Listing and adding

    func testTheListShowsTheAccountHolderFirstWithMaskedDocuments() throws {
        let page = try client.get("/me").document()
        let list = try client.get(try XCTUnwrap(page.node("//a[span[@class='hub-tile__label']='常用联系人']")?.attribute("href")))
        XCTAssertEqual(list.target, "/me/passengers")
        let document = try list.document()
        XCTAssertEqual(document.text("//h1"), "常用联系人")
        XCTAssertEqual(document.count("//li[@data-passenger]"), 1)
        let card = try XCTUnwrap(document.node("//li[@data-passenger][1]"))
        XCTAssertEqual(card.text(".//h2"), "李雷 本人")
        XCTAssertEqual(card.text(".//dt[.='证件号码']/following-sibling::dd"), "1101**********" + String(holder.certificateNumber.suffix(4)))
        XCTAssertEqual(card.text(".//dt[.='手机号码']/following-sibling::dd"), "138****5678")
        XCTAssertEqual(card.text(".//dt[.='旅客类型']/following-sibling::dd"), "成人")
        XCTAssertNotNil(card.node(".//a[@href='/me/edit']"))
        XCTAssertEqual(card.count(".//a[contains(@href, '/me/passengers/')]"), 0, "the holder is neither edited nor deleted here")
        XCTAssertNil(document.node("//*[contains(., '\(holder.certificateNumber)') or contains(., '13812345678')]"))
        XCTAssertEqual(document.text("//p[@class='passenger-summary']"), "已保存：1/15（含本人）")
    }

    func testAddingAPassengerLandsOnTheListShowingThemMasked() throws {
        let response = try add(child.merging(["mobile": "13900001111"]) { $1 })
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.redirects, ["/me/passengers?saved=1"])
        let document = try response.document()
        XCTAssertEqual(document.text("//p[@role='status']"), "乘车人已保存。")
        XCTAssertEqual(document.nodes("//li[@data-passenger]//h2").map(\.text), ["李雷 本人", "韩梅梅"])
        let card = try XCTUnwrap(document.node("//li[@data-passenger][2]"))
        XCTAssertEqual(card.text(".//dt[.='旅客类型']/following-sibling::dd"), "儿童")
        XCTAssertEqual(card.text(".//dt[.='证件类型']/following-sibling::dd"), "中国居民身份证")
        XCTAssertEqual(card.text(".//dt[.='证件号码']/following-sibling::dd"), "3101**********" + String(child["certificate_number"]!.suffix(4)))
        XCTAssertEqual(card.text(".//dt[.='手机号码']/following-sibling::dd"), "139****1111")
        XCTAssertNil(document.node("//*[contains(., '\(child["certificate_number"]!)') or contains(., '13900001111')]"))
        let id = try XCTUnwrap(card.attribute("data-passenger"))
        XCTAssertNotNil(card.node(".//a[@href='/me/passengers/\(id)/edit']"))
        XCTAssertNotNil(card.node(".//a[@href='/me/passengers/\(id)/delete']"))
    }

    func testASuccessfulPostAnswers303() throws {
        let page = try client.get("/me/passengers/new")
        var form = try page.document().form(action: "/me/passengers")
        for (name, value) in child { try form.fill(name, value) }
        let body = Array(try form.submission().urlencoded.utf8)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let response = try client.send(.post, "/me/passengers", headers: headers, body: body, followRedirects: false)
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers["Location"], "/me/passengers?saved=1")
    }

    func testTheFormHasLabelledFieldsInOrder() throws {
        let form = try client.get("/me/passengers/new").document().form(action: "/me/passengers")
        XCTAssertEqual(
            form.controlNames,
            [
                "csrf", "name", "certificate_type", "certificate_number", "passenger_type", "birth_date", "mobile",
                "school", "enrolment_year", "home_city", "school_city",
            ])
        XCTAssertEqual(form.value("passenger_type"), "adult")
    }

    func testEachBadInputShowsAMessageNextToTheFieldAndKeepsTheValues() throws {
        let cases: [(values: [String: String], field: String, message: String)] = [
            (["name": "  "], "name", "请填写证件上的姓名。"),
            (
                ["certificate_number": String(child["certificate_number"]!.dropLast()) + "0"], "certificate_number",
                "身份证号码无效：请检查 18 位号码、出生日期和最后一位校验码。"
            ),
            (["certificate_type": "passport", "certificate_number": "E12"], "certificate_number", "护照号码为 5–17 位字母和数字。"),
            (["mobile": "2390000111"], "mobile", "手机号码为以 1 开头的 11 位数字。"),
            (["certificate_number": holder.certificateNumber, "passenger_type": "adult"], "certificate_number", "已有使用该证件的常用联系人。"),
            (["passenger_type": "senior"], "passenger_type", "请选择旅客类型：成人、儿童或学生。"),
        ]
        for (changes, field, message) in cases {
            let response = try add(child.merging(changes) { $1 })
            XCTAssertEqual(response.status, .unprocessableContent, "\(changes)")
            let document = try response.document()
            let id = "field-" + field.replacingOccurrences(of: "_", with: "-")
            XCTAssertEqual(document.text("//p[@id='\(id)-error']"), message, "\(changes)")
            XCTAssertEqual(document.node("//*[@id='\(id)']")?.attribute("aria-invalid"), "true", field)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong")
            let form = try document.form(action: "/me/passengers")
            XCTAssertEqual(form.value("name"), field == "name" ? "" : "韩梅梅")
            XCTAssertEqual(form.value("certificate_number"), changes["certificate_number"] ?? child["certificate_number"])
            if let mobile = changes["mobile"] { XCTAssertEqual(form.value("mobile"), mobile) }
            if let type = changes["certificate_type"] { XCTAssertEqual(form.value("certificate_type"), type) }
        }
        XCTAssertEqual(try client.get("/me/passengers").document().count("//li[@data-passenger]"), 1, "nothing was saved")
    }

    // MARK: Editing and deleting

    func testEditingAPassenger() throws {
        try add(child)
        let list = try client.get("/me/passengers")
        let editPage = try client.get(try XCTUnwrap(list.document().node("//li[@data-passenger][2]//a[.='编辑']")?.attribute("href")))
        let id = try passengerIDs().last!
        XCTAssertEqual(try editPage.document().text("//h1"), "编辑乘车人")
        var form = try editPage.document().form(action: "/me/passengers/\(id)")
        XCTAssertEqual(form.value("name"), "韩梅梅")
        XCTAssertEqual(form.value("certificate_number"), child["certificate_number"])
        XCTAssertEqual(form.value("passenger_type"), "child")

        try form.fill("mobile", "1390000")
        let invalid = try client.submit(form, from: editPage)
        XCTAssertEqual(invalid.status, .unprocessableContent)
        let retry = try invalid.document()
        XCTAssertEqual(retry.text("//p[@id='field-mobile-error']"), "手机号码为以 1 开头的 11 位数字。")
        form = try retry.form(action: "/me/passengers/\(id)")
        XCTAssertEqual(form.value("mobile"), "1390000")

        try form.fill("name", "韩梅")
        try form.fill("passenger_type", "student")
        for (field, value) in ["school": "甲城小学", "enrolment_year": "2021", "home_city": "乙城", "school_city": "甲城"] {
            try form.fill(field, value)
        }
        try form.fill("mobile", "13900001111")
        let saved = try client.submit(form, from: invalid)
        XCTAssertEqual(saved.redirects, ["/me/passengers?saved=1"])
        let card = try XCTUnwrap(saved.document().node("//li[@data-passenger='\(id)']"))
        XCTAssertEqual(card.text(".//h2"), "韩梅")
        XCTAssertEqual(card.text(".//dt[.='旅客类型']/following-sibling::dd"), "学生")
        XCTAssertEqual(card.text(".//dt[.='手机号码']/following-sibling::dd"), "139****1111")
    }

    func testEditingCannotTakeAnotherPassengersDocument() throws {
        try add(child)
        let id = try passengerIDs().last!
        let page = try client.get("/me/passengers/\(id)/edit")
        var form = try page.document().form(action: "/me/passengers/\(id)")
        try form.fill("certificate_number", holder.certificateNumber)
        try form.fill("passenger_type", "adult")
        let response = try client.submit(form, from: page)
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(try response.document().text("//p[@id='field-certificate-number-error']"), "已有使用该证件的常用联系人。")
    }

    func testDeletingGoesThroughAConfirmationPage() throws {
        try add(child)
        let list = try client.get("/me/passengers")
        let id = try passengerIDs().last!
        let confirmation = try client.get(try XCTUnwrap(list.document().node("//li[@data-passenger='\(id)']//a[.='删除']")?.attribute("href")))
        let document = try confirmation.document()
        XCTAssertEqual(document.text("//h1"), "删除乘车人")
        XCTAssertEqual(document.text("//p[@class='lead']"), "确定要从常用联系人中删除“韩梅梅”吗？")
        XCTAssertEqual(try passengerIDs().count, 2, "showing the confirmation deletes nothing")
        let deleted = try client.submit(try document.form(action: "/me/passengers/\(id)/delete"), from: confirmation)
        XCTAssertEqual(deleted.redirects, ["/me/passengers?deleted=1"])
        let after = try deleted.document()
        XCTAssertEqual(after.text("//p[@role='status']"), "乘车人已删除。")
        XCTAssertEqual(after.nodes("//li[@data-passenger]//h2").map(\.text), ["李雷 本人"])
        XCTAssertEqual(try client.get("/me/passengers/\(id)/edit").status, .notFound)
        XCTAssertEqual(try client.get("/me/passengers/\(id)/delete").status, .notFound)
    }

    func testAtMostFifteenPassengersIncludingTheHolder() throws {
        for index in 1...14 {
            let number = AccountFixtures.residentID(region: "440305", birth: "19850101", sequence: String(100 + index))
            XCTAssertEqual(
                try add(child.merging(["name": "乘客\(index)", "certificate_number": number, "passenger_type": "adult"]) { $1 }).status,
                .ok)
        }
        let list = try client.get("/me/passengers").document()
        XCTAssertEqual(list.count("//li[@data-passenger]"), 15)
        XCTAssertNil(list.node("//a[@href='/me/passengers/new']"))
        let limit = "最多可保存 15 位乘车人（含本人）。请先删除一位再添加。"
        XCTAssertEqual(list.text("//p[contains(@class, 'form-notice')]"), limit)
        let response = try add(child)
        XCTAssertEqual(response.status, .unprocessableContent)
        let document = try response.document()
        XCTAssertEqual(document.text("//p[@role='alert']"), limit)
        XCTAssertEqual(try document.form(action: "/me/passengers").value("name"), "韩梅梅")
        XCTAssertEqual(try passengerIDs().count, 15)
    }

    // MARK: Who may see what

    func testAnotherUsersPassengersAreNotFound() throws {
        try add(child)
        let mine = try passengerIDs()
        let other = TestClient(application: client.application)
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: "wang_fang", name: "王芳",
                certificateNumber: AccountFixtures.residentID(sequence: "482"),
                mobile: "13700002222", gender: "female"), with: other)
        let theirs = try listedIDs(of: other)
        let form = try other.get("/me/passengers/new").document().form(action: "/me/passengers")
        let csrf = try XCTUnwrap(form.value("csrf"))
        let fields = child.merging(["name": "王小明"]) { $1 }.map { ($0.key, $0.value) } + [("csrf", csrf)]
        for id in mine + ["abc", "0", "99999", "-1", theirs[0] + "x"] {
            XCTAssertEqual(try other.get("/me/passengers/\(id)/edit").status, .notFound, id)
            XCTAssertEqual(try other.get("/me/passengers/\(id)/delete").status, .notFound, id)
            XCTAssertEqual(try other.post("/me/passengers/\(id)", fields: fields).status, .notFound, id)
            XCTAssertEqual(try other.post("/me/passengers/\(id)/delete", fields: [("csrf", csrf)]).status, .notFound, id)
        }
        let otherList = try other.get("/me/passengers").document()
        XCTAssertEqual(otherList.nodes("//li[@data-passenger]//h2").map(\.text), ["王芳 本人"])
        XCTAssertNil(otherList.node("//*[contains(., '韩梅梅') or contains(., '李雷') or contains(., '王小明')]"))
        XCTAssertEqual(try client.get("/me/passengers/\(theirs[0])/edit").status, .notFound)
        let myList = try client.get("/me/passengers").document()
        XCTAssertEqual(myList.nodes("//li[@data-passenger]//h2").map(\.text), ["李雷 本人", "韩梅梅"])
    }

    func testTheAccountHolderCannotBeEditedOrDeletedHere() throws {
        let holderID = try XCTUnwrap(passengerIDs().first)
        let csrf = try XCTUnwrap(client.get("/me/passengers/new").document().form(action: "/me/passengers").value("csrf"))
        XCTAssertEqual(try client.get("/me/passengers/\(holderID)/edit").status, .notFound)
        XCTAssertEqual(try client.get("/me/passengers/\(holderID)/delete").status, .notFound)
        let fields = child.map { ($0.key, $0.value) } + [("csrf", csrf)]
        XCTAssertEqual(try client.post("/me/passengers/\(holderID)", fields: fields).status, .notFound)
        XCTAssertEqual(try client.post("/me/passengers/\(holderID)/delete", fields: [("csrf", csrf)]).status, .notFound)
        let list = try client.get("/me/passengers").document()
        XCTAssertEqual(list.nodes("//li[@data-passenger]//h2").map(\.text), ["李雷 本人"])
    }

    func testVisitorsAreSentToLogInAndBack() throws {
        try AccountFixtures.logOut(with: client)
        for target in ["/me/passengers", "/me/passengers/new", "/me/passengers/1/edit", "/me/passengers/1/delete"] {
            let response = try client.get(target)
            XCTAssertEqual(response.target, "/login?next=" + PercentEncoding.encode(target))
            XCTAssertEqual(try response.document().text("//h1"), "登录")
        }
        let back = try AccountFixtures.logIn(holder.account, holder.password, from: "/login?next=%2Fme%2Fpassengers", with: client)
        XCTAssertEqual(back.target, "/me/passengers")
        try AccountFixtures.logOut(with: client)
        let page = try client.get("/login")
        let csrf = try XCTUnwrap(page.document().form(action: "/login").value("csrf"))
        let response = try client.post("/me/passengers", fields: child.map { ($0.key, $0.value) } + [("csrf", csrf)])
        XCTAssertEqual(response.target, "/login?next=%2Fme")
    }

    func testPostsWithoutTheCSRFFieldAreRefused() throws {
        try add(child)
        let id = try passengerIDs().last!
        let fields = child.merging(["name": "王小明", "certificate_number": "E12345678", "certificate_type": "passport"]) { $1 }
            .map { ($0.key, $0.value) }
        for target in ["/me/passengers", "/me/passengers/\(id)", "/me/passengers/\(id)/delete"] {
            let response = try client.post(target, fields: fields + [("csrf", "forged")])
            XCTAssertEqual(response.status, .forbidden, target)
            _ = try response.document()
            XCTAssertEqual(try client.post(target, fields: fields).status, .forbidden, target)
        }
        XCTAssertEqual(try client.get("/me/passengers").document().nodes("//li[@data-passenger]//h2").map(\.text), ["李雷 本人", "韩梅梅"])
    }

    func testPagesInEnglish() throws {
        client.defaultHeaders.set("Accept-Language", "en")
        try add(child)
        let document = try client.get("/me/passengers").document()
        XCTAssertEqual(document.text("//h1"), "Saved passengers")
        XCTAssertEqual(document.nodes("//li[@data-passenger]//h2").map(\.text), ["李雷 You", "韩梅梅"])
        XCTAssertEqual(document.text("//li[@data-passenger][2]//dt[.='Passenger type']/following-sibling::dd"), "Child")
        let form = try client.get("/me/passengers/new").document()
        XCTAssertEqual(form.text("//label[@for='field-passenger-type']"), "Passenger type")
    }
}

// MARK: - Helpers

extension PassengersTests {
    /// Opens the add form (from the list's link when there is one), fills `values` and submits it;
    /// a value no option offers is sent as a hostile client would.
    @discardableResult
    fileprivate func add(_ values: [String: String]) throws -> TestResponse {
        let list = try client.get("/me/passengers").document()
        let page = try client.get(list.node("//a[@href='/me/passengers/new']")?.attribute("href") ?? "/me/passengers/new")
        var form = try page.document().form(action: "/me/passengers")
        var forced: [String: String] = [:]
        for (name, value) in values {
            do { try form.fill(name, value) } catch { forced[name] = value }
        }
        guard !forced.isEmpty else { return try client.submit(form, from: page) }
        return try client.post("/me/passengers", fields: form.fields.map { ($0.name, forced[$0.name] ?? $0.value) })
    }

    /// The ids of the listed passengers, in order.
    fileprivate func passengerIDs() throws -> [String] {
        try listedIDs(of: client)
    }

    /// The ids of the passengers `client`'s user sees listed, in order.
    fileprivate func listedIDs(of client: TestClient) throws -> [String] {
        try client.get("/me/passengers").document().nodes("//li[@data-passenger]").compactMap { $0.attribute("data-passenger") }
    }
}
