import Foundation
import HTMLTesting
import HTTP
import Railbook
import XCTest

/// The small train the cluster test sells out: G9901 tomorrow, 北京朝阳 → 承德南 → 辽宁朝阳 → 沈阳, one
/// second-class coach of 10 seats and 2 standing places, added by an administrator through the
/// admin pages (so every server must pick the new timetable up from the database).
struct ClusterTrain: Sendable {
    static let number = "G9901"
    static let telecodes = ["IFP", "IVP", "VET", "SYT"]
    static let seats = 10
    static let standingQuota = 2
    static let stops = "IFP - 13:00 0\nIVP 13:40 13:42 192\nVET 14:28 14:31 415\nSYT 15:28 - 698"

    /// A stretch of the route, by stop index (0 is 北京朝阳).
    struct Stretch: Hashable, Sendable {
        let origin: Int
        let destination: Int
        var from: String { ClusterTrain.telecodes[origin] }
        var to: String { ClusterTrain.telecodes[destination] }
    }

    /// What travellers ask for: overlapping stretches (A→C, B→D, A→D, each holding the middle
    /// segment), and now and then a short one that a seat sold on another short one leaves free.
    static let wishes = [
        Stretch(origin: 0, destination: 2), Stretch(origin: 1, destination: 3), Stretch(origin: 0, destination: 3),
        Stretch(origin: 0, destination: 2), Stretch(origin: 1, destination: 3), Stretch(origin: 0, destination: 3),
        Stretch(origin: 0, destination: 1), Stretch(origin: 2, destination: 3),
    ]

    /// The day it runs.
    let date: CivilDate
    /// The run's id, as its book links name it.
    let runID: Int64

    /// The results page of `stretch` on the train's day.
    func searchPath(_ stretch: Stretch) -> String {
        "/search?from=\(stretch.from)&to=\(stretch.to)&date=\(date)"
    }

    /// The book page of `stretch` in second class, as the results link it.
    func bookPath(_ stretch: Stretch) -> String {
        "/book?run=\(runID)&from=\(stretch.from)&to=\(stretch.to)&class=second"
    }

    /// Adds the train through the admin pages with `admin`, sets its standing quota, and reads the
    /// run from the results page; returns it.
    static func add(with admin: TestClient) throws -> ClusterTrain {
        let page = try admin.get("/admin/trains/new")
        var form = try page.document().form(action: "/admin/trains")
        try form.fill("number", number)
        try form.fill("stops", stops)
        try form.fill("layout", "custom")
        try form.fill("coaches", "1 second \(seats)")
        let list = try admin.submit(form, from: page)
        XCTAssertEqual(list.redirects.first, "/admin/trains?saved=1", "the train was not added: \(list.status) \(list.text.prefix(400))")
        let edit = try XCTUnwrap(try list.document().node("//tr[@data-train='\(number)']//a[contains(@href, '/edit')]")?.attribute("href"))
        let editPage = try admin.get(edit)
        var standing = try editPage.document().form(action: edit.replacingOccurrences(of: "/edit", with: "/standing"))
        try standing.fill("standing_quota", String(standingQuota))
        let saved = try admin.submit(standing, from: editPage)
        XCTAssertEqual(saved.redirects.first, edit + "?saved=standing")

        let date = ChinaTime.today().adding(days: 1)
        let results = try admin.get("/search?from=\(telecodes[0])&to=\(telecodes[3])&date=\(date)")
        let link = try XCTUnwrap(
            try results.document().node("//li[@data-train='\(number)']//li[@data-class='second']/a")?.attribute("href"),
            "the new train is not on sale")
        let run = try XCTUnwrap(link.split(separator: "&").first { $0.contains("run=") }.flatMap { Int64($0.split(separator: "=").last ?? "") })
        return ClusterTrain(date: date, runID: run)
    }

    /// The seats left in second class on `stretch` as `client`'s results page shows them, or nil
    /// when the page does not list the train.
    func seatsShown(_ stretch: Stretch, with client: TestClient) throws -> Int? {
        let item = try client.get(searchPath(stretch)).document()
            .node("//li[@data-train='\(ClusterTrain.number)']//li[@data-class='second']")
        return item.flatMap { Int($0.attribute("data-seats") ?? "") }
    }
}
