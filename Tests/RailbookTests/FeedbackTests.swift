import HTMLTesting
import HTTP
import Railbook
import Storage
import XCTest

/// Feedback (意见反馈) at `/feedback`, sent by visitors and by users through the form.
final class FeedbackTests: XCTestCase {
    private var client: TestClient!
    private let suggestion: [String: String] = [
        "category": "suggestion", "text": "希望能在车票页面显示站台信息。", "contact": "li.lei@example.com",
    ]

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
    }

    func testTheFooterLinksToTheFormWithLabelledFields() throws {
        let home = try client.get("/").document()
        let page = try client.get(try XCTUnwrap(home.node("//footer//a[.='意见反馈']")?.attribute("href")))
        XCTAssertEqual(page.target, "/feedback")
        let document = try page.document()
        XCTAssertEqual(document.text("//h1"), "意见反馈")
        let form = try document.form(action: "/feedback")
        XCTAssertEqual(form.method, "POST")
        XCTAssertEqual(form.controlNames, ["csrf", "category", "text", "contact"])
        XCTAssertEqual(form.value("category"), "")
        XCTAssertEqual(form.value("contact"), "", "a visitor's contact starts empty")
        XCTAssertEqual(
            document.nodes("//select[@name='category']/option").compactMap { $0.attribute("value") },
            ["", "suggestion", "website_problem", "praise", "other"])
        XCTAssertEqual(document.nodes("//select[@name='category']/option").map(\.text), ["请选择…", "建议", "网站问题", "表扬", "其他"])
        XCTAssertEqual(document.text("//label[@for='field-contact']"), "邮箱或手机号码 （选填）")
        XCTAssertEqual(document.node("//textarea[@name='text']")?.attribute("maxlength"), "2000")
    }

    func testAVisitorSendsFeedbackAndSeesTheThankYouPage() throws {
        let response = try send(suggestion)
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.redirects, ["/feedback?sent=1"])
        let document = try response.document()
        XCTAssertEqual(document.text("//h1"), "感谢您的反馈")
        XCTAssertEqual(document.text("//p[@role='status']"), "感谢您的反馈，我们已收到。如您留下了联系方式，我们会尽快回复。")
        XCTAssertNotNil(document.node("//a[@href='/feedback']"))
        XCTAssertEqual(
            try stored(),
            [
                Stored(
                    userID: nil, category: "suggestion", text: "希望能在车票页面显示站台信息。",
                    contact: "li.lei@example.com", status: "new")
            ])
    }

    func testASuccessfulPostAnswers303() throws {
        let page = try client.get("/feedback")
        var form = try page.document().form(action: "/feedback")
        for (name, value) in suggestion { try form.fill(name, value) }
        let body = Array(try form.submission().urlencoded.utf8)
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let response = try client.send(.post, "/feedback", headers: headers, body: body, followRedirects: false)
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers["Location"], "/feedback?sent=1")
    }

    func testAUsersFormStartsWithTheirMobileAndTheFeedbackIsTheirs() throws {
        try AccountFixtures.register(with: client)
        let page = try client.get("/feedback")
        XCTAssertEqual(try page.document().form(action: "/feedback").value("contact"), "13812345678")
        let response = try send(["category": "praise", "text": "改签流程很顺畅，谢谢！\r\n第二行。"])
        XCTAssertEqual(response.redirects, ["/feedback?sent=1"])
        let userID = try client.application.database.read { try $0.queryOne("SELECT id FROM users")!.int64("id") }
        XCTAssertEqual(
            try stored(),
            [
                Stored(
                    userID: userID, category: "praise", text: "改签流程很顺畅，谢谢！\n第二行。",
                    contact: "13812345678", status: "new")
            ])
    }

    func testTheContactMayBeEmptyOrAMobileNumberWithSpaces() throws {
        try send(suggestion.merging(["contact": ""]) { $1 })
        try send(suggestion.merging(["category": "other", "contact": " 139 0000 1111 "]) { $1 })
        XCTAssertEqual(try stored().map(\.contact), ["", "13900001111"])
    }

    func testEachBadInputShowsAMessageNextToTheFieldAndKeepsTheValues() throws {
        let contactMessage = "请填写邮箱地址或以 1 开头的 11 位手机号码，也可以不填。"
        let cases: [(values: [String: String], field: String, message: String)] = [
            (["category": ""], "category", "请选择反馈类型。"),
            (["category": "complaint"], "category", "请选择反馈类型。"),
            (["text": "太慢了"], "text", "请填写 10–2000 个字的反馈内容。"),
            (["text": "  一二三四五六七八九  "], "text", "请填写 10–2000 个字的反馈内容。"),
            (["text": String(repeating: "长", count: 2001)], "text", "请填写 10–2000 个字的反馈内容。"),
            (["contact": "li.lei@example"], "contact", contactMessage),
            (["contact": "li lei@example.com"], "contact", contactMessage),
            (["contact": "@example.com"], "contact", contactMessage),
            (["contact": "a@b@example.com"], "contact", contactMessage),
            (["contact": "2381234567"], "contact", contactMessage),
            (["contact": "1381234567"], "contact", contactMessage),
        ]
        for (changes, field, message) in cases {
            let values = suggestion.merging(changes) { $1 }
            let response = try send(values)
            XCTAssertEqual(response.status, .unprocessableContent, "\(changes)")
            let document = try response.document()
            XCTAssertEqual(document.text("//p[@id='field-\(field)-error']"), message, "\(changes)")
            XCTAssertEqual(document.node("//*[@id='field-\(field)']")?.attribute("aria-invalid"), "true", field)
            XCTAssertEqual(document.count("//p[@class='field-error']"), 1, "only \(field) is wrong: \(changes)")
            let form = try document.form(action: "/feedback")
            for (name, value) in values where name != field {
                XCTAssertEqual(form.value(name), value, "\(name) kept when \(field) is wrong")
            }
            if field != "category" {
                XCTAssertEqual(form.value(field), values[field]!.trimmingCharacters(in: .whitespaces), "\(field) kept")
            }
        }
        XCTAssertEqual(try stored().count, 0, "nothing was stored")
    }

    func testTheTextMayBeExactlyTenOrTwoThousandCharacters() throws {
        try send(suggestion.merging(["text": "一二三四五六七八九十"]) { $1 })
        try send(suggestion.merging(["text": String(repeating: "长", count: 2000)]) { $1 })
        XCTAssertEqual(try stored().map(\.text.count), [10, 2000])
    }

    func testAVisitorMaySendFiveInTenMinutes() throws {
        for index in 1...5 {
            XCTAssertEqual(
                try send(suggestion.merging(["text": "第 \(index) 条建议：请增加夜间车次。"]) { $1 }).redirects,
                ["/feedback?sent=1"], "submission \(index)")
        }
        let refused = try send(suggestion.merging(["text": "第 6 条建议：请增加夜间车次。"]) { $1 })
        XCTAssertEqual(refused.status, .tooManyRequests)
        let document = try refused.document()
        XCTAssertEqual(
            document.text("//p[@role='alert']"),
            "提交过于频繁：最多可提交 5 条反馈（每 10 分钟内）。请 10 分钟后再试，您填写的内容已保留。")
        XCTAssertEqual(try document.form(action: "/feedback").value("text"), "第 6 条建议：请增加夜间车次。")
        XCTAssertEqual(try stored().count, 5)

        let fresh = TestClient(application: client.application)
        XCTAssertEqual(try send(suggestion, with: fresh).status, .tooManyRequests, "a new browser at the same address counts too")

        client.application.wait(seconds: 240)
        let stillRefused = try send(suggestion)
        XCTAssertEqual(
            try stillRefused.document().text("//p[@role='alert']"),
            "提交过于频繁：最多可提交 5 条反馈（每 10 分钟内）。请 6 分钟后再试，您填写的内容已保留。")
        client.application.wait(seconds: 400)
        XCTAssertEqual(try send(suggestion).redirects, ["/feedback?sent=1"], "ten minutes later")
    }

    func testAUserIsCountedByAccountNotByAddress() throws {
        for _ in 1...5 { try send(suggestion) }
        XCTAssertEqual(try send(suggestion).status, .tooManyRequests)
        try AccountFixtures.register(with: client)
        for _ in 1...5 { XCTAssertEqual(try send(suggestion).redirects, ["/feedback?sent=1"]) }
        let refused = try send(suggestion)
        XCTAssertEqual(refused.status, .tooManyRequests)
        _ = try refused.document()
        XCTAssertEqual(try stored().count, 10)
    }

    func testPostsWithoutTheCSRFFieldAreRefused() throws {
        let fields = suggestion.map { ($0.key, $0.value) }
        _ = try client.get("/feedback")
        let response = try client.post("/feedback", fields: fields + [("csrf", "forged")])
        XCTAssertEqual(response.status, .forbidden)
        _ = try response.document()
        XCTAssertEqual(try client.post("/feedback", fields: fields).status, .forbidden)
        XCTAssertEqual(try stored().count, 0)
    }

    func testPagesInEnglish() throws {
        client.defaultHeaders.set("Accept-Language", "en")
        let document = try client.get("/feedback").document()
        XCTAssertEqual(document.text("//h1"), "Feedback")
        XCTAssertEqual(document.text("//footer//a[@href='/feedback']"), "Feedback")
        XCTAssertEqual(document.text("//option[@value='website_problem']"), "Problem with the website")
        let response = try send(suggestion.merging(["text": "short"]) { $1 })
        XCTAssertEqual(try response.document().text("//p[@id='field-text-error']"), "Please write 10–2000 characters.")
        XCTAssertEqual(try send(suggestion).document().text("//h1"), "Thank you")
    }
}

// MARK: - Helpers

extension FeedbackTests {
    fileprivate struct Stored: Equatable {
        let userID: Int64?
        let category: String
        let text: String
        let contact: String
        let status: String
    }

    /// Opens the form, fills `values` and submits it; a value no option offers is sent as a hostile client would.
    @discardableResult
    fileprivate func send(_ values: [String: String], with browser: TestClient? = nil) throws -> TestResponse {
        let browser = browser ?? client!
        let page = try browser.get("/feedback")
        var form = try page.document().form(action: "/feedback")
        var forced: [String: String] = [:]
        for (name, value) in values {
            do { try form.fill(name, value) } catch { forced[name] = value }
        }
        guard !forced.isEmpty else { return try browser.submit(form, from: page) }
        return try browser.post("/feedback", fields: form.fields.map { ($0.name, forced[$0.name] ?? $0.value) })
    }

    /// Every stored piece of feedback, oldest first.
    fileprivate func stored() throws -> [Stored] {
        try client.application.database.read { db in
            try db.query("SELECT user_id, category, text, contact, status FROM feedback ORDER BY id").map { row in
                Stored(
                    userID: try row.optionalInt64("user_id"), category: try row.string("category"), text: try row.string("text"),
                    contact: try row.string("contact"), status: try row.string("status"))
            }
        }
    }
}
