import HTMLTesting
import HTTP
import Railbook
import Storage
import XCTest

/// One person adding their first two delivery addresses at once (two tabs): both are saved, the
/// one saved first is the default, the other is not — never two defaults, never a 500.
final class AddressRaceTests: XCTestCase {
    func testTwoFirstAddressesSavedAtOnceMakeOneDefault() throws {
        let client = try TestSite.makeClient()
        try AccountFixtures.register(with: client)
        let application = client.application
        defer { application.shutdown() }
        let tabs = (0..<2).map { _ in
            let tab = TestClient(application: application)
            tab.cookies = client.cookies
            return tab
        }
        let fields = try tabs.enumerated().map { index, tab in
            let form = try tab.get("/me/addresses/new").document().form(action: "/me/addresses")
            let values = [
                "recipient": "李雷", "phone": "13812345678", "province": "北京市", "city": "北京市", "district": "朝阳区",
                "detail": "建国路 \(index + 1) 号", "postcode": "100022",
            ]
            return form.fields.map { ($0.name, values[$0.name] ?? $0.value) }
        }
        // On PostgreSQL new addresses wait behind a held table lock, so both have counted the
        // addresses (none yet) before either is saved.
        let holder = TestDatabase.dialect == .postgresql ? try LockHolder(on: application, "LOCK TABLE addresses IN SHARE MODE") : nil
        nonisolated(unsafe) let shared = (tabs, fields)
        let saves = ThreadGroup(2) { index in (try? shared.0[index].post("/me/addresses", fields: shared.1[index]))?.status.code ?? 0 }
        try holder?.waitForWaiters(2)
        holder?.release()
        XCTAssertEqual(saves.join(), [200, 200], "both saved, no 500")
        let cards = try client.get("/me/addresses").document().nodes("//li[@data-address]")
        XCTAssertEqual(cards.count, 2)
        XCTAssertEqual(cards.compactMap { $0.attribute("data-default") }, ["true"], "one default, listed first")
    }
}
