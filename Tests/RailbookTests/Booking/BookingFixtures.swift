import HTMLTesting
import HTTP
import Storage
import XCTest

@testable import Railbook

/// A registered traveller on the small test network, and helpers to book as they would.
enum BookingFixtures {
    /// A logged-in client (李雷) on a fresh application with the small network.
    static func traveller() throws -> TestClient {
        let client = try TimetableFixtures.client()
        try AccountFixtures.register(with: client)
        return client
    }

    /// Saves a passenger with a resident ID (born `birth`, `YYYYMMDD`) through the passengers form,
    /// with any `fields` filled in too (student details, another document); returns their id.
    @discardableResult
    static func addPassenger(
        _ name: String, sequence: String, type: String = "adult", birth: String = "19900307",
        fields: [String: String] = [:], with client: TestClient
    ) throws -> Int64 {
        let list = try savePassenger(
            [
                "name": name, "certificate_type": "resident_id",
                "certificate_number": AccountFixtures.residentID(birth: birth, sequence: sequence),
                "passenger_type": type,
            ].merging(fields) { $1 }, with: client)
        XCTAssertEqual(list.redirects, ["/me/passengers?saved=1"], "saved \(name)")
        let node = try XCTUnwrap(list.document().nodes("//*[@data-passenger]").last)
        return try XCTUnwrap(Int64(node.attribute("data-passenger") ?? ""))
    }

    /// Fills the add-passenger form with `fields` and submits it; returns the page it leads to.
    static func savePassenger(_ fields: [String: String], with client: TestClient) throws -> TestResponse {
        let page = try client.get("/me/passengers/new")
        var form = try page.document().form(action: "/me/passengers")
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { try form.fill(name, value) }
        return try client.submit(form, from: page)
    }

    /// Opens the book page from the search results (train, class) for today's 甲城 → 丙城.
    static func bookPage(
        train: String = "G101", seatClass: String = "second", from: String = "甲城", to: String = "丙城",
        date: CivilDate = ChinaTime.today().adding(days: 1), with client: TestClient
    ) throws -> TestResponse {
        let results = try client.get("/search?from=\(PercentEncoding.encode(from))&to=\(PercentEncoding.encode(to))&date=\(date)")
        let link = try XCTUnwrap(results.document().node("//li[@data-train='\(train)']//li[@data-class='\(seatClass)']/a")?.attribute("href"))
        return try client.get(link)
    }

    /// Books from the book page with the passengers ticked (all saved ones when `passengers` is nil).
    @discardableResult
    static func book(
        _ page: TestResponse, passengers: [Int64]? = nil, types: [Int64: String] = [:], seats: [Int64: String] = [:],
        with client: TestClient
    ) throws -> TestResponse {
        var form = try page.document().form(action: "/orders")
        if let passengers {
            for node in try page.document().nodes("//input[@name='passenger']") {
                let id = Int64(node.attribute("value") ?? "") ?? 0
                if passengers.contains(id) {
                    try form.check("passenger", value: String(id))
                } else {
                    try form.uncheck("passenger", value: String(id))
                }
            }
        }
        for (id, type) in types { try form.fill("type_\(id)", type) }
        for (id, seat) in seats { try pickSeat(seat, field: "seat_\(id)", in: &form) }
        return try client.submit(form, from: page)
    }

    /// Picks `seat` as a person would: a seat on the seat map or a berth (radio buttons), else a wish from the list.
    static func pickSeat(_ seat: String, field: String, in form: inout HTMLForm) throws {
        do { try form.check(field, value: seat) } catch FormError.wrongControl { try form.fill(field, seat) }
    }

    /// The passenger id of the client's own account holder (first on their passengers page).
    static func holderID(_ client: TestClient) throws -> Int64 {
        try WaitlistFixtures.holderID(client)
    }
}
