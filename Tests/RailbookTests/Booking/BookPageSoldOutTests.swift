import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The book page of a class with nothing left to sell on its stretch says so as it opens, with
/// what the traveller can do instead — the waitlist, standing once it is sold, another class of the
/// train, the other trains of the day — and no form to fill in only to be refused.
final class BookPageSoldOutTests: XCTestCase {
    private var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    func testASoldOutClassSaysSoAtOnceWithTheWaitlistAnotherClassAndTheOtherTrains() throws {
        let client = try BookingFixtures.traveller()
        let runID = try runID(client)
        let path = "/book?run=\(runID)&from=AAA&to=CCC&class=second"
        let open = try client.get(path).document()
        XCTAssertNil(open.node("//div[@data-sold-out]"), "seats are left: no notice")
        XCTAssertNotNil(open.node("//form[@action='/orders']"))

        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .second, from: 0, to: 2)
        try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: .business, from: 1, to: 2)
        let page = try client.get(path)
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        let notice = try XCTUnwrap(document.node("//div[@data-sold-out='second']"), "the page says so as it opens")
        XCTAssertEqual(notice.text("./p"), "已售完：本区间该席别没有余票。")
        let leg = "run=\(runID)&from=AAA&to=CCC"
        XCTAssertEqual(notice.node(".//a[@data-waitlist]")?.attribute("href"), "/waitlist/new?\(leg)&class=second")
        XCTAssertEqual(notice.text(".//a[@data-waitlist]"), "候补该车次")
        XCTAssertEqual(
            notice.nodes(".//a[@data-class]").map { $0.attribute("data-class") ?? "" }, ["first"],
            "first class has seats; business is sold out on the way")
        XCTAssertEqual(notice.node(".//a[@data-class='first']")?.attribute("href"), "/book?\(leg)&class=first")
        XCTAssertEqual(notice.text(".//a[@data-class='first']"), "改订一等座（¥444）")
        let otherTrains = try XCTUnwrap(notice.node(".//a[@data-other-trains]")?.attribute("href"))
        XCTAssertEqual(otherTrains, "/search?from=AAA&to=CCC&date=\(tomorrow)")
        XCTAssertNil(document.node("//form[@action='/orders']"), "no form to fill in only to be refused")
        XCTAssertNil(document.node("//p[@class='book-trip__standing']"))

        let waitlist = try client.get("/waitlist/new?\(leg)&class=second")
        XCTAssertEqual(waitlist.target, "/waitlist/new?\(leg)&class=second", "the class is sold out for the waitlist too")
        XCTAssertNotNil(try waitlist.document().node("//form[@action='/waitlist']"))
        let first = try client.get("/book?\(leg)&class=first").document()
        XCTAssertNil(first.node("//div[@data-sold-out]"))
        XCTAssertNotNil(first.node("//form[@action='/orders']"))
        let results = try client.get(otherTrains).document()
        XCTAssertEqual(results.node("//li[@data-train='G101']//li[@data-class='second']")?.attribute("data-seats"), "0")

        _ = try client.get("/language/en?back=/")
        let english = try client.get(path).document()
        XCTAssertEqual(english.text("//div[@data-sold-out]/p"), "Sold out: no seats are left in this class on this stretch.")
        XCTAssertEqual(english.text("//div[@data-sold-out]//a[@data-class='first']"), "Book First class instead (¥444)")
    }

    func testOnceEverySeatIsGoneASoldOutClassOffersStanding() throws {
        let client = try BookingFixtures.traveller()
        let runID = try runID(client)
        for seatClass in [SeatClass.business, .first, .second] {
            try TimetableFixtures.sellAll(client.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
        let document = try client.get("/book?run=\(runID)&from=AAA&to=CCC&class=second").document()
        let notice = try XCTUnwrap(document.node("//div[@data-sold-out='second']"))
        XCTAssertNotNil(notice.node(".//a[@data-waitlist]"))
        XCTAssertEqual(notice.nodes(".//a[@data-class]").map { $0.attribute("data-class") ?? "" }, ["standing"])
        let standing = try XCTUnwrap(notice.node(".//a[@data-class='standing']")?.attribute("href"))
        XCTAssertEqual(standing, "/book?run=\(runID)&from=AAA&to=CCC&class=standing")
        XCTAssertEqual(notice.text(".//a[@data-class='standing']"), "改订无座（¥276）")

        let standingPage = try client.get(standing).document()
        XCTAssertNil(standingPage.node("//div[@data-sold-out]"), "standing is on sale")
        XCTAssertNotNil(standingPage.node("//p[@class='book-trip__standing']"))
        XCTAssertNotNil(standingPage.node("//form[@action='/orders']"))
    }

    func testTheStandingPageSaysWhileSeatsAreLeftThatStandingIsNotSoldYet() throws {
        let client = try BookingFixtures.traveller()
        let runID = try runID(client)
        let document = try client.get("/book?run=\(runID)&from=AAA&to=CCC&class=standing").document()
        let notice = try XCTUnwrap(document.node("//div[@data-sold-out='standing']"))
        XCTAssertEqual(notice.text("./p"), "该区间仍有座位，无座票只在座位售完后发售，请选择有座席别。")
        XCTAssertNil(notice.node(".//a[@data-waitlist]"), "no waitlist for standing")
        XCTAssertEqual(notice.nodes(".//a[@data-class]").map { $0.attribute("data-class") ?? "" }, ["business", "first", "second"])
        XCTAssertNotNil(notice.node(".//a[@data-other-trains]"))
        XCTAssertNil(document.node("//p[@class='book-trip__standing']"), "the hint would say the seats are sold out")
        XCTAssertNil(document.node("//form[@action='/orders']"))
    }

    func testStandingSoldOutTooSaysSoWithTheOtherTrainsAndNoWaitlist() throws {
        let admin = try BookingFixtures.traveller()
        _ = try admin.application.database.write { try $0.run("UPDATE users SET authority = 'admin' WHERE account = 'li_lei'") }
        let trainID = try XCTUnwrap(admin.application.railway.timetable.train(number: "G101")?.id)
        let edit = try admin.get("/admin/trains/\(trainID)/edit")
        var quota = try edit.document().form(action: "/admin/trains/\(trainID)/standing")
        try quota.fill("standing_quota", "1")
        XCTAssertEqual(try admin.submit(quota, from: edit).status, .ok)
        let runID = try runID(admin)
        for seatClass in [SeatClass.business, .first, .second] {
            try TimetableFixtures.sellAll(admin.application, runID: runID, seatClass: seatClass, from: 0, to: 2)
        }
        let path = "/book?run=\(runID)&from=AAA&to=CCC&class=standing"
        let stood = try BookingFixtures.book(try admin.get(path), passengers: [try BookingFixtures.holderID(admin)], with: admin)
        XCTAssertTrue(stood.target.hasPrefix("/orders/E"), "the one place is sold: \(stood.target)")

        let other = try WaitlistFixtures.member("han_mm", name: "韩梅梅", sequence: "224", mobile: "13900000001", on: admin.application)
        let document = try other.get(path).document()
        let notice = try XCTUnwrap(document.node("//div[@data-sold-out='standing']"))
        XCTAssertEqual(notice.text("./p"), "已售完：本区间的无座票也已售完。")
        XCTAssertNil(notice.node(".//a[@data-waitlist]"), "no waitlist for standing")
        XCTAssertEqual(notice.nodes(".//a[@data-class]").count, 0, "nothing else left on this train")
        XCTAssertEqual(notice.node(".//a[@data-other-trains]")?.attribute("href"), "/search?from=AAA&to=CCC&date=\(tomorrow)")
        XCTAssertNil(document.node("//form[@action='/orders']"))
    }

    private func runID(_ client: TestClient) throws -> Int64 {
        try TimetableFixtures.runID(client.application, train: "G101", date: tomorrow)
    }
}
