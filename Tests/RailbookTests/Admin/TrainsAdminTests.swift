import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class TrainsAdminTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }
    private let newStops = "AAA - 13:00 0\nCCC 14:30 14:32 500\nDDD 23:50 00:10+1 900\nBBB 01:00+1 - 1000"

    /// 李雷 on the small network, made an administrator.
    private func makeAdmin() throws -> TestClient {
        let client = try BookingFixtures.traveller()
        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        return client
    }

    private func trainID(_ number: String, _ client: TestClient) throws -> Int64 {
        try XCTUnwrap(client.application.railway.timetable.train(number: number)?.id)
    }

    private func search(_ from: String, _ to: String, _ client: TestClient) throws -> HTMLDocument {
        try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(tomorrow)").document()
    }

    private func addTrain(_ values: [String: String], with client: TestClient) throws -> TestResponse {
        let page = try client.get("/admin/trains/new")
        var form = try page.document().form(action: "/admin/trains")
        for (name, value) in values { try form.fill(name, value) }
        return try client.submit(form, from: page)
    }

    /// Submits the edit page's form posting to `/admin/trains/:id/<part>` with `values`.
    private func editTrain(_ number: String, _ part: String, _ values: [String: String], with client: TestClient) throws -> TestResponse {
        let id = try trainID(number, client)
        let page = try client.get("/admin/trains/\(id)/edit")
        var form = try page.document().form(action: "/admin/trains/\(id)/\(part)")
        for (name, value) in values { try form.fill(name, value) }
        return try client.submit(form, from: page)
    }

    private func latestAudit(_ client: TestClient) throws -> AuditLog.Entry {
        try XCTUnwrap(try client.application.database.read { try AuditLog.recent(limit: 1, in: $0) }.first)
    }

    func testOnlyAdministratorsReachTheTrainPagesAndActions() throws {
        let admin = try makeAdmin()
        let id = try trainID("D301", admin)
        try AdminFixtures.assertAdminOnly("/admin/trains", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/trains/new", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/trains/\(id)/edit", admin: admin)
        let user = try WaitlistFixtures.member("wang_w", name: "王伟", sequence: "301", mobile: "13700000001", on: admin.application)
        let userToken = try XCTUnwrap(try user.get("/me").document().form(action: "/logout").value("csrf"))
        let visitor = TestClient(application: admin.application)
        let visitorToken = try XCTUnwrap(try visitor.get("/login").document().form(action: "/login").value("csrf"))
        for (client, token) in [(user, userToken), (visitor, visitorToken)] {
            XCTAssertEqual(
                try client.post(
                    "/admin/trains",
                    fields: [
                        ("csrf", token), ("number", "G999"), ("stops", newStops),
                        ("layout", "standard"),
                    ]
                ).status, .notFound)
            XCTAssertEqual(
                try client.post("/admin/trains/\(id)/stops", fields: [("csrf", token), ("stops", "BBB - 11:00 0\nDDD 13:00 - 400")]).status,
                .notFound)
            XCTAssertEqual(
                try client.post("/admin/trains/\(id)/coaches", fields: [("csrf", token), ("layout", "custom"), ("coaches", "1 second 10")]).status,
                .notFound)
            XCTAssertEqual(
                try client.post(
                    "/admin/trains/\(id)/fares",
                    fields: [
                        ("csrf", token), ("fare_from", "BBB"), ("fare_to", "CCC"),
                        ("fare_class", "second"), ("fare_price", "1"),
                    ]
                ).status, .notFound)
        }
        XCTAssertNil(admin.application.railway.timetable.train(number: "G999"))
        XCTAssertEqual(admin.application.railway.timetable.train(number: "D301")?.coaches.count, 8)
        XCTAssertTrue(try admin.application.database.read { try AuditLog.recent(limit: 5, in: $0) }.isEmpty)
        XCTAssertEqual(try admin.get("/admin/trains/99999/edit").status, .notFound)
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/trains']"))
    }

    func testTheListShowsEachTrainsRoute() throws {
        let document = try makeAdmin().get("/admin/trains").document()
        XCTAssertEqual(document.nodes("//tr[@data-train]").compactMap { $0.attribute("data-train") }, ["D301", "G101", "G103", "K201"])
        XCTAssertEqual(document.text("//tr[@data-train='K201']/td[3]"), "甲城 → 丁城")
        XCTAssertEqual(document.text("//tr[@data-train='K201']/td[4]"), "3")
    }

    func testAnAddedTrainIsSoldInTheWindowAndAudited() throws {
        let admin = try makeAdmin()
        let list = try addTrain(["number": "k555", "stops": newStops, "layout": "standard"], with: admin)
        let listErrors = try list.document().nodes("//p[@class='field-error']").map(\.text).joined()
        XCTAssertEqual(list.status, .ok, listErrors)
        XCTAssertNotNil(try list.document().node("//tr[@data-train='K555']"))
        let results = try search("甲城", "丁城", admin)
        XCTAssertNotNil(results.node("//li[@data-train='K555']"))
        XCTAssertNotNil(results.node("//li[@data-train='K555']//li[@data-class='hard_sleeper']"))
        let lastDay = admin.application.railway.presaleWindow(today: admin.application.clock.today()).upperBound
        XCTAssertNotNil(try TimetableFixtures.runID(admin.application, train: "K555", date: lastDay))
        let entry = try latestAudit(admin)
        XCTAssertEqual(entry.action, "train.create")
        XCTAssertEqual(entry.subject, "train K555")
        XCTAssertTrue(entry.after.contains("DDD 23:50 00:10+1 900"), entry.after)

        let custom = try addTrain(
            [
                "number": "G777", "stops": "AAA - 06:00 0\nCCC 07:00 - 600", "layout": "custom",
                "coaches": "1 first 10\n2 second 20",
            ], with: admin)
        XCTAssertEqual(custom.status, .ok)
        let seats = try search("甲城", "丙城", admin).node("//li[@data-train='G777']//li[@data-class='second']")?.attribute("data-seats")
        XCTAssertEqual(seats, "20")
    }

    func testImpossibleTimetablesAreRefusedNamingTheLine() throws {
        let admin = try makeAdmin()
        let cases: [(String, String)] = [
            ("AAA - 13:00 0", "至少需要两个停站"),
            ("AAA - 13:00 0\nBBB 12:00 - 300", "第 2 行：时间倒退了"),
            ("AAA - 13:00 0\nBBB 14:00 13:50 300\nCCC 15:00 - 600", "第 2 行：时间倒退了"),
            ("AAA - 13:00 0\nBBB 14:00 14:02 300\nAAA 15:00 - 600", "第 3 行：该站已在本车次中"),
            ("AAA - 13:00 0\nBBB 14:00 14:02 300\nCCC 15:00 - 300", "第 3 行：里程必须大于上一站"),
            ("AAA - 13:00 0\n\nXYZ 14:00 - 300", "第 3 行：没有电报码为 XYZ 的车站"),
            ("AAA - 13:00 0\nBBB 14:00 300", "第 2 行：请写"),
            ("AAA - 13:00 0\nBBB 25:00 - 300", "第 2 行：请写"),
            ("AAA 12:00 13:00 0\nBBB 14:00 - 300", "第 1 行：只有始发站"),
            ("AAA - 13:00 0\nBBB 14:00 14:02 300\nCCC 15:00 15:05 600", "第 3 行：只有始发站"),
        ]
        for (stops, message) in cases {
            let response = try addTrain(["number": "G888", "stops": stops, "layout": "standard"], with: admin)
            XCTAssertEqual(response.status, .unprocessableContent, stops)
            let document = try response.document()
            let error = document.text("//p[@id='field-stops-error']") ?? ""
            XCTAssertTrue(error.contains(message), "\(stops): \(error)")
            XCTAssertEqual(
                try document.form(action: "/admin/trains").value("stops"), stops.replacingOccurrences(of: "\n", with: "\r\n"), "values kept")
        }
        let badNumber = try addTrain(["number": "X1", "stops": newStops, "layout": "standard"], with: admin)
        XCTAssertEqual(badNumber.status, .unprocessableContent)
        XCTAssertNotNil(try badNumber.document().node("//p[@id='field-number-error']"))
        let taken = try addTrain(["number": "G101", "stops": newStops, "layout": "standard"], with: admin)
        XCTAssertEqual(taken.status, .unprocessableContent)
        XCTAssertTrue(try taken.document().text("//p[@id='field-number-error']")?.contains("已存在") == true)
        let badCoaches = try addTrain(["number": "G888", "stops": newStops, "layout": "custom", "coaches": "1 second 20\n1 first 10"], with: admin)
        XCTAssertEqual(badCoaches.status, .unprocessableContent)
        XCTAssertTrue(try badCoaches.document().text("//p[@id='field-coaches-error']")?.contains("第 2 行") == true)
        let noCoaches = try addTrain(["number": "G888", "stops": newStops, "layout": "custom", "coaches": "1 lounge 20"], with: admin)
        XCTAssertTrue(try noCoaches.document().text("//p[@id='field-coaches-error']")?.contains("第 1 行") == true)
        XCTAssertNil(admin.application.railway.timetable.train(number: "G888"))
        XCTAssertTrue(try admin.application.database.read { try AuditLog.recent(limit: 5, in: $0) }.isEmpty)
    }

    func testEditingStopsAndCoachesOfATrainWithoutSales() throws {
        let admin = try makeAdmin()
        let stopsPage = try editTrain("D301", "stops", ["stops": "BBB - 11:00 0\nCCC 12:30 12:32 300\nDDD 14:00 - 500"], with: admin)
        XCTAssertEqual(stopsPage.status, .ok)
        XCTAssertEqual(stopsPage.redirects.last?.hasSuffix("/edit?saved=stops"), true)
        XCTAssertNotNil(try search("乙城", "丁城", admin).node("//li[@data-train='D301']"))
        XCTAssertEqual(try latestAudit(admin).action, "train.stops")

        let coachesPage = try editTrain("D301", "coaches", ["layout": "custom", "coaches": "1 first 10\n2 second 30"], with: admin)
        XCTAssertEqual(coachesPage.status, .ok)
        XCTAssertEqual(
            try coachesPage.document().form(action: "/admin/trains/\(try trainID("D301", admin))/coaches").value("coaches"),
            "1 first 10\n2 second 30")
        let second = try search("乙城", "丙城", admin).node("//li[@data-train='D301']//li[@data-class='second']")
        XCTAssertEqual(second?.attribute("data-seats"), "30")
        let entry = try latestAudit(admin)
        XCTAssertEqual(entry.action, "train.coaches")
        XCTAssertEqual(entry.subject, "train D301")
        XCTAssertEqual(entry.after, "1 first 10 | 2 second 30")

        let bad = try editTrain("D301", "coaches", ["layout": "custom", "coaches": "1 first 0"], with: admin)
        XCTAssertEqual(bad.status, .unprocessableContent)
        XCTAssertTrue(try bad.document().text("//p[@id='field-coaches-error']")?.contains("第 1 行") == true)
        let badStops = try editTrain("D301", "stops", ["stops": "BBB - 11:00 0\nCCC 10:30 - 300"], with: admin)
        XCTAssertEqual(badStops.status, .unprocessableContent)
        XCTAssertTrue(try badStops.document().text("//p[@id='field-stops-error']")?.contains("第 2 行") == true)

        let standard = try editTrain("D301", "coaches", ["layout": "standard"], with: admin)
        XCTAssertEqual(standard.status, .ok)
        XCTAssertEqual(admin.application.railway.timetable.train(number: "D301")?.coaches, CoachLayout.standard(for: .bulletTrain))
    }

    func testStopsAndCoachesCannotChangeWhileTicketsAreSold() throws {
        let admin = try makeAdmin()
        let order = try BookingFixtures.book(
            try BookingFixtures.bookPage(with: admin), passengers: [try BookingFixtures.holderID(admin)], with: admin)
        XCTAssertTrue(order.target.hasPrefix("/orders/"), order.target)
        let before = admin.application.railway.timetable.train(number: "G101")
        let coaches = try editTrain("G101", "coaches", ["layout": "custom", "coaches": "1 second 10"], with: admin)
        XCTAssertEqual(coaches.status, .conflict)
        XCTAssertTrue(try coaches.document().text("//p[@role='alert']")?.contains("未修改") == true)
        let stops = try editTrain("G101", "stops", ["stops": "AAA - 08:00 0\nCCC 10:00 - 600"], with: admin)
        XCTAssertEqual(stops.status, .conflict)
        XCTAssertEqual(admin.application.railway.timetable.train(number: "G101")?.coaches, before?.coaches)
        XCTAssertEqual(admin.application.railway.timetable.train(number: "G101")?.stops, before?.stops)
        XCTAssertTrue(try admin.application.database.read { try AuditLog.recent(limit: 5, in: $0) }.isEmpty)
    }

    func testAFixedFareReplacesTheDistanceFareInSearch() throws {
        let admin = try makeAdmin()
        let price = "//li[@data-train='G101']//li[@data-class='second']/span[@class='trip__price']"
        XCTAssertEqual(try search("甲城", "丙城", admin).text(price), "¥276")
        let page = try editTrain("G101", "fares", ["fare_from": "AAA", "fare_to": "CCC", "fare_class": "second", "fare_price": "199.5"], with: admin)
        XCTAssertEqual(page.status, .ok)
        XCTAssertNotNil(try page.document().node("//li[@data-fare='AAA-CCC']"))
        XCTAssertEqual(try search("甲城", "丙城", admin).text(price), "¥199.5")
        let entry = try latestAudit(admin)
        XCTAssertEqual(entry.action, "train.fare")
        XCTAssertEqual(entry.before, "¥276")
        XCTAssertEqual(entry.after, "¥199.5")
        for (values, field) in [
            (["fare_price": "199.3"], "fare_price"), (["fare_price": "0"], "fare_price"),
            (["fare_from": "CCC", "fare_to": "AAA"], "fare_to"),
        ] {
            let all = ["fare_from": "AAA", "fare_to": "CCC", "fare_class": "second", "fare_price": "100"].merging(values) { $1 }
            let refused = try editTrain("G101", "fares", all, with: admin)
            XCTAssertEqual(refused.status, .unprocessableContent, "\(values)")
            XCTAssertNotNil(try refused.document().node("//p[@id='field-\(field.replacingOccurrences(of: "_", with: "-"))-error']"), "\(values)")
        }
        XCTAssertEqual(try search("甲城", "丙城", admin).text(price), "¥199.5")
    }
}
