import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// The book page as a traveller uses it: passenger cards with masked documents, seats picked on a
/// row of the coach, berths with their prices, a folded "add a passenger", the pay-by time after.
final class SeatChoiceTests: XCTestCase {
    private var client: TestClient!

    override func setUpWithError() throws {
        client = try BookingFixtures.traveller()
    }

    func testPassengerCardsShowNameMaskedDocumentAndTypeNeverTheWholeNumber() throws {
        let han = try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: client)
        let page = try BookingFixtures.bookPage(with: client)
        let document = try page.document()
        let card = try XCTUnwrap(document.node("//div[@class='passenger-choice'][@data-passenger='\(han)']"))
        XCTAssertEqual(card.text(".//span[@class='passenger-choice__name']"), "韩梅梅")
        let number = AccountFixtures.residentID(sequence: "224")
        let masked = String(number.prefix(4)) + "**********" + String(number.suffix(4))
        XCTAssertEqual(card.text(".//span[@class='passenger-choice__document']"), "中国居民身份证 " + masked)
        XCTAssertEqual(card.text(".//span[@class='passenger-choice__type']"), "成人")
        XCTAssertFalse(page.text.contains(number), "the whole document number is never on the page")
        XCTAssertNil(card.node(".//input[@name='passenger'][@checked]"), "only the account holder is ticked at first")
        XCTAssertNotNil(document.node("//details[@class='book-new'][not(@open)]/summary"), "adding a passenger is folded")
        XCTAssertNotNil(document.node("//script[@src='/js/book.js']"))
    }

    func testTheSeatMapIsOneRowOfTheCoachPerClass() throws {
        let holder = try BookingFixtures.holderID(client)
        func row(_ seatClass: String) throws -> [String] {
            let document = try BookingFixtures.bookPage(seatClass: seatClass, with: client).document()
            return document.nodes("//div[@data-passenger='\(holder)']//fieldset[@class='seat-map']//div[@class='seat-map__row']/*")
                .map { $0.attribute("class") == "seat-map__aisle" ? "|" : $0.text(".//input/@value") ?? "" }
                .filter { !$0.isEmpty }
        }
        XCTAssertEqual(try row("second"), ["A", "B", "C", "|", "D", "F"])
        XCTAssertEqual(try row("first"), ["A", "C", "|", "D", "F"])
        XCTAssertEqual(try row("business"), ["A", "C", "|", "F"])
    }

    func testTwoPassengersPickSeatsOnTheMapInOneSubmitAndGetThem() throws {
        let holder = try BookingFixtures.holderID(client)
        let han = try BookingFixtures.addPassenger("韩梅梅", sequence: "224", with: client)
        let page = try BookingFixtures.bookPage(with: client)
        let order = try BookingFixtures.book(page, passengers: [holder, han], seats: [holder: "F", han: "D"], with: client)
        XCTAssertEqual(order.target.split(separator: "?").count, 1, "no notice: both picks given (\(order.target))")
        let document = try order.document()
        XCTAssertEqual(try seat(of: "李雷", in: document).suffix(1), "F")
        XCTAssertEqual(try seat(of: "韩梅梅", in: document).suffix(1), "D")
        XCTAssertEqual(document.nodes("//p[@data-pick-missed]").count, 0)
    }

    func testAPickAlreadyTakenIsExplainedOnTheOrderPageWithTheSeatGiven() throws {
        try sellEverySeat(letter: "F", seatClass: .second)
        let holder = try BookingFixtures.holderID(client)
        let page = try BookingFixtures.bookPage(with: client)
        let order = try BookingFixtures.book(page, passengers: [holder], seats: [holder: "F"], with: client)
        let document = try order.document()
        let given = try seat(of: "李雷", in: document)
        XCTAssertNotEqual(given.suffix(1), "F")
        XCTAssertEqual(document.text("//p[@data-pick-missed]"), "您选的F 座已无空位，已为您分配 \(given)。")
    }

    func testTheNewPassengerPicksASeatTooAndAnErrorKeepsEveryPick() throws {
        let holder = try BookingFixtures.holderID(client)
        let page = try BookingFixtures.bookPage(with: client)
        var form = try page.document().form(action: "/orders")
        try form.check("seat_\(holder)", value: "A")
        try form.fill("new_name", "韩梅梅")
        try form.fill("new_certificate_number", "110105199003072240")
        try form.check("new_seat", value: "B")
        let refused = try client.submit(form, from: page)
        XCTAssertEqual(refused.status, .unprocessableContent)
        let document = try refused.document()
        XCTAssertEqual(document.node("//input[@name='seat_\(holder)'][@checked]")?.attribute("value"), "A")
        XCTAssertEqual(document.node("//input[@name='new_seat'][@checked]")?.attribute("value"), "B")
        XCTAssertEqual(document.node("//input[@name='new_name']")?.attribute("value"), "韩梅梅")
        XCTAssertNotNil(document.node("//details[@class='book-new'][@open]"), "the typed passenger stays unfolded")

        var fixed = try document.form(action: "/orders")
        try fixed.fill("new_certificate_number", AccountFixtures.residentID(sequence: "224"))
        let order = try client.submit(fixed, from: refused)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), order.target)
        let tickets = try order.document()
        XCTAssertEqual(try seat(of: "李雷", in: tickets).suffix(1), "A")
        XCTAssertEqual(try seat(of: "韩梅梅", in: tickets).suffix(1), "B")
    }

    func testSleeperBerthsCostLowerMoreThanMiddleMoreThanUpperAndTheTotalFollowsThePick() throws {
        let holder = try BookingFixtures.holderID(client)
        let page = try BookingFixtures.bookPage(train: "K201", seatClass: "hard_sleeper", from: "甲城", to: "丁城", with: client)
        let document = try page.document()
        let berths = document.nodes("//div[@data-passenger='\(holder)']//fieldset[@class='berth-choice']//input")
        XCTAssertEqual(berths.compactMap { $0.attribute("value") }, ["lower", "middle", "upper"])
        let prices = document.nodes("//div[@data-passenger='\(holder)']//span[@class='berth-choice__price']").map(\.text)
        // 700 km at ¥0.21: upper ¥147; middle 1.05 times, lower 1.12 times, to ¥0.5.
        XCTAssertEqual(prices, ["¥164.5", "¥154.5", "¥147"])
        XCTAssertEqual(berths.first?.attribute("checked"), "checked", "the lower berth is picked first")
        XCTAssertEqual(document.text("//strong[@data-total]"), "¥164.5")

        var form = try document.form(action: "/orders")
        try form.check("seat_\(holder)", value: "upper")
        let preview = try client.submit(form, button: "preview", from: page)
        XCTAssertEqual(try preview.document().text("//strong[@data-total]"), "¥147", "the total follows the berth")

        let order = try BookingFixtures.book(page, passengers: [holder], seats: [holder: "middle"], with: client)
        let ordered = try order.document()
        XCTAssertEqual(ordered.text("//p[@class='order__total']/strong"), "¥154.5")
        XCTAssertTrue(ordered.text("//p[@class='ticket__seat']")?.contains("中铺") ?? false)
    }

    func testAChangeToASleeperGetsTheUpperBerthItIsPricedAt() throws {
        let paid = try RefundFixtures.paidTicket(train: "K201", seatClass: "soft_sleeper", from: "甲城", to: "丁城", with: client)
        let runID = try TimetableFixtures.runID(client.application, train: "K201", date: ChinaTime.today().adding(days: 3))
        let confirm = try client.get("/tickets/\(paid.ticketID)/change/confirm?run=\(runID)&class=hard_sleeper")
        let done = try client.submit(try confirm.document().form(action: "/tickets/\(paid.ticketID)/change"), from: confirm).document()
        let changed = try XCTUnwrap(done.node("//li[@data-changed-from='\(paid.ticketID)']"))
        XCTAssertEqual(changed.attribute("data-class"), "hard_sleeper")
        XCTAssertEqual(changed.attribute("data-seat")?.suffix(1), "U")
        XCTAssertTrue(changed.text.contains("¥147"), changed.text)
    }

    func testOrderAndPayPagesShowThePayByTimeAndTheListCountsDown() throws {
        let page = try BookingFixtures.bookPage(with: client)
        let order = try BookingFixtures.book(page, with: client)
        let deadline = try PaymentFixtures.order(client).deadline
        let payBy = ChinaMoment(deadline)
        let document = try order.document()
        XCTAssertEqual(document.text("//span[@class='order__pay-by']/time"), payBy.text)
        XCTAssertEqual(document.node("//span[@class='order__pay-by']/time")?.attribute("datetime"), payBy.datetime)
        let provider = try PaymentFixtures.openProvider(order, with: client)
        XCTAssertEqual(try provider.document().text("//dd[@class='pay-by']/time"), payBy.text)

        XCTAssertEqual(
            try client.get("/orders").document().node("//li[@data-status='unpaid']//p[@data-minutes-left]")?.attribute("data-minutes-left"), "30")
        client.application.wait(seconds: 11 * 60)
        let list = try client.get("/orders").document()
        XCTAssertEqual(list.text("//li[@data-status='unpaid']//p[@class='order-row__countdown']"), "剩余 19 分钟支付")
    }

    // MARK: - Helpers

    /// The seat code (`data-seat`) of `passenger`'s ticket on an order page.
    private func seat(of passenger: String, in document: HTMLDocument) throws -> String {
        try XCTUnwrap(document.node("//li[@data-ticket][contains(., '\(passenger)')]")?.attribute("data-seat"))
    }

    /// Sells every seat with `letter` in `seatClass` on tomorrow's G101, the whole route.
    private func sellEverySeat(letter: String, seatClass: SeatClass) throws {
        let application = client.application
        let runID = try TimetableFixtures.runID(application, train: "G101", date: ChinaTime.today().adding(days: 1))
        let letters = seatClass.rowLetters, mask = try SegmentMask(from: 0, to: 2).bits
        try application.database.write { db in
            for row in try db.query("SELECT coach_number, seat_count FROM run_coaches WHERE run_id = ? AND seat_class = ?", [runID, seatClass]) {
                let occupancy = (0..<(try row.int("seat_count"))).map { letters[$0 % letters.count] == letter ? mask : 0 }
                try db.run(
                    "UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?",
                    [OccupancyBlob.encode(occupancy), runID, try row.int64("coach_number")])
            }
        }
        application.railway.inventory.forget(runID: runID)
    }
}
