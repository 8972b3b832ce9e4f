import HTMLTesting
import HTTP
import XCTest

@testable import Railbook

/// A waitlist refunded because its run was cancelled says so, not "no seats by the deadline".
final class WaitlistCancelledRunTests: XCTestCase {
    func testARunCancellationIsGivenAsTheReasonOfTheRefund() throws {
        let booker = try BookingFixtures.traveller()
        _ = try WaitlistFixtures.sellOutAround(seats: 1, booker: booker)
        let waiter = try WaitlistFixtures.member("wang_fang", name: "王芳", sequence: "611", mobile: "13700001111", on: booker.application)
        let waitlist = try WaitlistFixtures.joinAndPay(with: waiter)
        let admin = try ShopOrderFixtures.admin(of: booker)
        let runID = try WaitlistFixtures.runID(booker)
        let confirmation = try admin.get("/admin/runs/\(runID)/cancel")
        _ = try admin.submit(try confirmation.document().form(action: "/admin/runs/\(runID)/cancel"), from: confirmation)

        let page = try waiter.get(waitlist.target).document()
        let section = try XCTUnwrap(page.node("//section[@data-waitlist]"))
        XCTAssertEqual(section.attribute("data-status"), "refunded")
        XCTAssertEqual(section.attribute("data-reason"), "run_cancelled")
        XCTAssertEqual(page.text("//p[@class='waitlist__status']/strong"), "已退款（车次停运）")
        let listed = try waiter.get("/waitlist").document()
        XCTAssertEqual(listed.node("//li[@data-waitlist]")?.attribute("data-reason"), "run_cancelled")
        XCTAssertEqual(listed.text("//li[@data-waitlist]//p[@class='waitlist__status']/strong"), "已退款（车次停运）")
        XCTAssertFalse(listed.node("//li[@data-waitlist]")?.text.contains("截止前未兑现") ?? true)
    }
}
