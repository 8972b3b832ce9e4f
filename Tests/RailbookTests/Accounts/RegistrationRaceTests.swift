import Foundation
import HTMLTesting
import HTTP
import Railbook
import Storage
import XCTest

/// Eight people registering the same account at the same moment: one account is made, the
/// other seven read "account taken" on the form with what they typed, nobody gets a 500.
final class RegistrationRaceTests: XCTestCase {
    func testEightRegistrationsOfOneAccountAtOnceMakeOneAndTellTheOthersItIsTaken() throws {
        let application = try TestSite.makeApplication { $0.passwordWorkers = 8 }
        defer { application.shutdown() }
        let person = AccountFixtures.Person()
        let clients = (0..<8).map { _ in TestClient(application: application) }
        let forms = try clients.map { client in
            let page = try client.get("/register")
            var form = try page.document().form(action: "/register")
            for (name, value) in [
                ("account", person.account), ("password", person.password), ("password_confirmation", person.password),
                ("name", person.name), ("certificate_type", "resident_id"),
                ("certificate_number", person.certificateNumber), ("mobile", person.mobile),
                ("gender", person.gender), ("info", "靠窗"),
            ] {
                try form.fill(name, value)
            }
            return (page, form)
        }
        // On PostgreSQL new sessions wait behind a held table lock, so the registrations check the
        // account (still free to them) and try to insert it before the first commits. The lock is
        // let go once all eight wait, or after 4 s (before the first would give up, at 5 s) when a
        // busy machine is still hashing some passwords: those then find the account taken as usual.
        let holder = TestDatabase.dialect == .postgresql ? try LockHolder(on: application, "LOCK TABLE sessions IN SHARE MODE") : nil
        nonisolated(unsafe) let shared = (clients, forms)
        let registrations = ThreadGroup(clients.count) { index in
            Result { try shared.0[index].submit(shared.1[index].1, from: shared.1[index].0) }
        }
        if let holder {
            try holder.waitForWaiters(8)
            holder.release()
        }
        let results = try registrations.join().map { try $0.get() }
        XCTAssertEqual(results.map(\.status.code).sorted(), [200] + Array(repeating: 422, count: 7), "one in, seven refused, no 500")
        XCTAssertEqual(results.filter { $0.target == "/me" }.count, 1)
        for refused in results where refused.status == .unprocessableContent {
            let document = try refused.document()
            XCTAssertEqual(document.text("//p[@id='field-account-error']"), "该用户名已被使用，请换一个。")
            let form = try document.form(action: "/register")
            XCTAssertEqual(form.value("account"), person.account)
            XCTAssertEqual(form.value("name"), person.name)
            XCTAssertEqual(form.value("certificate_number"), person.certificateNumber)
            XCTAssertEqual(form.value("mobile"), person.mobile)
            XCTAssertEqual(form.value("info"), "靠窗")
        }
        try application.database.read { db in
            XCTAssertEqual(try db.queryOne("SELECT COUNT(*) AS n FROM users WHERE account_key = ?", [person.account])?.int("n"), 1)
            XCTAssertEqual(
                try db.queryOne(
                    "SELECT COUNT(*) AS n FROM passengers WHERE certificate_number = ?",
                    [person.certificateNumber])?.int("n"), 1)
            XCTAssertEqual(try db.queryOne("SELECT COUNT(*) AS n FROM sessions")?.int("n"), 1)
        }
    }
}
