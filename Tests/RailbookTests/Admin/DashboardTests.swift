import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

final class DashboardTests: XCTestCase {
    func testOnlyAdministratorsSeeTheDashboard() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        try AdminFixtures.assertAdminOnly("/admin/dashboard", admin: admin)
        try AdminFixtures.assertAdminOnly("/admin/dashboard?date=2026-12-01", admin: admin)
        XCTAssertNotNil(try admin.get("/admin").document().node("//a[@href='/admin/dashboard']"))
    }

    func testAPaidTicketShowsInTodaysSalesItsTravelDateAndItsTrainsLoad() throws {
        let (client, order) = try PaymentFixtures.bookedOrder()
        _ = try PaymentFixtures.press("confirm", on: try PaymentFixtures.openProvider(order, with: client), with: client)
        let price = try client.application.database.read {
            try $0.queryOne("SELECT price_fen FROM tickets WHERE status = 'issued'")!.int("price_fen")
        }
        _ = try client.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        let tomorrow = ChinaTime.today().adding(days: 1)

        let page = try client.get("/admin/dashboard?date=\(tomorrow)")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        XCTAssertEqual(document.text("//dd[@data-figure='sold-tickets']"), "1")
        XCTAssertEqual(document.text("//dd[@data-figure='sold-revenue']"), Money.format(price))
        XCTAssertEqual(document.text("//dd[@data-figure='open-complaints']"), "0")
        XCTAssertEqual(document.text("//table[@data-table='by-travel-date']//tr[@data-date='\(tomorrow)']/td[1]"), "1")
        XCTAssertEqual(document.text("//table[@data-table='by-travel-date']//tr[@data-date='\(tomorrow)']/td[2]"), Money.format(price))
        XCTAssertEqual(document.text("//table[@data-table='orders-by-status']//tr[@data-status='paid']/td"), "1")
        XCTAssertEqual(document.text("//table[@data-table='orders-by-status']//tr[@data-status='unpaid']/td"), "0")
        let load = try XCTUnwrap(document.node("//table[@data-table='load-by-train']//tr[@data-train='G101']"))
        XCTAssertEqual(load.text("td[1]"), "1")
        XCTAssertGreaterThan(Int(load.text("td[2]") ?? "") ?? 0, 0)

        XCTAssertNotNil(document.node("//figure[@data-chart='revenue-by-travel-date']//path[@class='chart__line']"), "revenue is a line")
        XCTAssertEqual(document.count("//figure[@data-chart='revenue-by-travel-date']//circle"), 15)
        for chart in ["tickets-by-travel-date", "revenue-by-travel-date", "orders-by-status", "load-by-train"] {
            let svg = try XCTUnwrap(document.node("//figure[@data-chart='\(chart)']//svg"), chart)
            XCTAssertEqual(svg.attribute("role"), "img", chart)
            XCTAssertFalse((svg.attribute("aria-label") ?? "").isEmpty, chart)
            XCTAssertFalse(svg.nodes(".//rect | .//circle").isEmpty, chart)
            XCTAssertFalse(svg.nodes(".//path").isEmpty, chart)
        }
        XCTAssertEqual(document.nodes("//table[caption]").count, 3, "each chart's data as a table")
        XCTAssertNil(document.node("//script"))
    }

    func testBadDatesGiveAMessageNotAnError() throws {
        let admin = try AdminFixtures.admin(on: try TestSite.makeClient())
        for bad in ["2026-02-30", "tomorrow", "%E4%BB%8A%E5%A4%A9", "99999-01-01", "2026-1-1"] {
            let page = try admin.get("/admin/dashboard?date=" + bad)
            XCTAssertEqual(page.status, .badRequest, bad)
            XCTAssertNotNil(try page.document().node("//p[@role='alert']"), bad)
        }
        let empty = try admin.get("/admin/dashboard?date=")
        XCTAssertEqual(empty.status, .ok)
        XCTAssertNil(try empty.document().node("//p[@role='alert']"))
    }

    func testChartAxisIsRoundAndBarsScale() {
        let chart = Chart(id: "c", title: "T", bars: [.init(label: "a", value: 7), .init(label: "b", value: 0)], format: { String($0) })
        XCTAssertEqual(chart.axisMaximum, 8)
        XCTAssertEqual(Chart(id: "c", title: "T", bars: [], format: { String($0) }).axisMaximum, 4)
        XCTAssertEqual(Chart(id: "c", title: "T", bars: [.init(label: "a", value: 55_350)], format: { String($0) }).axisMaximum, 80_000)
    }
}
