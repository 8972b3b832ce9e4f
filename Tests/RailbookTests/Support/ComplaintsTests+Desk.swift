import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The service desk's side of complaints: staff replies, status changes, who may use them.
extension ComplaintsTests {
    func testTheDeskRepliesAndResolvesAndResolvedIsFinal() throws {
        let number = try complaintNumber(try file(delay))
        let admin = try administrator()
        let deskPage = try admin.get("/complaints/" + number)
        let desk = try deskPage.document()
        XCTAssertEqual(try thread(desk).map(\.name), ["旅客"], "staff see the customer as such")
        XCTAssertNil(desk.node("//form[@action='/complaints/\(number)/replies']"), "staff do not reply as the customer")
        var staffForm = try desk.form(action: "/complaints/\(number)/staff-reply")
        XCTAssertEqual(staffForm.controlNames, ["csrf", "text"])

        let empty = try admin.submit(staffForm, from: deskPage)
        XCTAssertEqual(empty.status, .unprocessableContent)
        XCTAssertEqual(try empty.document().text("//p[@id='staff-reply-text-error']"), "请填写不超过 2000 个字的留言。")

        try staffForm.fill("text", "您好，已核实晚点情况，将为您办理补偿。")
        let answered = try admin.submit(staffForm, from: deskPage)
        XCTAssertEqual(answered.redirects, ["/complaints/\(number)?staff_replied=1"])
        XCTAssertEqual(try answered.document().text("//p[@role='status']"), "答复已发送。")

        let customerView = try client.get("/complaints/" + number).document()
        XCTAssertEqual(customerView.node("//section[@data-complaint]")?.attribute("data-status"), "in_progress", "a staff reply takes it up")
        XCTAssertEqual(
            try thread(customerView),
            [
                Message(author: "customer", name: "您", text: "G101 晚点两个小时，\n车上没有任何广播说明。"),
                Message(author: "staff", name: "铁路客服", text: "您好，已核实晚点情况，将为您办理补偿。"),
            ])
        XCTAssertEqual(customerView.count("//li[contains(@class,'complaint-message--staff')]"), 1, "staff messages are styled apart")
        XCTAssertEqual(try client.get("/complaints").document().node("//li[@data-complaint='\(number)']")?.attribute("data-status"), "in_progress")

        let statusPage = try admin.get("/complaints/" + number)
        var statusForm = try statusPage.document().form(action: "/complaints/\(number)/status")
        XCTAssertEqual(statusForm.value("status"), "in_progress")
        try statusForm.fill("status", "resolved")
        let resolved = try admin.submit(statusForm, from: statusPage)
        XCTAssertEqual(resolved.redirects, ["/complaints/\(number)?status_changed=1"])
        let closed = try resolved.document()
        XCTAssertEqual(closed.node("//section[@data-complaint]")?.attribute("data-status"), "resolved")
        XCTAssertNil(closed.node("//form[@action='/complaints/\(number)/staff-reply']"), "no desk forms once resolved")

        let final = try client.get("/complaints/" + number).document()
        XCTAssertNil(final.node("//form[@action='/complaints/\(number)/replies']"), "resolved is final")
        XCTAssertEqual(final.node("//p[contains(@class,'complaint__final')]/a")?.attribute("href"), "/complaints/new?order=" + orderNumber)
        let refused = try reply("还是没有收到补偿。", to: number)
        XCTAssertEqual(refused.status, .conflict)
        let refusedPage = try refused.document()
        XCTAssertEqual(refusedPage.text("//p[@role='alert']"), "该投诉已处理完结，不能再补充。请重新提交投诉。")
        XCTAssertEqual(refusedPage.node("//section[@data-complaint]")?.attribute("data-status"), "resolved", "not reopened")

        let token = try XCTUnwrap(try admin.get("/complaints").document().form(action: "/logout").value("csrf"))
        XCTAssertEqual(try admin.post("/complaints/\(number)/staff-reply", fields: [("csrf", token), ("text", "补充说明。")]).status, .conflict)
        let reopen = try admin.post("/complaints/\(number)/status", fields: [("csrf", token), ("status", "in_progress")])
        XCTAssertEqual(reopen.status, .conflict)
        _ = try reopen.document()
        XCTAssertEqual(try stored().first?.messages, 2)
        XCTAssertEqual(try stored().first?.status, "resolved")
    }

    func testTheDeskRefusesToMoveAComplaintBackToSubmitted() throws {
        let number = try complaintNumber(try file(delay))
        let admin = try administrator()
        let token = try XCTUnwrap(try admin.get("/complaints/" + number).document().form(action: "/logout").value("csrf"))
        for status in ["submitted", "closed", ""] {
            let refused = try admin.post("/complaints/\(number)/status", fields: [("csrf", token), ("status", status)])
            XCTAssertEqual(refused.status, .unprocessableContent, status)
            XCTAssertEqual(try refused.document().text("//p[@role='alert']"), "请选择“处理中”或“已处理”。")
        }
        XCTAssertEqual(try stored().first?.status, "submitted")
    }

    func testStaffRoutesAre404ForEveryoneButAdministrators() throws {
        let number = try complaintNumber(try file(delay))
        let token = try XCTUnwrap(try client.get("/complaints/" + number).document().form(action: "/logout").value("csrf"))
        for (path, fields) in [("staff-reply", [("text", "我自己答复自己。")]), ("status", [("status", "resolved")])] {
            let response = try client.post("/complaints/\(number)/\(path)", fields: [("csrf", token)] + fields)
            XCTAssertEqual(response.status, .notFound, path)
            _ = try response.document()
        }
        XCTAssertEqual(try stored().first?.status, "submitted")
        XCTAssertEqual(try stored().first?.messages, 1)
    }

    func testTheDeskAPIChecksItsCaller() throws {
        let number = try complaintNumber(try file(delay))
        let database = client.application.database
        let (complaintID, customerID) = try database.read { db in
            let row = try XCTUnwrap(try db.queryOne("SELECT id, user_id FROM complaints WHERE number = ?", [number]))
            return (try row.int64("id"), try row.int64("user_id"))
        }
        XCTAssertThrowsError(
            try database.write {
                try ComplaintDesk.reply(complaintID: complaintID, staffUserID: customerID, text: "冒充客服。", now: ChinaTime.now(), in: $0)
            }
        ) { XCTAssertEqual($0 as? ComplaintError, .notStaff) }
        _ = try administrator()
        let staffID = try database.read { try $0.queryOne("SELECT id FROM users WHERE authority = 'admin'")!.int64("id") }
        XCTAssertThrowsError(
            try database.write {
                try ComplaintDesk.setStatus(complaintID: complaintID, to: .submitted, staffUserID: staffID, now: ChinaTime.now(), in: $0)
            }
        ) { XCTAssertEqual($0 as? ComplaintError, .statusNotAllowed) }
        XCTAssertThrowsError(
            try database.write {
                try ComplaintDesk.reply(complaintID: 999_999, staffUserID: staffID, text: "不存在。", now: ChinaTime.now(), in: $0)
            }
        ) { XCTAssertEqual($0 as? ComplaintError, .notFound) }
        XCTAssertTrue(
            try database.write {
                try ComplaintDesk.setStatus(complaintID: complaintID, to: .inProgress, staffUserID: staffID, now: ChinaTime.now(), in: $0)
            })
        XCTAssertFalse(
            try database.write {
                try ComplaintDesk.setStatus(complaintID: complaintID, to: .inProgress, staffUserID: staffID, now: ChinaTime.now(), in: $0)
            }, "already in progress")
    }
}

/// The desk's answers and status changes are recorded in the audit log, readable in both languages.
extension ComplaintsTests {
    func testDeskRepliesAndStatusChangesAreInTheAuditLog() throws {
        let number = try complaintNumber(try file(delay))
        let admin = try administrator()
        let page = try admin.get("/complaints/" + number)
        var reply = try page.document().form(action: "/complaints/\(number)/staff-reply")
        try reply.fill("text", "您好，已核实晚点情况。")
        let answered = try admin.submit(reply, from: page)
        var status = try answered.document().form(action: "/complaints/\(number)/status")
        try status.fill("status", "resolved")
        _ = try admin.submit(status, from: answered)

        let entries = try admin.application.database.read { try AuditLog.recent(limit: 10, actionPrefix: "complaint.", in: $0) }
        XCTAssertEqual(entries.map(\.action), ["complaint.status", "complaint.reply"])
        XCTAssertEqual(entries.map(\.subject), ["complaint \(number)", "complaint \(number)"])
        XCTAssertEqual(entries.map(\.before), ["status=in_progress", "status=submitted"])
        XCTAssertEqual(entries.map(\.after), ["status=resolved", "status=in_progress"])
        let audit = try admin.get("/admin/audit").document()
        XCTAssertEqual(audit.text("//tr[@data-action='complaint.status']/td[3]"), "投诉状态")
        XCTAssertEqual(audit.text("//tr[@data-action='complaint.status']/td[4]"), "投诉 \(number)")
        XCTAssertEqual(audit.text("//tr[@data-action='complaint.status']/td[6]"), "状态：已解决")
        _ = try admin.get("/language/en?back=/admin/audit")
        let english = try admin.get("/admin/audit").document()
        XCTAssertEqual(english.text("//tr[@data-action='complaint.reply']/td[5]"), "status: submitted")
        XCTAssertEqual(english.text("//tr[@data-action='complaint.reply']/td[4]"), "complaint \(number)")
    }
}
