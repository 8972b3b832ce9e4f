import HTMLTesting
import HTTP
import Railbook
import XCTest

/// The gender given must match a resident ID number's 17th digit (odd: male, even: female), at
/// registration and on every profile change of the document or the gender.
final class GenderRuleTests: XCTestCase {
    private var client: TestClient!
    /// 17th digit 3: a man's number.
    private let person = AccountFixtures.Person()

    override func setUpWithError() throws {
        client = try TestSite.makeClient()
    }

    func testRegistrationRefusesAGenderTheResidentIDContradicts() throws {
        var woman = person
        woman.gender = "female"
        let refused = try AccountFixtures.register(woman, with: client)
        XCTAssertEqual(refused.status, .unprocessableContent)
        let document = try refused.document()
        XCTAssertEqual(document.text("//p[@id='field-gender-error']"), "性别与身份证号码不符（第 17 位为奇数是男性，偶数是女性）。")
        XCTAssertEqual(document.count("//p[@class='field-error']"), 1)
        XCTAssertNil(client.cookies["session"], "nothing registered")
        XCTAssertEqual(try AccountFixtures.register(person, with: client).target, "/me")
    }

    func testAPassportHolderChoosesFreely() throws {
        let page = try client.get("/register")
        var form = try page.document().form(action: "/register")
        for (name, value) in [
            "account": "tom_lee", "password": person.password, "password_confirmation": person.password, "name": "Tom Lee",
            "certificate_type": "passport", "certificate_number": "E12345678", "mobile": person.mobile, "gender": "female",
        ] {
            try form.fill(name, value)
        }
        XCTAssertEqual(try client.submit(form, from: page).target, "/me")
        XCTAssertEqual(try client.submitProfile(["gender": "male"]).0.redirects, ["/me?saved=1"])
    }

    func testTheProfileKeepsGenderAndDocumentInStep() throws {
        try AccountFixtures.register(person, with: client)
        let (wrongGender, document) = try client.submitProfile(["gender": "female"])
        XCTAssertEqual(wrongGender.status, .unprocessableContent)
        XCTAssertEqual(document.text("//p[@id='field-gender-error']"), "性别与身份证号码不符（第 17 位为奇数是男性，偶数是女性）。")

        let womansNumber = AccountFixtures.residentID(region: "310104", birth: "19851120", sequence: "246")
        let (wrongDocument, _) = try client.submitProfile(["certificate_number": womansNumber, "current_password": person.password])
        XCTAssertEqual(wrongDocument.status, .unprocessableContent, "a new number must match the gender too")
        let (both, _) = try client.submitProfile([
            "certificate_number": womansNumber, "gender": "female",
            "current_password": person.password,
        ])
        XCTAssertEqual(both.redirects, ["/me?saved=1"])
    }
}
