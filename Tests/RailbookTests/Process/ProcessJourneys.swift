import Foundation
import HTMLTesting
import HTTP
import Railbook
import XCTest

/// What a traveller does on the demo network of a real `railbook serve`, through its pages only:
/// find a train from 北京南 to 上海虹桥, book it, pay, shop. Nothing here reads the database.
enum ProcessJourneys {
    /// The train, class and seats left that a results page shows for a trip.
    struct Offer: Equatable {
        let train: String
        let seatClass: String
        let seats: Int
        let bookHref: String
    }

    /// Tomorrow in China, the day tests book for.
    static var tomorrow: CivilDate { ChinaTime.today().adding(days: 1) }

    /// The results page of 北京南 → 上海虹桥 on `date`.
    static func results(on date: CivilDate = tomorrow, with client: TestClient) throws -> TestResponse {
        let results = try client.get("/search?from=VNP&to=AOH&date=\(date)")
        XCTAssertEqual(results.status, .ok)
        return results
    }

    /// The first bookable offer of second class on the results page (or of `train` when given).
    static func offer(_ results: TestResponse, train: String? = nil) throws -> Offer {
        let trainTest = train.map { "[@data-train='\($0)']" } ?? ""
        let item = try XCTUnwrap(
            try results.document().node("(//li[@data-train]\(trainTest)//li[@data-class='second'][a[contains(@href, '/book')]])[1]"),
            "no bookable second-class seat on \(results.target)")
        let trainItem = try XCTUnwrap(item.node("ancestor::li[@data-train][1]"))
        return Offer(
            train: try XCTUnwrap(trainItem.attribute("data-train")), seatClass: "second",
            seats: try XCTUnwrap(Int(item.attribute("data-seats") ?? "")), bookHref: try XCTUnwrap(item.node("a")?.attribute("href")))
    }

    /// Seats left in second class on `train` tomorrow, as the results page says now.
    static func seatsLeft(on train: String, with client: TestClient) throws -> Int {
        try offer(try results(with: client), train: train).seats
    }

    /// Books `offer` for the account holder alone; returns the unpaid order's page.
    static func book(_ offer: Offer, with client: TestClient) throws -> TestResponse {
        let page = try client.get(offer.bookHref)
        let order = try client.submit(try page.document().form(action: "/orders"), from: page)
        XCTAssertTrue(order.target.hasPrefix("/orders/E"), "booking did not open an order: \(order.target) \(order.status)")
        return order
    }

    /// Pays the order on `page` through Railbook Pay; returns the order page the provider returns to.
    static func pay(_ page: TestResponse, with client: TestClient) throws -> TestResponse {
        let provider = try client.submit(try page.document().form(action: page.target + "/pay"), from: page)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), provider.target)
        return try confirm(provider, with: client)
    }

    /// Presses "confirm" on a Railbook Pay page.
    static func confirm(_ provider: TestResponse, with client: TestClient) throws -> TestResponse {
        try client.submit(try provider.document().form(action: provider.target + "/confirm"), from: provider)
    }

    /// The `data-status` of the order (ticket or shop order) on a page.
    static func status(_ page: TestResponse) throws -> String? {
        try page.document().node("//section[@data-order]")?.attribute("data-status")
    }

    /// Saves a Beijing delivery address through the addresses form.
    static func addAddress(with client: TestClient) throws {
        let page = try client.get("/me/addresses/new")
        var form = try page.document().form(action: "/me/addresses")
        for (field, value) in [
            ("recipient", "李雷"), ("phone", "13812345678"), ("province", "北京市"), ("city", "北京市"),
            ("district", "朝阳区"), ("detail", "建国路 88 号"), ("postcode", "100022"),
        ] {
            try form.fill(field, value)
        }
        let saved = try client.submit(form, from: page)
        XCTAssertEqual(saved.redirects.first, "/me/addresses?saved=1")
    }

    /// Puts the first product of specialty shop `code` in the cart, checks out to the saved address
    /// and pays; returns the shop order's page.
    static func paidSpecialtyOrder(_ code: String = "hangzhou-longjing", with client: TestClient) throws -> TestResponse {
        let shop = try client.get("/shop/" + code)
        let withCart = try client.submit(try shop.document().form("(//form[contains(@class, 'add-form')])[1]"), from: shop)
        let link = try XCTUnwrap(try withCart.document().node("//section[@id='cart']//a[@data-checkout]")?.attribute("href"))
        let checkout = try client.get(link)
        let provider = try client.submit(try checkout.document().form(action: checkout.target), from: checkout)
        XCTAssertTrue(provider.target.hasPrefix("/pay/"), "checkout did not lead to Railbook Pay: \(provider.target)")
        let order = try confirm(provider, with: client)
        XCTAssertTrue(order.target.hasPrefix("/shop/orders/S"), order.target)
        return order
    }

    /// Polls `target` every half second until its order shows `status`, for at most `timeout`
    /// seconds; returns the page and when the status was first seen.
    static func waitForStatus(
        _ status: String, at target: String, timeout: Double,
        with client: TestClient
    ) throws -> (page: TestResponse, seenAt: Date) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var page = try client.get(target)
        while try self.status(page) != status {
            guard Date() < deadline else {
                throw TimeoutError(description: "\(target) still shows '\(try self.status(page) ?? "nothing")' after \(timeout) s, not '\(status)'")
            }
            usleep(500_000)
            page = try client.get(target)
        }
        return (page, Date())
    }
}

/// Something a process test waited for did not happen in time.
struct TimeoutError: Error, CustomStringConvertible {
    let description: String
}
